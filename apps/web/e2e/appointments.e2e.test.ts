import type { Appointment, AppointmentAuthentication, Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import {
  hashPath,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  type Viewport,
  viewports,
} from './browser.ts';
import { outboxMessages, outboxCode as readOutboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Appointments and schedules end to end (§3 Schedule, §4 Appointment, §7 Appointments): a registered visitor
 * books one of the demo exhibitor's published slots on a phone, from the enterprise page; the exhibitor
 * accepts it on a desktop; the meeting then shows in both schedules and the visitor is told through the
 * outbox. A second request at the same time warns about the conflict first and goes through with 'Book
 * anyway'. Screenshots of the booking form, the request lists and the schedules in zh, en and ar at both
 * sizes.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const visitorPhone = '13800006601';
const exhibitorPhone = '13900006602';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;
let enterpriseId: string;
let visitor: { page: Page; errors: string[]; token: string };
let exhibitor: { page: Page; errors: string[]; token: string };

const outboxCode = (recipient: string) => readOutboxCode(server.url, recipient);

/** The app's own API client, in Node, with a user's token. */
function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-appointments',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in by SMS code (read from the developer outbox) and lands on `redirect`; returns the token. */
async function login(page: Page, phone: string, redirect: string): Promise<string> {
  await page.goto(
    `${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=${encodeURIComponent(redirect)}`,
  );
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(`+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith(`#${redirect.split('?')[0]}`));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error(`no token after logging in ${phone}`);
  return token;
}

async function openAs(viewport: Viewport, phone: string, redirect: string) {
  const { page, errors } = await openPage(browser, viewport);
  const token = await login(page, phone, redirect);
  return { page, errors, token };
}

const go = async (page: Page, path: string, lang = 'en') => {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${server.url}/#${path}${separator}lang=${lang}`);
  await settle(page);
};

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // The exhibitor: a phone login bound to the demo exhibitor account (binding has its own journey).
  exhibitor = await openAs(desktopSize, exhibitorPhone, `/my/index?meeting_id=${meetingId}`);
  await apiAs(exhibitor.token).post('/exhibitor/bindings', {
    meeting_id: meetingId,
    account: 'demo-exhibitor',
    password: 'Exhibitor2019!',
  });
  const auth = await apiAs(exhibitor.token).get<AppointmentAuthentication>(
    '/appointments/user/is_authentication',
    { meeting_id: meetingId },
  );
  enterpriseId = auth.enterprise_id?.$id ?? '';
  expect(enterpriseId).toMatch(/^[0-9a-f]{24}$/);
  // The visitor, on a phone.
  visitor = await openAs(phoneSize, visitorPhone, `/my/index?meeting_id=${meetingId}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('appointments', () => {
  it('asks a visitor without a ticket to register first', async () => {
    await go(
      visitor.page,
      `/meeting/enterprise/appointment?enterprise_id=${enterpriseId}&meeting_id=${meetingId}`,
    );
    await visitor.page.getByText('Only registered participants can book meetings').waitFor();
    await screenshot(visitor.page, 'appointment-participant-only-phone-en');
    // Registering for the demo forum (approved at once) makes them a participant.
    const body: RequestBody = {
      activity_id: forumId,
      price_id: forumStandard,
      [`data[${nameQuestion}]`]: 'Lin Visitor',
      [`data[${phoneQuestion}][area_code]`]: '86',
      [`data[${phoneQuestion}][number]`]: visitorPhone,
    };
    const [ticket] = await apiAs(visitor.token).post<Ticket[]>('/tickets', body);
    expect(ticket?.status === 1 || ticket?.status === 3).toBe(true);
  });

  it('books a slot from the enterprise page on a phone; the exhibitor accepts on a desktop; both schedules show it', async () => {
    const { page } = visitor;
    await go(page, `/meeting/enterprise?enterprise_id=${enterpriseId}&meeting_id=${meetingId}`);
    await page.locator('[data-testid="enterprise-book-meeting"]').click();
    await page.locator('[data-testid="booking-form"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/enterprise/appointment');
    await settle(page);

    // Nothing chosen: the form says what is missing and sends nothing.
    await page.locator('[data-testid="booking-submit"]').click();
    await page.getByText('Please describe the matter').waitFor();

    await page.locator('[data-testid="booking-mode-offline"]').check({ force: true });
    const slot = page.locator('[data-testid="booking-slot"]:not([disabled])').first();
    const slotText = ((await slot.textContent()) ?? '').trim();
    await slot.click();
    await page.locator('[data-testid="booking-matter"]').fill('Battery storage for our new factory');
    await settle(page);
    await screenshot(page, 'appointment-booking-phone-en');
    await page.locator('[data-testid="booking-submit"]').click();
    await page.locator('[data-testid="appointment-success"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/appointment/success');
    await settle(page);
    await screenshot(page, 'appointment-success-phone-en');

    const [sent] = await apiAs(visitor.token).get<Appointment[]>('/appointments', { meeting_id: meetingId });
    expect(sent).toMatchObject({ status: 0, mode: 'offline', timezone: 'Asia/Shanghai' });
    expect(slotText).toContain(sent?.start_time ?? '--');

    // The exhibitor sees it among the pending requests on a desktop and accepts it.
    await go(exhibitor.page, `/enterprise/appointments?meeting_id=${meetingId}`);
    const card = exhibitor.page.locator('[data-testid="appointment-card"]').first();
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Battery storage for our new factory');
    await screenshot(exhibitor.page, 'appointment-requests-desktop-en');
    await card.locator('[data-testid="appointment-accept"]').click();
    await expect
      .poll(() => card.locator('[data-testid="appointment-status"]').textContent(), { timeout: 15_000 })
      .toBe('Accepted');

    // Both schedules.
    await go(exhibitor.page, `/meeting/exhibitor/schedule?meeting_id=${meetingId}`);
    await exhibitor.page.locator('[data-testid="schedule-entry"]').first().waitFor();
    await screenshot(exhibitor.page, 'exhibitor-schedule-desktop-en');
    await go(page, `/meeting/my/schedule?meeting_id=${meetingId}`);
    const entry = page.locator('[data-testid="schedule-entry"]').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(
      sent?.enterprise && typeof sent.enterprise.title === 'string' ? sent.enterprise.title : '',
    );
    await screenshot(page, 'my-schedule-phone-en');

    // The visitor was told of the acceptance (SMS to their phone, in the outbox).
    await expect
      .poll(async () =>
        (await outboxMessages(server.url)).some(
          (message) => message.recipient === `+86${visitorPhone}` && !/\b\d{6}\b/.test(message.body),
        ),
      )
      .toBe(true);
    expect(visitor.errors).toEqual([]);
    expect(exhibitor.errors).toEqual([]);
  });

  it('warns about a time conflict and books anyway when asked', async () => {
    const { page } = visitor;
    const [accepted] = await apiAs(visitor.token).get<Appointment[]>('/appointments', {
      meeting_id: meetingId,
      status: '1',
    });
    if (!accepted) throw new Error('no accepted appointment');
    // Another exhibitor, at the time of the accepted meeting (the same one twice is 'already booked').
    const enterprises = await apiAs(visitor.token).get<{ _id: { $id: string } }[]>('/enterprises', {
      meeting_id: meetingId,
      limit: 5,
    });
    const other = enterprises.map((item) => item._id.$id).find((id) => id !== enterpriseId);
    if (!other) throw new Error('no second exhibitor');
    await go(page, `/meeting/enterprise/appointment?enterprise_id=${other}&meeting_id=${meetingId}`);
    await page.locator('[data-testid="booking-form"]').waitFor();
    await settle(page);
    const propose = page.locator('[data-testid="booking-propose"]');
    if (await propose.isVisible()) await propose.click();
    await page.locator('[data-testid="booking-date"]').fill(accepted.date);
    await page.locator('[data-testid="booking-start"]').fill(accepted.start_time);
    await page.locator('[data-testid="booking-end"]').fill(accepted.end_time);
    await page.locator('[data-testid="booking-matter"]').fill('A second topic at the same time');
    await page.locator('[data-testid="booking-submit"]').click();
    await page.locator('[data-testid="booking-conflicts"]').waitFor();
    await page.getByText('You already have a meeting at this time').waitFor();
    await screenshot(page, 'appointment-conflict-phone-en');
    await page.getByRole('button', { name: 'Book anyway' }).click();
    await page.locator('[data-testid="appointment-success"]').waitFor();
    const mine = await apiAs(visitor.token).get<Appointment[]>('/appointments', {
      meeting_id: meetingId,
      status: '0',
    });
    expect(mine.map((appointment) => appointment.is_forced)).toEqual([1]);
    // The 409 that raised the warning is the only console error.
    expect(visitor.errors.filter((error) => !error.includes('409'))).toEqual([]);
  });

  it('shows the requests, schedules and calendar in zh, en and ar at both sizes', async () => {
    const [accepted] = await apiAs(visitor.token).get<Appointment[]>('/appointments', {
      meeting_id: meetingId,
      status: '1',
    });
    const detail = `/appointment?appointment_id=${accepted?._id.$id}&meeting_id=${meetingId}`;
    const shoot = async (who: typeof visitor, path: string, testId: string, name: string, lang: string) => {
      await go(who.page, path, lang);
      await who.page.locator(`[data-testid="${testId}"]`).first().waitFor();
      await settle(who.page);
      await screenshot(who.page, name);
    };
    for (const who of [visitor, exhibitor]) {
      const side = who === visitor ? 'user' : 'enterprise';
      for (const size of [phoneSize, desktopSize]) {
        await who.page.setViewportSize({ width: size.width, height: size.height });
        const at = size === phoneSize ? 'phone' : 'desktop';
        for (const lang of ['zh', 'en', 'ar']) {
          const list = `/${side}/appointments?meeting_id=${meetingId}`;
          await shoot(who, list, 'appointment-card', `appointments-${side}-${at}-${lang}`, lang);
          await shoot(who, detail, 'appointment-detail', `appointment-detail-${side}-${at}-${lang}`, lang);
          const overview = `/my/schedules?meeting_id=${meetingId}`;
          await shoot(who, overview, 'calendar-card', `my-schedules-${side}-${at}-${lang}`, lang);
          if (who === visitor) {
            const form = `/meeting/enterprise/appointment?enterprise_id=${enterpriseId}&meeting_id=${meetingId}`;
            await shoot(who, form, 'booking-form', `appointment-booking-${at}-${lang}`, lang);
            const mine = `/meeting/my/schedule?meeting_id=${meetingId}`;
            await shoot(who, mine, 'schedule-entry', `my-schedule-${at}-${lang}`, lang);
          } else {
            const theirs = `/meeting/exhibitor/schedule?meeting_id=${meetingId}`;
            await shoot(who, theirs, 'schedule-entry', `exhibitor-schedule-${at}-${lang}`, lang);
          }
          expect(await who.page.evaluate(() => document.documentElement.dir)).toBe(
            lang === 'ar' ? 'rtl' : 'ltr',
          );
        }
      }
    }
    // The calendar link is the caller's private feed and serves iCalendar.
    await go(visitor.page, `/my/schedules?meeting_id=${meetingId}`);
    await visitor.page.locator('[data-testid="calendar-url"]').waitFor();
    const url = ((await visitor.page.locator('[data-testid="calendar-url"]').textContent()) ?? '').trim();
    expect(url).toMatch(/\/api\/calendars\/[a-z0-9]+\.ics$/);
    const feed = await fetch(url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VEVENT');
  });
});
