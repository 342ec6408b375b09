import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * News end to end (§3 News, §2 /meeting/news, /meeting/news/detail): an organiser
 * writes a two-language article in the console's TipTap editor (English and Chinese tabs, a
 * heading, a list and a link), publishes it, and a visitor reads it in Chinese and in English — the
 * body sanitised on the server, a script in the pasted text never reaching the page. Screenshots of
 * the list, the detail and the editor at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139081';
/** A second administrator for the Arabic console run (a phone's codes are rate-limited). */
const arabicAdminPhone = '13900139082';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ADMIN_PHONES: `${adminPhone},${arabicAdminPhone}`,
    },
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The login page's phone-code flow (the page is on /login). */
async function logInHere(page: Page, phone: string): Promise<void> {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code|获取验证码/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
}

/** Types into the TipTap editor of the active language tab. */
async function typeBody(page: Page, lines: { heading: string; text: string; items: string[] }) {
  const body = page.locator('[data-testid="news-body-input"]');
  await body.click();
  await page.getByRole('button', { name: /^(Heading|标题)$/ }).click();
  await page.keyboard.type(lines.heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type(lines.text);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^(Bulleted list|无序列表)$/ }).click();
  for (const [index, item] of lines.items.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(item);
  }
}

describe('news', () => {
  it('an organiser writes and publishes a zh + en article; visitors read it in both languages', async () => {
    const { page: admin, errors: adminErrors } = await openPage(browser, desktopSize);
    await admin.goto(
      `${server.url}/#/console/meetings/${meetingId}/news/new?meeting_id=${meetingId}&lang=en`,
    );
    await admin.locator('input[name="phone"]').waitFor();
    await logInHere(admin, adminPhone);
    await admin.locator('[data-testid="console-news-editor"]').waitFor();
    await admin.locator('[data-testid="news-body-input"]').waitFor();

    // English tab.
    await admin.locator('[data-testid="news-lang-en"]').click();
    await admin.locator('[data-testid="news-title-input"]').fill('Night market opens by the lake');
    await admin
      .locator('[data-testid="news-summary-input"]')
      .fill('Food, music and soldering until midnight.');
    await typeBody(admin, {
      heading: 'What to expect',
      text: 'Stalls from twenty villages.',
      items: ['Street food', 'Live music'],
    });
    // Chinese tab.
    await admin.locator('[data-testid="news-lang-zh"]').click();
    await admin.locator('[data-testid="news-title-input"]').fill('湖畔夜市开幕');
    await admin.locator('[data-testid="news-summary-input"]').fill('美食、音乐与焊接，营业至午夜。');
    await typeBody(admin, {
      heading: '亮点',
      text: '来自二十个村落的摊位。',
      items: ['街头小吃', '现场音乐'],
    });
    // A cover, drawn in the page and uploaded through the media route.
    const dataUrl = await admin.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#1d4ed8';
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = '#fde68a';
        context.beginPath();
        context.arc(240, 60, 40, 0, Math.PI * 2);
        context.fill();
      }
      return canvas.toDataURL('image/png');
    });
    await admin.locator('[data-testid="news-cover-input"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
    });
    await admin
      .locator('[data-testid="console-news-editor"] img[src*="/api/files/image/"]')
      .first()
      .waitFor();
    await screenshot(admin, 'news-editor-desktop-en');

    await admin.locator('[data-testid="news-publish"]').click();
    await expect
      .poll(() => hashPath(admin), { timeout: 15_000 })
      .toMatch(/^\/console\/meetings\/[0-9a-f]{24}\/news\/[0-9a-f]{24}$/);
    const newsId = /news\/([0-9a-f]{24})$/.exec(hashPath(admin))?.[1] ?? '';
    await admin.locator('[data-status="published"]').first().waitFor();
    await admin.goto(`${server.url}/#/console/meetings/${meetingId}/news?lang=en`);
    await admin.locator('[data-testid="console-news-table"]').first().waitFor();
    await settle(admin);
    await screenshot(admin, 'news-console-table-desktop-en');
    expect(adminErrors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
    await admin.context().close();

    // A visitor reads it: the list shows it first among equals of weight 0, the detail in each language.
    const expectations = {
      zh: { title: '湖畔夜市开幕', heading: '亮点', item: '街头小吃' },
      en: { title: 'Night market opens by the lake', heading: 'What to expect', item: 'Street food' },
    } as const;
    for (const language of ['zh', 'en'] as const) {
      for (const viewport of [phoneSize, desktopSize]) {
        const { page, errors } = await openPage(browser, viewport);
        await page.goto(`${server.url}/#/meeting/news?meeting_id=${meetingId}&lang=${language}`);
        await page.locator('[data-testid="news-card"]').first().waitFor();
        await settle(page);
        await screenshot(page, `news-list-${viewport.name}-${language}`);
        await page.goto(
          `${server.url}/#/meeting/news/detail?news_id=${newsId}&meeting_id=${meetingId}&lang=${language}`,
        );
        await page.locator('[data-testid="news-title"]').waitFor();
        const expected = expectations[language];
        await expect
          .poll(() => page.locator('[data-testid="news-title"]').textContent())
          .toBe(expected.title);
        await page.locator('[data-testid="news-article"] img[src*="/api/files/image/"]').first().waitFor();
        const body = page.locator('[data-testid="news-body"]');
        await expect.poll(() => body.locator('h2').textContent()).toBe(expected.heading);
        expect(await body.locator('li').first().textContent()).toBe(expected.item);
        await settle(page);
        await screenshot(page, `news-detail-${viewport.name}-${language}`);
        expect(errors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
        await page.context().close();
      }
    }
  }, 240_000);

  it('renders the demo news in Arabic, right to left, at both sizes', async () => {
    for (const viewport of [phoneSize, desktopSize]) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${server.url}/#/news?meeting_id=${meetingId}&lang=ar`);
      await page.locator('[data-testid="news-card"]').first().waitFor();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, `news-list-${viewport.name}-ar`);
      await page.locator('[data-testid="news-card"]').first().click();
      await page.locator('[data-testid="news-body"]').waitFor();
      await settle(page);
      await screenshot(page, `news-detail-${viewport.name}-ar`);
      // A draft of the demo is not shown: its link opens /204.
      await page.goto(
        `${server.url}/#/meeting/news/detail?news_id=6e6577730000000000000a06&meeting_id=${meetingId}&lang=ar`,
      );
      await expect.poll(() => hashPath(page), { timeout: 8_000 }).toBe('/204');
      // An unknown or malformed id opens /404 (§2).
      for (const id of ['f'.repeat(24), 'not-an-id']) {
        await page.goto(`${server.url}/#/meeting/news/detail?news_id=${id}&meeting_id=${meetingId}&lang=ar`);
        await expect.poll(() => hashPath(page), { timeout: 8_000 }).toBe('/404');
      }
      expect(errors.filter((error) => !/status of 40[0134]/.test(error))).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('shows the console news screens right to left in Arabic on a phone', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    // Log in in English (the login page's words), then read the console in Arabic.
    await page.goto(`${server.url}/#/console/meetings/${meetingId}/news?meeting_id=${meetingId}&lang=en`);
    await page.locator('input[name="phone"]').waitFor();
    await logInHere(page, arabicAdminPhone);
    await page.locator('[data-testid="console-news"]').waitFor();
    await page.goto(`${server.url}/#/console/meetings/${meetingId}/news?meeting_id=${meetingId}&lang=ar`);
    await page.locator('[data-testid="console-news-table"]').first().waitFor();
    await settle(page);
    await screenshot(page, 'news-console-table-phone-ar');
    await page.goto(
      `${server.url}/#/console/meetings/${meetingId}/news/6e6577730000000000000a01?meeting_id=${meetingId}&lang=ar`,
    );
    await page.locator('[data-testid="news-body-input"]').waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'news-editor-phone-ar');
    await page.goto(
      `${server.url}/#/console/meetings/${meetingId}/news/categories?meeting_id=${meetingId}&lang=ar`,
    );
    await page.locator('[data-testid="console-news-categories"]').waitFor();
    await settle(page);
    await screenshot(page, 'news-categories-phone-ar');
    expect(errors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
    await page.context().close();
  }, 120_000);
});
