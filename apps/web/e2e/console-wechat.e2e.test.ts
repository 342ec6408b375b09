import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, screenshotDir, settle, viewports } from './browser.ts';
import { demoMeetingId } from './demo-meeting.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The console's "WeChat & sign-in" screen end to end (DESIGN §7; §3 wechat_authorize; §7 WeChat,
 * Login): the organiser switches the meeting to its own official account, is told at once that a
 * 42-character EncodingAESKey is wrong, saves, sees the AppSecret only as 'Set ••••cdef', tests the
 * connection against a stand-in WeChat (cgi-bin/stable_token), and cannot switch every login method
 * off. Screenshots at 390 and 1280 in en, zh and ar.
 */
const organiserPhone = '13900139000';
const appid = 'wx0123456789abcdef';
const secret = '0123456789abcdef0123456789abcdef';
const aesKey = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;
let wechat: Server;
let stableTokenCalls = 0;

beforeAll(async () => {
  // A stand-in for WeChat's stable_token: the right AppSecret gets a token.
  wechat = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/cgi-bin/stable_token')) {
        stableTokenCalls += 1;
        const sent = JSON.parse(body) as { secret?: string };
        res.end(
          JSON.stringify(
            sent.secret === secret
              ? { access_token: 'TOKEN', expires_in: 7200 }
              : { errcode: 40125, errmsg: 'invalid appsecret' },
          ),
        );
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  const wechatBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { WECHAT_API_BASE: wechatBase } });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => wechat?.close(resolve));
});

const wechatUrl = (lang: string) =>
  `${server.url}/#/console/meetings/${demoMeetingId}/wechat?meeting_id=${demoMeetingId}&lang=${lang}`;

async function login(page: Page): Promise<void> {
  await page.locator('input[name="phone"]').waitFor();
  await page.locator('input[name="phone"]').fill(organiserPhone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${organiserPhone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.locator('[data-testid="console-wechat"]').waitFor();
}

describe('console → WeChat & sign-in', () => {
  it('sets up an own official account with write-only secrets, tests it, and keeps one login method', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(wechatUrl('en'));
    await login(page);
    const official = page.locator('[data-testid="wechat-official"]');
    await official.waitFor();

    await page.locator('[data-testid="wechat-mode-own"]').check();
    await page.locator('[data-testid="wechat-official-appid"]').fill(appid);
    await page.locator('[data-testid="wechat-official-secret"]').fill(secret);
    await page.locator('[data-testid="wechat-official-token"]').fill('meetingToken1');
    await page.locator('[data-testid="wechat-official-aes"]').fill(aesKey.slice(1));
    await expect.poll(() => official.textContent()).toContain('you entered 42');
    expect(await page.locator('[data-testid="wechat-official-save"]').isDisabled()).toBe(true);
    await page.locator('[data-testid="wechat-official-aes"]').fill(aesKey);
    await page.locator('[data-testid="wechat-official-name"]').fill('Demo Expo');
    await page.locator('[data-testid="wechat-official-save"]').click();

    // Saved: the secret comes back only as 'Set' with its last 4 characters.
    await expect
      .poll(() => page.locator('[data-testid="wechat-official-secret-state"]').textContent())
      .toContain('••••cdef');
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator('[data-testid="wechat-message-url"]').textContent()).toBe(
      `${server.url}/api/wechat/events/${appid}`,
    );

    await page.locator('[data-testid="wechat-test-official"]').click();
    await expect
      .poll(() => page.locator('[data-testid="wechat-test-official-result"]').textContent())
      .toContain('Connection works');
    // One check when the save brought a new AppID and AppSecret, one for the test.
    expect(stableTokenCalls).toBe(2);

    // Every login method off: refused before any request.
    for (const name of ['phone', 'email', 'exhibitor', 'wechat', 'google', 'facebook']) {
      await page.locator(`[data-testid="wechat-method-${name}"]`).setChecked(false, { force: true });
    }
    await page.locator('[data-testid="wechat-methods-none"]').waitFor();
    expect(await page.locator('[data-testid="wechat-login-save"]').isDisabled()).toBe(true);
    await page.locator('[data-testid="wechat-method-phone"]').setChecked(true, { force: true });
    await page.locator('[data-testid="wechat-methods-none"]').waitFor({ state: 'hidden' });
    await page.reload();
    await page.locator('[data-testid="wechat-official-secret-state"]').waitFor();
    await settle(page);
    await screenshot(page, 'console-wechat-1280-en');
    await page.screenshot({ path: join(screenshotDir, 'console-wechat-1280-en-full.png'), fullPage: true });
    expect(errors).toEqual([]);

    const storageState = await page.context().storageState();
    for (const [size, label] of [
      [phoneSize, '390'],
      [desktopSize, '1280'],
    ] as const) {
      for (const lang of ['en', 'zh', 'ar']) {
        if (lang === 'en' && label === '1280') continue;
        const other = await openPage(browser, size, { storageState });
        await other.page.goto(wechatUrl(lang));
        await other.page.locator('[data-testid="wechat-official-secret-state"]').waitFor();
        if (lang === 'ar')
          await expect.poll(() => other.page.locator('html').getAttribute('dir')).toBe('rtl');
        await settle(other.page);
        await screenshot(other.page, `console-wechat-${label}-${lang}`);
        if (label === '390' && lang === 'en')
          await other.page.screenshot({
            path: join(screenshotDir, 'console-wechat-390-en-full.png'),
            fullPage: true,
          });
        expect(other.errors).toEqual([]);
        await other.page.close();
      }
    }
  }, 240_000);
});
