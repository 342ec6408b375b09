import type { ReceptionGuest, ReceptionPhase } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { demoMeetingId as meetingId } from './demo-meeting.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The reception desk in the browser (§2 Reception; §4 Reception 0/1, toggling confirmed; §6 reception
 * staff by phone; works with a bad signal): the platform admin puts two phones on the demo meeting's
 * reception team through the console team API; receptionist A marks a guest received at the welcome
 * dinner (confirmed) and receptionist B, on the same phase desk, sees it within seconds; A loses the
 * network, marks two more guests, sees "2 pending", gets the network back, and the queue reaches the
 * server. A guest signs in with their phone and sees their own arrangements; the desk tells them
 * 'receptionist not found'. Screenshots of the staff home, the phase desk and a guest page at 390×844 and 1280×800 in
 * zh, en and ar.
 */

const adminPhone = '13900139031';
const phoneA = '13900139032';
const phoneB = '13900139033';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Logs a phone in by SMS code (the outbox) and answers its page and an API client with its token. */
async function login(phone: string, size: Viewport = phoneSize) {
  const { page, errors } = await openPage(browser, size);
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const api = createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => `e2e-reception-${phone}`,
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
  return { page, errors, api };
}

const desk = (page: Page, path: string, language = 'en') =>
  page.goto(`${server.url}/#/meeting/reception${path}?meeting_id=${meetingId}&lang=${language}`);

/** A guest row of the phase desk by name, and its status (0 / 1) as shown. */
const row = (page: Page, name: string) =>
  page.locator(`[data-testid="reception-phase-guest"][data-guest="${name}"]`);
const shownStatus = (page: Page, name: string) => row(page, name).getAttribute('data-status');

/** Marks a guest received on the phase desk: tap, then confirm (§4). */
async function receive(page: Page, name: string) {
  await row(page, name).locator('[data-testid="reception-toggle"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Received' }).click();
}

describe('reception desk', () => {
  it('shares a toggle between two receptionists and replays taps made offline', async () => {
    const admin = await login(adminPhone, desktopSize);
    for (const phone of [phoneA, phoneB]) {
      await admin.api.post(`/console/meetings/${meetingId}/team`, {
        role: 'reception',
        reception_role: '1',
        phone,
        area_code: '86',
      });
    }
    const a = await login(phoneA);
    const b = await login(phoneB);

    const phases = await a.api.list<ReceptionPhase>('/reception/phases', { meeting_id: meetingId });
    const dinner = phases.find((phase) => JSON.stringify(phase.title).includes('Welcome dinner'));
    expect(dinner).toBeTruthy();
    const dinnerId = dinner?._id.$id ?? '';
    const list = await a.api.whole<{ results: ReceptionGuest[] }>('/reception/guests', {
      meeting_id: meetingId,
      phase_id: dinnerId,
      status: '0',
      limit: 10,
    });
    const [first, second, third] = list.results.map((guest) => guest.name);
    expect(third).toBeTruthy();

    // Staff home: the sub-role label, then the dinner desk on both phones.
    await desk(a.page, '/staff');
    await a.page.locator('[data-testid="reception-role"]').waitFor();
    await a.page.locator('[data-testid="reception-phase-link"]', { hasText: 'Welcome dinner' }).click();
    await row(a.page, first ?? '').waitFor();
    await desk(b.page, `/phases/${dinnerId}`);
    await row(b.page, first ?? '').waitFor();
    expect(await shownStatus(b.page, first ?? '')).toBe('0');

    // A marks the first guest received; B sees it within seconds (changes poll, §4).
    await receive(a.page, first ?? '');
    await expect.poll(() => shownStatus(a.page, first ?? '')).toBe('1');
    await expect.poll(() => shownStatus(b.page, first ?? ''), { timeout: 10_000 }).toBe('1');

    // A loses the network: two taps wait in the queue, shown as 2 pending.
    await a.page.context().setOffline(true);
    await receive(a.page, second ?? '');
    await receive(a.page, third ?? '');
    const pending = a.page.locator('[data-testid="reception-pending"]');
    await expect.poll(() => pending.getAttribute('data-count')).toBe('2');
    expect(await shownStatus(a.page, second ?? '')).toBe('1');
    await screenshot(a.page, 'reception-offline-pending-390x844-en');

    // Back online: the queue flushes and the server has both.
    await a.page.context().setOffline(false);
    await expect.poll(() => pending.getAttribute('data-count'), { timeout: 15_000 }).toBe('0');
    const after = await a.api.whole<{ results: ReceptionGuest[] }>('/reception/guests', {
      meeting_id: meetingId,
      phase_id: dinnerId,
      status: '1',
      limit: 50,
    });
    const received = after.results.map((guest) => guest.name);
    expect(received).toEqual(expect.arrayContaining([first, second, third]));
    await expect.poll(() => shownStatus(b.page, third ?? ''), { timeout: 10_000 }).toBe('1');
    expect(a.errors.filter((error) => !/Failed to load resource|net::ERR/.test(error))).toEqual([]);

    // A guest on the list signs in with their phone: their own arrangements (§6), and the desk says
    // 'receptionist not found' (§8).
    const guestPhone = (list.results[0]?.phone ?? '').replace(/^\+86/, '');
    expect(guestPhone).toMatch(/^1\d{10}$/);
    const guest = await login(guestPhone);
    await desk(guest.page, '/guest');
    await guest.page.locator('[data-testid="reception-self"]').waitFor();
    expect(await guest.page.locator('[data-testid="reception-self"] h1').textContent()).toBe(first);
    await screenshot(guest.page, 'reception-self-390x844-en');
    await desk(guest.page, '/staff');
    await guest.page.locator('[data-testid="reception-not-staff"]').waitFor();
    expect(await guest.page.locator('[data-testid="reception-not-staff"]').textContent()).toContain(
      'receptionist not found',
    );
    await screenshot(guest.page, 'reception-not-staff-390x844-en');
    await guest.page.context().close();

    // Screenshots: staff home, phase desk, guest page at both sizes in zh, en and ar.
    const guestId = list.results[0]?._id.$id ?? '';
    const storageState = await b.page.context().storageState();
    for (const size of [phoneSize, desktopSize]) {
      const { page, errors } = await openPage(browser, size, { storageState });
      for (const language of ['zh', 'en', 'ar']) {
        for (const [name, path] of [
          ['staff', '/staff'],
          ['phase', `/phases/${dinnerId}`],
          ['guest', `/guest/${guestId}`],
        ] as const) {
          await desk(page, path, language);
          await page.locator(`[data-testid="reception-${name === 'staff' ? 'staff' : name}-page"]`).waitFor();
          await page.locator('[data-testid="reception-sync"][data-state="online"]').waitFor();
          await settle(page);
          await screenshot(page, `reception-${name}-${size.width}x${size.height}-${language}`);
        }
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
    for (const session of [admin, a, b]) await session.page.context().close();
  }, 240_000);
});
