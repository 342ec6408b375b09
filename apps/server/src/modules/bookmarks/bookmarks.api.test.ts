import type { Agenda, BookmarkState, CalendarFeed, LoginResult, Ticket, TimelineItem } from '@app/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { activities } from '../activities/activities.tables.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { appointments, schedules } from '../appointments/appointments.tables.ts';
import { tickets as ticketRows } from '../tickets/tickets.tables.ts';
import { agendaBookmarks } from './bookmarks.tables.ts';

/**
 * The personal agenda (§7 Users: POST/DELETE /users/{id}/agendas/{agenda_id}, GET /users/{id}/agendas
 * and /tickets; §2 /my/schedules timeline; the calendar feed with bookmarks and registered activities).
 */

let world: DemoWorld;
let meetingId: string;
let participant: LoginResult;
let stranger: LoginResult;
let organiser: LoginResult;
const me = (login: LoginResult) => login.user_id.$id;
const ids = { clash: '', later: '', hidden: '', otherMeeting: '', appointment: '' };
let forum: { start: Date; end: Date };

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: LoginResult | null) {
  return world.t.call(method, url, { headers: who ? bearer(who) : {} });
}
const bookmarkUrl = (userId: string, agendaId: string) => apiUrl(`/users/${userId}/agendas/${agendaId}`);

async function insertAgenda(input: {
  meetingId: string;
  start: Date;
  end: Date;
  title: string;
  shown?: 0 | 1;
}) {
  const id = newId();
  await world.t.database.db.insert(agendas).values({
    id,
    meetingId: input.meetingId,
    guid: `guid-${id}`,
    title: { en: input.title },
    start: input.start,
    end: input.end,
    enableShow: input.shown ?? 1,
  });
  return id;
}

async function bookmarkRows(userId: string, agendaId: string) {
  const [row] = await world.t.database.db
    .select({ n: count() })
    .from(agendaBookmarks)
    .where(and(eq(agendaBookmarks.userId, userId), eq(agendaBookmarks.agendaId, agendaId)));
  return row?.n ?? 0;
}

beforeAll(async () => {
  world = await createDemoWorld({ env: { PUBLIC_URL: 'https://expo.example.org' } });
  meetingId = world.meetingId;
  participant = world.logins.participant;
  stranger = world.logins.user;
  organiser = world.logins.organiser;
  const db = world.t.database.db;
  const [activity] = await db
    .select({ start: activities.start, end: activities.end })
    .from(activities)
    .where(eq(activities.id, demoActivityIds.forum));
  if (!activity) throw new Error('demo forum missing');
  forum = activity;
  // A session overlapping the forum's first hour, one well after it, a hidden one, another meeting's.
  ids.clash = await insertAgenda({
    meetingId,
    start: forum.start,
    end: new Date(forum.start.getTime() + 3600_000),
    title: 'Clashing keynote',
  });
  ids.later = await insertAgenda({
    meetingId,
    start: new Date(forum.end.getTime() + 86_400_000),
    end: new Date(forum.end.getTime() + 86_400_000 + 1800_000),
    title: 'Later workshop',
  });
  ids.hidden = await insertAgenda({
    meetingId,
    start: forum.start,
    end: forum.end,
    title: 'Hidden',
    shown: 0,
  });
  ids.otherMeeting = await insertAgenda({
    meetingId: otherMeetingId,
    start: forum.start,
    end: forum.end,
    title: 'Elsewhere',
  });
  // An accepted appointment of the participant overlapping the clashing session's second half.
  const [enterprise] = (
    (await db.execute(
      sql`SELECT enterprise_id FROM exhibitors WHERE meeting_id = ${meetingId} AND deleted = 0 ORDER BY id LIMIT 1`,
    )) as unknown as { rows: { enterprise_id: string }[] }
  ).rows;
  ids.appointment = newId();
  const start = new Date(forum.start.getTime() + 1800_000);
  const end = new Date(forum.start.getTime() + 5400_000);
  await db.insert(appointments).values({
    id: ids.appointment,
    meetingId,
    enterpriseId: enterprise?.enterprise_id ?? '',
    requesterUserId: me(participant),
    start,
    end,
    timezone: 'Asia/Shanghai',
    mode: 'offline',
    booth: 'B-12',
    matter: 'Robot arms',
    status: 1,
  });
  await db.insert(schedules).values({
    id: newId(),
    meetingId,
    kind: 'appointment',
    appointmentId: ids.appointment,
    userId: me(participant),
    start,
    end,
    timezone: 'Asia/Shanghai',
  });
});
afterAll(() => world.t.close());

describe('bookmarks: POST/DELETE /users/{id}/agendas/{agenda_id} (§7 Users)', () => {
  it('bookmarking twice keeps one row; ten at once keep one row', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', bookmarkUrl(me(participant), ids.clash), participant);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ agenda_id: ids.clash, bookmarked: 1 } satisfies BookmarkState);
    }
    expect(await bookmarkRows(me(participant), ids.clash)).toBe(1);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', bookmarkUrl(me(participant), ids.later), participant)),
    );
    expect(burst.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await bookmarkRows(me(participant), ids.later)).toBe(1);
  });

  it('removing twice answers bookmarked 0 both times', async () => {
    await call('POST', bookmarkUrl(me(stranger), ids.later), stranger);
    for (let i = 0; i < 2; i += 1) {
      const res = await call('DELETE', bookmarkUrl(me(stranger), ids.later), stranger);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as BookmarkState).bookmarked).toBe(0);
    }
    expect(await bookmarkRows(me(stranger), ids.later)).toBe(0);
  });

  it('refuses guests (401), other users (403), hidden, unknown and other meetings’ sessions (404); nothing stored', async () => {
    expect((await call('POST', bookmarkUrl(me(participant), ids.later), null)).statusCode).toBe(401);
    const forOther = await call('POST', bookmarkUrl(me(participant), ids.hidden), stranger);
    expect(forOther.statusCode).toBe(403);
    expect((await call('DELETE', bookmarkUrl(me(participant), ids.clash), stranger)).statusCode).toBe(403);
    for (const agendaId of [ids.hidden, ids.otherMeeting, 'f'.repeat(24)]) {
      const res = await call('POST', bookmarkUrl(me(stranger), agendaId), stranger);
      expect(res.statusCode, agendaId).toBe(404);
      expect(res.json().code).toBe('not_found');
      expect(await bookmarkRows(me(stranger), agendaId)).toBe(0);
    }
    expect((await call('POST', bookmarkUrl(me(stranger), 'not-an-id'), stranger)).statusCode).toBe(400);
    expect(await bookmarkRows(me(participant), ids.clash)).toBe(1);
  });

  it('GET /users/{id}/agendas lists the shown bookmarks by start, only to the user', async () => {
    const res = await call('GET', apiUrl(`/users/${me(participant)}/agendas`), participant);
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { results: Agenda[] }).results;
    expect(list.map((a) => a._id.$id)).toEqual([ids.clash, ids.later]);
    expect((await call('GET', apiUrl(`/users/${me(participant)}/agendas`), stranger)).statusCode).toBe(403);
    expect((await call('GET', apiUrl(`/users/${me(participant)}/agendas`), null)).statusCode).toBe(401);
  });
});

describe('GET /users/{id}/tickets (§7 Users)', () => {
  it('the user and a registration reader see the tickets; another user does not', async () => {
    await world.t.database.db
      .update(ticketRows)
      .set({ phone: '+8613800138555', areaCode: '86', email: 'holder@example.org' })
      .where(and(eq(ticketRows.userId, me(participant)), eq(ticketRows.meetingId, meetingId)));
    const own = await call('GET', apiUrl(`/users/${me(participant)}/tickets`), participant);
    expect(own.statusCode, own.body).toBe(200);
    const tickets = (own.json() as { results: Ticket[] }).results;
    expect(tickets.map((ticket) => ticket.activity_id.$id)).toContain(demoActivityIds.forum);
    const byOrganiser = await call('GET', apiUrl(`/users/${me(participant)}/tickets`), organiser);
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(200);
    expect((byOrganiser.json() as { results: Ticket[] }).results).toHaveLength(tickets.length);
    // §6: the user sees their own contacts; the organiser gets the staff view, contacts only in the console.
    expect(tickets.some((ticket) => ticket.email === 'holder@example.org')).toBe(true);
    for (const ticket of (byOrganiser.json() as { results: Ticket[] }).results) {
      expect(ticket).toMatchObject({ phone: null, area_code: null, email: null, id_number: null, form: {} });
    }
    expect((await call('GET', apiUrl(`/users/${me(participant)}/tickets`), stranger)).statusCode).toBe(403);
    expect((await call('GET', apiUrl(`/users/${me(participant)}/tickets`), null)).statusCode).toBe(401);
  });
});

describe('GET /meeting/my/timeline (§2 /my/schedules)', () => {
  it('puts bookmarks, appointments and registrations in order and marks clashes both ways', async () => {
    const res = await call('GET', apiUrl('/meeting/my/timeline'), participant);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { results: TimelineItem[] }).results;
    const byId = new Map(items.map((item) => [item.id, item]));
    const clash = byId.get(`bookmark:${ids.clash}`);
    const later = byId.get(`bookmark:${ids.later}`);
    const appointment = byId.get(`appointment:${ids.appointment}`);
    const activity = items.find((item) => item.kind === 'activity' && item.ref_id === demoActivityIds.forum);
    expect(clash && later && appointment && activity).toBeTruthy();
    expect(activity?.status).toBe(1);
    expect(clash?.clashes_with.sort()).toEqual([appointment?.id, activity?.id].sort());
    expect(appointment?.clashes_with).toContain(clash?.id);
    expect(activity?.clashes_with).toContain(clash?.id);
    expect(later?.clashes_with).toEqual([]);
    expect(items.map((item) => item.start)).toEqual(
      [...items.map((item) => item.start)].sort((a, b) => a - b),
    );
    expect(appointment?.link).toBe(`/appointment?appointment_id=${ids.appointment}&meeting_id=${meetingId}`);
    expect(items.some((item) => item.ref_id === ids.hidden)).toBe(false);
  });

  it('is empty for a user with nothing, and 401 for a guest', async () => {
    const res = await call('GET', apiUrl('/meeting/my/timeline'), organiser);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { results: TimelineItem[] }).results).toEqual([]);
    expect((await call('GET', apiUrl('/meeting/my/timeline'), null)).statusCode).toBe(401);
  });
});

describe('the calendar feed with bookmarks and registered activities', () => {
  it('is valid iCalendar with the bookmarks, the registration and the appointment; a reset revokes the old URL', async () => {
    const feed = await call('GET', apiUrl('/meeting/schedules/calendar'), participant);
    expect(feed.statusCode, feed.body).toBe(200);
    const { url } = feed.json() as CalendarFeed;
    const path = new URL(url).pathname;
    const file = await world.t.call('GET', path, { unsigned: true });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(file.body));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const uids = events.map((event) => event.uid);
    expect(uids).toContain(`bookmark-${ids.clash}@expo.example.org`);
    expect(uids).toContain(`bookmark-${ids.later}@expo.example.org`);
    expect(uids.some((uid) => uid.startsWith('activity-'))).toBe(true);
    expect(uids.filter((uid) => uid.startsWith('bookmark-'))).toHaveLength(2);
    const clash = events.find((event) => event.uid === `bookmark-${ids.clash}@expo.example.org`);
    expect(clash?.summary).toBe('Clashing keynote');
    expect(clash?.startDate.toJSDate().getTime()).toBe(forum.start.getTime());
    expect(clash?.endDate.toJSDate().getTime()).toBe(forum.start.getTime() + 3600_000);
    const activity = events.find((event) => event.uid.startsWith('activity-'));
    expect(activity?.startDate.toJSDate().getTime()).toBe(forum.start.getTime());
    // Every TZID used has its VTIMEZONE.
    const zones = new Set(
      calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    );
    expect(zones.size).toBeGreaterThan(0);
    for (const event of events) {
      const tzid = event.component.getFirstProperty('dtstart')?.getParameter('tzid');
      if (typeof tzid === 'string') expect(zones.has(tzid), tzid).toBe(true);
    }

    const reset = await call('POST', apiUrl('/meeting/schedules/calendar'), participant);
    expect(reset.statusCode).toBe(200);
    expect((await world.t.call('GET', path, { unsigned: true })).statusCode).toBe(404);
    const fresh = new URL((reset.json() as CalendarFeed).url).pathname;
    expect((await world.t.call('GET', fresh, { unsigned: true })).statusCode).toBe(200);
  });

  it('drops a session once unbookmarked', async () => {
    await call('DELETE', bookmarkUrl(me(participant), ids.later), participant);
    const feed = await call('GET', apiUrl('/meeting/schedules/calendar'), participant);
    const file = await world.t.call('GET', new URL((feed.json() as CalendarFeed).url).pathname, {
      unsigned: true,
    });
    expect(file.body).not.toContain(`bookmark-${ids.later}`);
    expect(file.body).toContain(`bookmark-${ids.clash}`);
  });
});
