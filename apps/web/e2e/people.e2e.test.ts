import type { Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The people directory to a user page (§2 /meeting/connection, /meeting/user; §3 Exposure setting,
 * membership levels): a registered participant opens People, sees the demo people who chose to be
 * shown and the "Recommended for you" strip, filters by a tag, and opens one person's page with their
 * level badge, work and the connect button (contacts only once connected, §6). One zh screenshot of the
 * directory and one ar screenshot of the user page.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const phone = '13900139411';
const [phoneSize] = viewports;

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

/** Logs in by phone code and registers for the demo forum (a participant, §6). */
async function participant(): Promise<Page> {
  const { page } = await openPage(browser, phoneSize);
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token after logging in');
  const api = createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-people',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: 'People Tester',
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: phone,
  };
  await api.post<Ticket[]>('/tickets', body);
  return page;
}

describe('people', () => {
  it('directory → user page', async () => {
    const page = await participant();
    await page.goto(`${server.url}/#/meeting/connection?meeting_id=${meetingId}&lang=zh`);
    await settle(page);
    const rows = page.getByTestId('person-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    await expect
      .poll(() => page.getByTestId('recommendation').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'people-directory-zh-phone');

    await page.getByTestId('people-search').fill('Kenji');
    await page.getByTestId('people-search').press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.first().click();
    await page.waitForURL((url) => url.hash.startsWith('#/meeting/user'));
    await settle(page);
    await expect.poll(() => page.getByTestId('user-page').textContent()).toContain('Kaizen Systems');
    expect(await page.getByTestId('level-badge').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('contact-card').textContent()).not.toContain('@example.org');

    const userUrl = page.url().replace('lang=zh', 'lang=ar');
    await page.goto(userUrl.includes('lang=') ? userUrl : `${userUrl}&lang=ar`);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'people-user-ar-phone');
  }, 120_000);
});
