import type { CalendarFeed, LoginResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { appointments, calendarFeeds, schedules } from '../appointments/appointments.tables.ts';
import {
  exhibitIds,
  newExhibitorAccount,
  newLogin,
  seedExhibits,
} from '../exhibitors/exhibitors.fixtures.ts';
import { exhibitorBindings } from '../exhibitors/exhibitors.tables.ts';
import { users } from '../users/users.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;
const e = exhibitIds;
const publicUrl = 'https://expo.example.org';

let visitor: LoginResult;
let other: LoginResult;
let exhibitor: LoginResult;
const userIdOf = (login: LoginResult) => login.user_id.$id;

/** Stored instants of the zone tests (unix seconds). */
const berlin = {
  // 2030-10-27 is the autumn change in Berlin: 01:30 CEST (+02:00) to 03:30 CET (+01:00), three hours.
  start: Date.parse('2030-10-26T23:30:00Z') / 1000,
  end: Date.parse('2030-10-27T02:30:00Z') / 1000,
};
const newYork = {
  // 2030-11-03 09:00–10:00 EST (-05:00), the day New York's clocks go back.
  start: Date.parse('2030-11-03T14:00:00Z') / 1000,
  end: Date.parse('2030-11-03T15:00:00Z') / 1000,
};

const entryIds = { berlin: '', newYork: '', othersEntry: '', deleted: '', exhibitorSide: '' };
const appointmentIds = { berlin: '', newYork: '' };

/** An accepted appointment with robotCn and its requester and enterprise entries. */
async function accepted(input: {
  requester: LoginResult;
  start: number;
  end: number;
  timezone: string;
  mode?: 'online' | 'offline';
  isDeleted?: boolean;
}) {
  const appointmentId = newId();
  await t.database.db.insert(appointments).values({
    id: appointmentId,
    meetingId,
    enterpriseId: e.robotCn,
    requesterUserId: userIdOf(input.requester),
    start: new Date(input.start * 1000),
    end: new Date(input.end * 1000),
    timezone: input.timezone,
    mode: input.mode ?? 'offline',
    booth: 'A-101',
    matter: `Matter ${input.timezone}`,
    status: 1,
  });
  const entry = {
    meetingId,
    kind: 'appointment' as const,
    appointmentId,
    start: new Date(input.start * 1000),
    end: new Date(input.end * 1000),
    timezone: input.timezone,
    deleted: input.isDeleted ? 1 : 0,
  };
  const userEntryId = newId();
  const enterpriseEntryId = newId();
  await t.database.db.insert(schedules).values([
    { ...entry, id: userEntryId, userId: userIdOf(input.requester) },
    { ...entry, id: enterpriseEntryId, enterpriseId: e.robotCn },
  ]);
  return { appointmentId, userEntryId, enterpriseEntryId };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: `${publicUrl}/` } });
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, meetingId, ids.otherMeeting);
  const deps = { db: t.database.db, config: t.app.deps.config };
  visitor = await newLogin(deps, meetingId, 'Vera Visitor');
  other = await newLogin(deps, meetingId, 'Otto Other');
  exhibitor = await newLogin(deps, meetingId, 'Exa Exhibitor');
  const accountId = await newExhibitorAccount(t.database.db, {
    meetingId,
    account: 'robot-cn',
    password: 'secret password',
    enterpriseId: e.robotCn,
  });
  await t.database.db
    .insert(exhibitorBindings)
    .values({ userId: userIdOf(exhibitor), meetingId, exhibitorAccountId: accountId });

  const inBerlin = await accepted({ requester: visitor, ...berlin, timezone: 'Europe/Berlin' });
  const inNewYork = await accepted({
    requester: visitor,
    ...newYork,
    timezone: 'America/New_York',
    mode: 'online',
  });
  const others = await accepted({
    requester: other,
    start: newYork.start + 7200,
    end: newYork.end + 7200,
    timezone: 'Asia/Shanghai',
  });
  const deleted = await accepted({
    requester: visitor,
    start: newYork.start + 86_400,
    end: newYork.end + 86_400,
    timezone: 'Asia/Shanghai',
    isDeleted: true,
  });
  entryIds.berlin = inBerlin.userEntryId;
  entryIds.newYork = inNewYork.userEntryId;
  entryIds.othersEntry = others.userEntryId;
  entryIds.deleted = deleted.userEntryId;
  entryIds.exhibitorSide = others.enterpriseEntryId;
  appointmentIds.berlin = inBerlin.appointmentId;
  appointmentIds.newYork = inNewYork.appointmentId;
});

afterAll(async () => {
  await t?.close();
});

async function feedOf(login: LoginResult, method: 'GET' | 'POST' = 'GET'): Promise<CalendarFeed> {
  const response = await t.call(method, '/api/meeting/schedules/calendar', { headers: bearer(login) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CalendarFeed;
}

/** Fetches a feed URL the way a calendar app does: no Apikey, no Authorization, no client headers. */
function fetchBare(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname });
}

type ParsedEvent = {
  uid: string;
  summary: string;
  start: number;
  end: number;
  tzid: string;
  dtstartTzid: string;
  event: ICAL.Event;
};

function parseEvents(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toUnixTime(),
      end: event.endDate.toUnixTime(),
      // The zone ical.js resolved the wall time in (from the VTIMEZONE), and the TZID the feed wrote.
      tzid: event.startDate.zone?.tzid ?? '',
      dtstartTzid: String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
      event,
    };
  });
  return { calendar, events };
}

describe('GET and POST /meeting/schedules/calendar', () => {
  it('creates the address once: parallel first calls agree', async () => {
    const answers = await Promise.all([feedOf(visitor), feedOf(visitor), feedOf(visitor)]);
    const urls = new Set(answers.map((answer) => answer.url));
    expect(urls.size).toBe(1);
    const [feed] = answers;
    expect(feed?.url).toMatch(/^https:\/\/expo\.example\.org\/api\/calendars\/[a-z2-7]{52}\.ics$/);
    expect(feed?.webcal_url).toBe(feed?.url.replace('https://', 'webcal://'));
    expect((await feedOf(visitor)).url).toBe(feed?.url);
    const rows = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userIdOf(visitor)));
    expect(rows).toHaveLength(1);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/api/meeting/schedules/calendar')).statusCode).toBe(401);
  });

  it('rotates: the old address answers 404, the new one works', async () => {
    const before = await feedOf(other);
    expect((await fetchBare(before.url)).statusCode).toBe(200);
    const after = await feedOf(other, 'POST');
    expect(after.url).not.toBe(before.url);
    expect((await feedOf(other)).url).toBe(after.url);
    const old = await fetchBare(before.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'not_found' });
    expect((await fetchBare(after.url)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown secret', async () => {
    const response = await fetchBare(`${publicUrl}/api/calendars/${'a'.repeat(52)}.ics`);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/calendars/{secret}.ics', () => {
  it('serves text/calendar to a client with no headers, privately', async () => {
    const feed = await feedOf(visitor);
    const response = await fetchBare(feed.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).toContain('X-WR-CALNAME:My meetings');
    expect(response.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    // Only the feed goes without an Apikey: the address call next to it still needs one.
    const bare = await fetchBare(`${publicUrl}/api/meeting/schedules/calendar`);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'apikey_missing' });
  });

  it("parses in ical.js with the stored instants in each appointment's own zone, and only the owner's entries", async () => {
    const feed = await feedOf(visitor);
    const { calendar, events } = parseEvents((await fetchBare(feed.url)).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('My meetings');
    expect(events.map((event) => event.uid).sort()).toEqual(
      [`${entryIds.berlin}@expo.example.org`, `${entryIds.newYork}@expo.example.org`].sort(),
    );
    const inBerlin = events.find((event) => event.uid.startsWith(entryIds.berlin));
    expect(inBerlin).toMatchObject({
      start: berlin.start,
      end: berlin.end,
      tzid: 'Europe/Berlin',
      dtstartTzid: 'Europe/Berlin',
      summary: 'Meeting with Smart Robot Co.',
    });
    expect(inBerlin?.event.startDate.toString()).toBe('2030-10-27T01:30:00');
    expect(inBerlin?.event.endDate.toString()).toBe('2030-10-27T03:30:00');
    expect(inBerlin?.event.description).toBe('Matter Europe/Berlin');
    expect(inBerlin?.event.location).toBe('A-101');
    expect(inBerlin?.event.component.getFirstPropertyValue('url')).toBe(
      `${publicUrl}/#/appointment?appointment_id=${appointmentIds.berlin}&meeting_id=${meetingId}`,
    );
    const inNewYork = events.find((event) => event.uid.startsWith(entryIds.newYork));
    expect(inNewYork).toMatchObject({
      start: newYork.start,
      end: newYork.end,
      tzid: 'America/New_York',
      dtstartTzid: 'America/New_York',
    });
    expect(inNewYork?.event.startDate.toString()).toBe('2030-11-03T09:00:00');
    expect(inNewYork?.event.location).toBe('Online');
    const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'));
    expect(zones.sort()).toEqual(['America/New_York', 'Europe/Berlin']);
  });

  it("gives the exhibitor their enterprise's entries, named after the requester, in their language", async () => {
    await t.database.db
      .update(users)
      .set({ language: 'zh' })
      .where(eq(users.id, userIdOf(exhibitor)));
    const feed = await feedOf(exhibitor);
    const { calendar, events } = parseEvents((await fetchBare(feed.url)).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('我的会面');
    expect(events).toHaveLength(3);
    const fromOther = events.find((event) => event.uid.startsWith(entryIds.exhibitorSide));
    expect(fromOther?.summary).toBe('与Otto Other会面');
    expect(fromOther?.tzid).toBe('Asia/Shanghai');
    const online = events.find((event) => event.start === newYork.start);
    expect(online?.event.location).toBe('线上');
  });
});
