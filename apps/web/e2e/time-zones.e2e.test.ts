import type { AppointmentAuthentication, Meeting, Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { fetchDemoMeeting, demoMeetingId as meetingId } from './demo-meeting.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The one time rule (lib/time.ts): the same demo meeting (Europe/Berlin) seen from three device
 * zones. In Berlin the agenda, the activity, the ticket and my events show bare times; in New York
 * the same wall-clock times carry the meeting zone's name. The exhibitor's slots keep their own zone
 * (Asia/Shanghai, §3 appointment timezone): bare on a Shanghai device, named from Berlin or New York.
 */

const forumId = '64656d6f00000000000a0001';
const [phoneSize, desktopSize] = viewports;
const zones = { meeting: 'Europe/Berlin', slots: 'Asia/Shanghai', away: 'America/New_York' } as const;
/** A time range with nothing after it, and one with a zone name after it ('GMT+1', 'GMT+8'). */
const bare = /^\d\d:\d\d – \d\d:\d\d$/;
const named = (zone: string) => new RegExp(`^\\d\\d:\\d\\d – \\d\\d:\\d\\d ${zone.replace('+', '\\+')}$`);

let server: TestServer;
let browser: Browser;
let meeting: Meeting;
let enterpriseId = '';
/** The visitor's stored session (localStorage), put into each zone's fresh browser context. */
let visitorStorage: Record<string, string> = {};

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-time-zones',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs a phone in through the login page; returns the token and the page's stored values. */
async function login(phone: string): Promise<{ token: string; storage: Record<string, string> }> {
  const { page } = await openPage(browser, desktopSize, { timezoneId: zones.meeting });
  const redirect = `/my/index?meeting_id=${meetingId}`;
  await page.goto(
    `${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=${encodeURIComponent(redirect)}`,
  );
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const storage = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
  await page.context().close();
  const token = storage.token;
  if (!token) throw new Error(`no token after logging in ${phone}`);
  return { token, storage };
}

/** A page of a device in `timezoneId`, logged in as the visitor. */
async function visitorIn(
  timezoneId: string,
  viewport: Viewport = phoneSize,
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport, { timezoneId });
  await opened.page.addInitScript((stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }
  }, visitorStorage);
  return opened;
}

async function go(page: Page, path: string, lang = 'en') {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${server.url}/#${path}${separator}lang=${lang}`);
  await settle(page);
}

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').trim();

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  meeting = await fetchDemoMeeting(server.url);
  expect(meeting.time_zone).toBe(zones.meeting);
  const exhibitor = await login('13700137011');
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
  const visitor = await login('13600136011');
  visitorStorage = visitor.storage;
  // A ticket for the opening forum (14:00 – 17:00 on the first day, Berlin time): the ticket pages
  // show it, and appointments need one (§6).
  const body: RequestBody = {
    activity_id: forumId,
    price_id: '64656d6f00000000000c0101',
    'data[64656d6f00000000000e0101]': 'Zone Tester',
    'data[64656d6f00000000000e0102][area_code]': '86',
    'data[64656d6f00000000000e0102][number]': '13600136011',
  };
  const [ticket] = await apiAs(visitor.token).post<Ticket[]>('/tickets', body);
  expect(ticket?.status === 1 || ticket?.status === 3).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('times say their zone when it is not the device zone', () => {
  it("agenda: bare in the meeting's zone, the same wall-clock times named from New York", async () => {
    const day = meeting.days[1]?.date ?? '';
    const seen: Record<string, string> = {};
    for (const zone of [zones.meeting, zones.away]) {
      const { page, errors } = await visitorIn(zone, desktopSize);
      await go(page, `/meeting/agenda/schedule?day=${day}&meeting_id=${meetingId}`);
      await page.locator('section[aria-live] [data-testid="session-card"]').first().waitFor();
      seen[zone] = await text(page, 'section[aria-live] [data-testid="session-time"]');
      const headingZones = await page.locator('section[aria-live] [data-testid="time-zone"]').count();
      if (zone === zones.meeting) expect(headingZones).toBe(0);
      else expect(headingZones).toBeGreaterThan(0);
      // (Logged in, the page speaks the account's language; journeys.e2e.test.ts shoots zh, en and ar.)
      await screenshot(page, `time-zones-agenda-${zone.replace('/', '-')}-desktop-en`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    expect(seen[zones.meeting]).toMatch(bare);
    expect(seen[zones.away]).toMatch(named('GMT+1'));
    expect(seen[zones.away]?.startsWith(seen[zones.meeting] ?? '-')).toBe(true);
  });

  it('activity, ticket and my events: 14:00 – 17:00 in Berlin, 14:00 – 17:00 GMT+1 in New York', async () => {
    for (const zone of [zones.meeting, zones.away]) {
      const suffix = zone === zones.meeting ? '' : ' GMT+1';
      const { page, errors } = await visitorIn(zone);
      await go(page, `/meeting/activity/detail?activity_id=${forumId}&meeting_id=${meetingId}`);
      const when = await text(page, '[data-testid="activity-when"]');
      expect(when.endsWith(`14:00 – 17:00${suffix}`)).toBe(true);

      await go(page, `/my/tickets?meeting_id=${meetingId}`);
      await page.locator('[data-testid^="tickets-"]').first().waitFor();
      const tickets = await text(page, '[data-testid^="tickets-"]');
      expect(tickets).toContain(`14:00 – 17:00${suffix}`);
      if (!suffix) expect(tickets).not.toMatch(/GMT/);

      await go(page, `/my/event?meeting_id=${meetingId}`);
      const zoneNames = page.locator('[data-testid="time-zone"]');
      await page.getByText('Opening forum').first().waitFor();
      expect(await zoneNames.count()).toBe(suffix ? 1 : 0);
      if (suffix) expect(await zoneNames.first().textContent()).toBe('GMT+1');
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('appointment slots keep their own zone: bare in Shanghai, named from Berlin and New York', async () => {
    const seen: Record<string, string> = {};
    for (const zone of [zones.slots, zones.meeting, zones.away]) {
      const { page, errors } = await visitorIn(zone);
      await go(page, `/meeting/enterprise/appointment?enterprise_id=${enterpriseId}&meeting_id=${meetingId}`);
      await page.locator('[data-testid="booking-form"]').waitFor();
      await page.locator('[data-testid="booking-slot"]').first().waitFor();
      seen[zone] = await text(page, '[data-testid="booking-slot"]');
      expect(errors).toEqual([]);
      await page.context().close();
    }
    expect(seen[zones.slots]).toBe('10:00 – 10:30');
    expect(seen[zones.meeting]).toBe('10:00 – 10:30 GMT+8');
    expect(seen[zones.away]).toBe('10:00 – 10:30 GMT+8');
  });
});
