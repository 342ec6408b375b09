import type { Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Threads and talk end to end (§2 /meeting/thread/list, /meeting/talk): a registered participant
 * posts a thread with a picture from the list's post box; another participant opens it, replies
 * and likes it; the author then sees the like and the reply on the list and on the talk page. A
 * meaningless text is refused with its §5 category. An organiser pins and closes it in the console; the list shows it
 * first and the talk page takes no more replies. Screenshots of the list, the talk page and the
 * console table at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const authorPhone = '13900139311';
const replierPhone = '13900139312';
/** Administrators (ADMIN_PHONES) for the console's threads screen, one per screen size (codes are rate-limited per phone). */
const adminPhones = ['13900139315', '13900139316'] as const;
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhones.join(',') } });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-threads',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in on /login by phone code, registers for the demo forum (§6: posting needs it), returns the page. */
async function participant(phone: string, name: string, size: Viewport = phoneSize): Promise<Page> {
  const { page } = await openPage(browser, size);
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token after logging in');
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: name,
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: phone,
  };
  await apiAs(token).post<Ticket[]>('/tickets', body);
  return page;
}

const listUrl = (lang: string) => `${server.url}/#/meeting/thread/list?meeting_id=${meetingId}&lang=${lang}`;

describe('threads', () => {
  it('a participant posts; another replies and likes; the author sees both', async () => {
    const author = await participant(authorPhone, 'Ada Author');
    // The personal centre links the discussions.
    await author.locator('[data-testid="threads-entry"]').click();
    await author.locator('[data-testid="thread-post-box"]').waitFor();
    await settle(author);
    await screenshot(author, 'threads-list-empty-390-en');

    // A meaningless text is refused with its category (§5), nothing posted.
    await author.locator('[data-testid="thread-title"]').fill('asdfghjkl');
    await author.locator('[data-testid="thread-content"]').fill('asdfghjklasdfghjkl');
    await author.locator('[data-testid="thread-submit"]').click();
    await expect
      .poll(() => author.locator('[data-testid="thread-post-error"]').textContent())
      .toMatch(/no meaningful content/);

    await author.locator('[data-testid="thread-title"]').fill('Shuttle from the metro to Hall B?');
    await author
      .locator('[data-testid="thread-content"]')
      .fill('Does anyone know how often the shuttle runs in the morning?');
    // A picture (PNG drawn in the page), uploaded before posting.
    const dataUrl = await author.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#0f766e';
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = '#fde68a';
        context.fillRect(40, 40, 120, 60);
      }
      return canvas.toDataURL('image/png');
    });
    await author.locator('[data-testid="thread-image-input"]').setInputFiles({
      name: 'map.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
    });
    await author.locator('[data-testid="thread-post-box"] img[src*="/api/files/image/"]').waitFor();
    await author.locator('[data-testid="thread-submit"]').click();
    const card = author.locator('[data-testid="thread-card"]', { hasText: 'Shuttle from the metro' });
    await card.waitFor();

    const replier = await participant(replierPhone, 'Ben Replier');
    await replier.goto(listUrl('en'));
    await replier.locator('[data-testid="thread-card"]', { hasText: 'Shuttle from the metro' }).click();
    await replier.locator('[data-testid="talk-thread"] img[src*="/api/files/image/"]').waitFor();
    await replier.locator('[data-testid="reply-content"]').fill('Every 15 minutes from 8:00, at exit C.');
    await replier.locator('[data-testid="reply-submit"]').click();
    await replier.locator('[data-testid="reply-item"]', { hasText: 'Every 15 minutes' }).waitFor();
    await replier.locator('[data-testid="thread-like"]').click();
    await expect
      .poll(() => replier.locator('[data-testid="thread-like"]').getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => replier.locator('[data-testid="thread-like-count"]').textContent()).toBe('1');
    // The liked state survives a reload (the server's is_liked).
    await replier.reload();
    await expect
      .poll(() => replier.locator('[data-testid="thread-like"]').getAttribute('aria-pressed'))
      .toBe('true');

    await author.goto(listUrl('en'));
    await author.reload();
    const seen = author.locator('[data-testid="thread-card"]', { hasText: 'Shuttle from the metro' });
    await expect.poll(() => seen.locator('[data-testid="thread-likes"]').textContent()).toBe('1');
    await expect.poll(() => seen.locator('[data-testid="thread-replies"]').textContent()).toBe('1');
    await seen.click();
    await author.locator('[data-testid="reply-item"]', { hasText: 'Every 15 minutes' }).waitFor();
    await expect.poll(() => author.locator('[data-testid="thread-like-count"]').textContent()).toBe('1');
    await expect(author.locator('[data-testid="thread-delete"]').count()).resolves.toBe(1);
    await author.context().close();
    await replier.context().close();
  }, 120_000);

  it('keeps screenshots of the list and the talk page in zh, en and ar at both sizes', async () => {
    for (const size of [phoneSize, desktopSize]) {
      const page = await participant(size === phoneSize ? '13900139313' : '13900139314', 'Shot Taker', size);
      for (const lang of ['zh', 'en', 'ar']) {
        await page.goto(listUrl(lang));
        await page.locator('[data-testid="thread-card"]').first().waitFor();
        await settle(page);
        await screenshot(page, `threads-list-${size.width}-${lang}`);
        await page.locator('[data-testid="thread-card"]').first().click();
        await page.locator('[data-testid="reply-item"]').first().waitFor();
        await settle(page);
        await screenshot(page, `threads-talk-${size.width}-${lang}`);
      }
      await page.context().close();
    }
  }, 120_000);

  it('an organiser pins and closes a thread in the console; the public pages follow', async () => {
    for (const [index, size] of [desktopSize, phoneSize].entries()) {
      const adminPhone = adminPhones[index] ?? adminPhones[0];
      const { page } = await openPage(browser, size);
      await page.goto(
        `${server.url}/#/console/meetings/${meetingId}/threads?meeting_id=${meetingId}&lang=en`,
      );
      await page.locator('input[name="phone"]').waitFor();
      await page.locator('input[name="phone"]').fill(adminPhone);
      await page.getByRole('button', { name: /get code/i }).click();
      await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
      await page.locator('#agree').check();
      await page.locator('form button[type="submit"]').click();
      await page.locator('[data-testid="console-threads-table"]').waitFor();
      if (size === desktopSize) {
        await page.locator('[data-testid="console-thread-pin"]').first().click();
        await page.locator('[data-testid="console-thread-close"]').first().click();
        await expect
          .poll(() => page.locator('[data-testid="console-thread-close"]').first().textContent())
          .toMatch(/Reopen/);
      }
      for (const lang of ['zh', 'en', 'ar']) {
        await page.goto(
          `${server.url}/#/console/meetings/${meetingId}/threads?meeting_id=${meetingId}&lang=${lang}`,
        );
        await page.locator('[data-testid="console-threads-table"]').waitFor();
        await settle(page);
        await screenshot(page, `threads-console-${size.width}-${lang}`);
      }
      await page.context().close();
    }
    const { page } = await openPage(browser, phoneSize);
    await page.goto(listUrl('en'));
    const card = page.locator('[data-testid="thread-card"]').first();
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Pinned/);
    await card.click();
    await page.locator('[data-testid="talk-closed"]').waitFor();
    await expect(page.locator('[data-testid="reply-box"]').count()).resolves.toBe(0);
    await page.context().close();
  }, 120_000);
});
