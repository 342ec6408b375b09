import type { Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Demand categories end to end (§3 Demand category, §7 Categories, DESIGN §7): an organiser adds a
 * category in the console's demand categories screen and renames its weight; a registered
 * participant then finds it in the public demand form's category choice and the list's filter chips. Screenshots of the console
 * screen at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const posterPhone = '13900139421';
/** Administrators (ADMIN_PHONES), one per screen size (codes are rate-limited per phone). */
const adminPhones = ['13900139425', '13900139426'] as const;
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

const consoleUrl = (lang: string) =>
  `${server.url}/#/console/meetings/${meetingId}/demands/categories?meeting_id=${meetingId}&lang=${lang}`;

/** Signs an administrator in on the console's login, landing on the demand categories screen. */
async function organiser(phone: string, size: Viewport): Promise<Page> {
  const { page } = await openPage(browser, size);
  await page.goto(consoleUrl('en'));
  await page.locator('input[name="phone"]').waitFor();
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.locator('[data-testid="console-demand-categories"]').waitFor();
  return page;
}

/** Logs in on /login by phone code and registers for the demo forum (§6: posting needs it). */
async function participant(phone: string): Promise<Page> {
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
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: 'Pat Poster',
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: phone,
  };
  const api = createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-demand-categories',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
  await api.post<Ticket[]>('/tickets', body);
  return page;
}

describe('demand categories', () => {
  it('the organiser adds a category in the console; it is offered in the public demand form', async () => {
    const page = await organiser(adminPhones[0], desktopSize);
    await page.locator('[data-testid="demand-category-name"]').fill('Freight forwarding');
    await page.locator('[data-testid="demand-category-add"]').click();
    const row = page.locator('tr', { hasText: 'Freight forwarding' });
    await row.waitFor();
    // Re-weigh it inline.
    await row.getByRole('button', { name: 'Edit Freight forwarding' }).click();
    await page.getByRole('spinbutton', { name: 'Weight' }).fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('tr', { hasText: 'Freight forwarding' }).textContent())
      .toContain('7');
    // Its Chinese title, written with the language choice (the meeting's enabled languages).
    await page.locator('[data-testid="demand-category-language"]').selectOption('zh');
    await row.getByRole('button', { name: 'Edit Freight forwarding' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('货运代理');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit Freight forwarding' }).waitFor();
    await page.locator('[data-testid="demand-category-language"]').selectOption('en');
    await page.locator('[data-testid="demand-category-name"]').fill('Booth design');
    await page.locator('[data-testid="demand-category-add"]').click();
    await page.locator('tr', { hasText: 'Booth design' }).waitFor();
    for (const lang of ['zh', 'en', 'ar']) {
      // A hash-only change keeps the loaded language: reload so `lang` applies.
      await page.goto(consoleUrl(lang));
      await page.reload();
      await page.locator('tr', { hasText: 'Booth design' }).waitFor();
      await settle(page);
      await screenshot(page, `demand-categories-console-${desktopSize.width}-${lang}`);
    }
    await page.context().close();

    const poster = await participant(posterPhone);
    await poster.goto(`${server.url}/#/demand/form/supply?meeting_id=${meetingId}&lang=en`);
    await poster.locator('[data-testid="demand-form"]').waitFor();
    const choice = poster.getByRole('combobox', { name: 'Category', exact: true });
    await choice.waitFor();
    const options = await choice.locator('option').allTextContents();
    // Heaviest first: the re-weighed category leads.
    expect(options.slice(1)).toEqual(['Freight forwarding', 'Booth design']);
    await poster.goto(`${server.url}/#/demand/form/supply?meeting_id=${meetingId}&lang=zh`);
    await poster.reload();
    await expect
      .poll(() => poster.locator('[data-testid="demand-form"] select option').allTextContents())
      .toContain('货运代理');
    // The public list offers it as a filter chip too.
    await poster.goto(`${server.url}/#/demand?meeting_id=${meetingId}&lang=en`);
    await poster.getByRole('group', { name: 'Category' }).getByText('Booth design').waitFor();
    await settle(poster);
    await screenshot(poster, 'demand-categories-list-390-en');
    await poster.context().close();
  }, 180_000);

  it('keeps screenshots of the console screen at 390×844 in zh, en and ar', async () => {
    const page = await organiser(adminPhones[1], phoneSize);
    for (const lang of ['zh', 'en', 'ar']) {
      // A hash-only change keeps the loaded language: reload so `lang` applies.
      await page.goto(consoleUrl(lang));
      await page.reload();
      await page.getByText('Booth design').filter({ visible: true }).first().waitFor();
      await settle(page);
      await screenshot(page, `demand-categories-console-${phoneSize.width}-${lang}`);
    }
    await page.context().close();
  }, 120_000);
});
