import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { demoMeetingId } from './demo-meeting.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The real-name credential page (§2 /credential, §3 Registrant ID number, §5 ID number valid, ID
 * recognition): a participant types a number with a wrong check digit and is told at once, then
 * photographs a card (a PNG Chromium draws here in Noto CJK, read by the server's real tesseract) which fills
 * name and number, saves, goes back to ?redirect=, and later sees the number masked. Screenshots:
 * the filled form at 390 (en) and 1280 (en), the saved view at 390 (zh) and 1280 (ar).
 */
const phoneNumber = '13900139431';

/** The MOD 11-2 check character (GB 11643) of 17 digits appended: a valid 18-character number. */
function validIdNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += (weights[index] as number) * Number(first17[index]);
  return first17 + ('10X98765432'[sum % 11] as string);
}

/** The front of an ID card drawn by Chromium in Noto Sans CJK (white card, black text) as a PNG. */
async function idCardPng(input: { name: string; number: string }): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 856, height: 540 }, deviceScaleFactor: 1 });
  await page.setContent(
    `<body style="margin:0;background:#fff;font:34px 'Noto Sans CJK SC',sans-serif;color:#111">
<div style="padding:50px 60px;line-height:80px;white-space:pre">姓名  ${input.name}
性别  男   民族  汉
出生  1990年3月7日
住址  北京市朝阳区建国路1号
公民身份号码  ${input.number}</div></body>`,
  );
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}
const [phone, desktop] = viewports;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/login?meeting_id=${demoMeetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phoneNumber);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phoneNumber}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
}

const credentialUrl = (lang: string, redirect?: string) =>
  `${server.url}/#/credential?meeting_id=${demoMeetingId}&lang=${lang}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;

describe('/credential', () => {
  it('checks the number as typed, fills the form from a card photo, saves and shows it masked', async () => {
    const { page, errors } = await openPage(browser, phone);
    await login(page);
    await page.goto(credentialUrl('en', '/my/index'));
    const number = validIdNumber('44030419880812345');
    const wrong = number.slice(0, 17) + (number[17] === '1' ? '2' : '1');
    await page.locator('[data-testid="credential-name"]').fill('王五');
    await page.locator('[data-testid="credential-number"]').fill(wrong);
    await expect
      .poll(() => page.locator('[data-testid="credential-form"]').textContent())
      .toContain('Invalid ID number');
    await page.locator('[data-testid="credential-number"]').fill(number);
    await expect
      .poll(() => page.locator('[data-testid="credential-form"]').textContent())
      .not.toContain('Invalid ID number');

    // The photo: uploaded, recognised by tesseract on the server, filled in for the person to check.
    const card = validIdNumber('11010519900307123');
    await page.locator('[data-testid="credential-photo"]').setInputFiles({
      name: 'card.png',
      mimeType: 'image/png',
      buffer: await idCardPng({ name: '李四', number: card }),
    });
    await expect
      .poll(() => page.locator('[data-testid="credential-ocr-state"]').textContent(), { timeout: 30_000 })
      .toContain('Filled in from the photo');
    expect(await page.locator('[data-testid="credential-name"]').inputValue()).toBe('李四');
    expect(await page.locator('[data-testid="credential-number"]').inputValue()).toBe(card);
    await settle(page);
    await screenshot(page, 'credential-filled-390-en');

    await page.locator('[data-testid="credential-submit"]').click();
    await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
    expect(hashPath(page)).toBe('/my/index');

    await page.goto(credentialUrl('zh'));
    await page.reload(); // a fresh page: the English 'Saved' toast of the save is gone
    await expect
      .poll(() => page.locator('[data-testid="credential-mask"]').textContent())
      .toBe(`${card.slice(0, 3)}***********${card.slice(-4)}`);
    expect(await page.locator('[data-testid="credential-saved"]').textContent()).toContain('李四');
    await settle(page);
    await screenshot(page, 'credential-saved-390-zh');
    expect(errors).toEqual([]);

    const storageState = await page.context().storageState();
    const wide = await openPage(browser, desktop, { storageState });
    await wide.page.goto(credentialUrl('ar'));
    await expect.poll(() => wide.page.locator('html').getAttribute('dir')).toBe('rtl');
    await wide.page.locator('[data-testid="credential-mask"]').waitFor();
    await settle(wide.page);
    await screenshot(wide.page, 'credential-saved-1280-ar');
    await wide.page.goto(credentialUrl('en'));
    await wide.page.locator('[data-testid="credential-change"]').click();
    await wide.page.locator('[data-testid="credential-form"]').waitFor();
    await settle(wide.page);
    await screenshot(wide.page, 'credential-form-1280-en');
    expect(wide.errors).toEqual([]);
  }, 120_000);
});
