import type { Appointment } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { exhibitIds, seedExhibits } from '../exhibitors/exhibitors.fixtures.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import {
  appointmentSnapshot,
  giveTicket,
  insertSlot,
  newExhibitorUser,
  newParticipant,
  newPerson,
  type Person,
} from './appointments.fixtures.ts';
import { appointments, schedules } from './appointments.tables.ts';

/**
 * Appointments through the API (§4, §5, §6, §7 Appointments, §8): every §5
 * refusal with its code and message and nothing stored, who may book and handle, the state machine
 * end to end, the time-conflict warning and force, daylight-saving and time-zone edges, and the
 * notices in the outbox. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
const meetingId = ids.meeting;
const robot = exhibitIds.robotCn;
const robotJa = exhibitIds.robotJa;
const hour = 3600;
const day = 24 * hour;

/** 'YYYY-MM-DD' of the UTC day `n` days from now. */
function dayAhead(n: number): string {
  return new Date(Date.now() + n * day * 1000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the last Sunday of `month` (1–12) in the first year where it is ≥ 2 days ahead. */
function nextLastSunday(month: number): string {
  for (let year = new Date().getUTCFullYear(); ; year += 1) {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    if (last.getTime() > Date.now() + 2 * day * 1000) return last.toISOString().slice(0, 10);
  }
}

type Body = Record<string, unknown>;

/** POST /appointments by `who`: a valid request to Smart Robot Co. unless overridden. */
function request(who: Person, overrides: Body = {}) {
  return t.call('POST', apiUrl('/appointments'), {
    headers: bearer(who),
    json: {
      meeting_id: meetingId,
      enterprise_id: robot,
      date: dayAhead(10),
      start_time: '10:00',
      end_time: '11:00',
      timezone: 'Asia/Shanghai',
      mode: 'offline',
      matter: 'Robot arms for our factory',
      ...overrides,
    },
  });
}

/** POST /appointments/{id}/{action} (or DELETE) by `who`. */
function act(who: Person, id: string, action: 'accept' | 'ignore' | 'cancel' | 'delete', reason?: string) {
  if (action === 'delete') return t.call('DELETE', apiUrl(`/appointments/${id}`), { headers: bearer(who) });
  return t.call('POST', apiUrl(`/appointments/${id}/${action}`), {
    headers: bearer(who),
    json: reason === undefined ? {} : { reason },
  });
}

/** POST /appointments/schedules/{slot} by `who`. */
function bookSlot(who: Person, slotId: string, body: Body = {}) {
  return t.call('POST', apiUrl(`/appointments/schedules/${slotId}`), {
    headers: bearer(who),
    json: { mode: 'online', matter: 'A demo please', ...body },
  });
}

async function list(who: Person, query: Body = {}): Promise<Appointment[]> {
  const response = await t.call('GET', apiUrl('/appointments', { meeting_id: meetingId, ...query }), {
    headers: bearer(who),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Appointment[] }).results;
}

const idOf = (appointment: Appointment) => appointment._id.$id;

let exhibitor: Person;

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, ids.meeting, ids.otherMeeting);
  exhibitor = await newExhibitorUser(t, { meetingId, enterpriseId: robot, email: 'sales@robot.test' });
});

afterAll(async () => {
  await t.close();
});

describe('§5 refusals: each with its code and message, nothing stored', () => {
  let visitor: Person;
  beforeAll(async () => {
    visitor = await newParticipant(t, meetingId);
  });

  const cases: [string, Body, string, string][] = [
    ['no date', { date: '' }, 'appointment.date_required', 'Please choose a date first'],
    ['an impossible date', { date: '2031-02-30' }, 'appointment.date_required', 'Please choose a date first'],
    ['no start time', { start_time: '' }, 'appointment.time_required', 'Please choose a time'],
    ['a malformed end time', { end_time: '25:00' }, 'appointment.time_required', 'Please choose a time'],
    ['an unknown zone', { timezone: 'Mars/Olympus' }, 'appointment.time_zone_invalid', 'Unknown time zone'],
    ['a past date', { date: dayAhead(-2) }, 'appointment.start_past', 'The time must be after now'],
    [
      'start = end',
      { start_time: '10:00', end_time: '10:00' },
      'appointment.same_time',
      'The start and end time cannot be the same',
    ],
    [
      'end before start',
      { start_time: '11:00', end_time: '10:00' },
      'appointment.end_before_start',
      'The end must be after the start',
    ],
    ['an empty matter', { matter: '   ' }, 'appointment.matter_required', 'Please describe the matter'],
  ];
  for (const [what, overrides, code, message] of cases) {
    it(`refuses ${what}: 400 ${code}`, async () => {
      const before = await appointmentSnapshot(t, meetingId);
      const response = await request(visitor, overrides);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code, message });
      expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
    });
  }

  it('refuses a time skipped by the clocks (02:30 on Berlin spring-forward day): 400 time_nonexistent', async () => {
    const before = await appointmentSnapshot(t, meetingId);
    const response = await request(visitor, {
      date: nextLastSunday(3),
      start_time: '02:30',
      end_time: '04:00',
      timezone: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'appointment.time_nonexistent',
      message: 'This time does not exist in that time zone (the clocks change)',
    });
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
  });

  it('refuses a visitor without an approved ticket: 403 participant_required (under review, deleted, none)', async () => {
    const none = await newPerson(t, meetingId);
    const underReview = await newPerson(t, meetingId);
    await giveTicket(t, { meetingId, userId: underReview.userId, status: 0 });
    const deleted = await newPerson(t, meetingId);
    await giveTicket(t, { meetingId, userId: deleted.userId, status: 1, deleted: 1 });
    const elsewhere = await newPerson(t, meetingId);
    await giveTicket(t, { meetingId: ids.otherMeeting, userId: elsewhere.userId, status: 1 });
    const before = await appointmentSnapshot(t, meetingId);
    for (const who of [none, underReview, deleted, elsewhere]) {
      const response = await request(who);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'appointment.participant_required' });
    }
    const slot = await insertSlot(t, {
      meetingId,
      enterpriseId: robot,
      start: Math.floor(Date.now() / 1000) + 40 * day,
      end: Math.floor(Date.now() / 1000) + 40 * day + hour,
    });
    const booked = await bookSlot(none, slot);
    expect(booked.statusCode).toBe(403);
    expect(booked.json()).toMatchObject({ code: 'appointment.participant_required' });
    const after = await appointmentSnapshot(t, meetingId);
    expect(after.appointments).toEqual(before.appointments);
    // A checked-in ticket (status 3) counts as registered.
    const checkedIn = await newPerson(t, meetingId);
    await giveTicket(t, { meetingId, userId: checkedIn.userId, status: 3 });
    const auth = await t.call(
      'GET',
      apiUrl('/appointments/user/is_authentication', { meeting_id: meetingId }),
      { headers: bearer(checkedIn) },
    );
    expect(auth.json()).toEqual({ is_authentication: 1, is_exhibitor: 0, enterprise_id: null });
    const noTicket = await t.call(
      'GET',
      apiUrl('/appointments/user/is_authentication', { meeting_id: meetingId }),
      { headers: bearer(none) },
    );
    expect(noTicket.json()).toEqual({ is_authentication: 0, is_exhibitor: 0, enterprise_id: null });
  });

  it("refuses an enterprise that does not exhibit at the meeting (404) and one's own enterprise (400)", async () => {
    const before = await appointmentSnapshot(t, meetingId);
    for (const enterpriseId of [exhibitIds.otherMeetingOnly, exhibitIds.deleted, ids.missing]) {
      const response = await request(visitor, { enterprise_id: enterpriseId });
      expect(response.statusCode, enterpriseId).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    await giveTicket(t, { meetingId, userId: exhibitor.userId });
    const own = await request(exhibitor);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'appointment.own_enterprise' });
    const auth = await t.call(
      'GET',
      apiUrl('/appointments/user/is_authentication', { meeting_id: meetingId }),
      { headers: bearer(exhibitor) },
    );
    expect(auth.json()).toEqual({ is_authentication: 1, is_exhibitor: 1, enterprise_id: { $id: robot } });
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
  });

  it("refuses slots that have started, are unknown, deleted or another enterprise's", async () => {
    const now = Math.floor(Date.now() / 1000);
    const started = await insertSlot(t, { meetingId, enterpriseId: robot, start: now - 60, end: now + hour });
    const jaSlot = await insertSlot(t, {
      meetingId,
      enterpriseId: robotJa,
      start: now + 50 * day,
      end: now + 50 * day + hour,
    });
    const before = await appointmentSnapshot(t, meetingId);
    const past = await bookSlot(visitor, started);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'appointment.start_past',
      message: 'The time must be after now',
    });
    expect((await bookSlot(visitor, ids.missing)).statusCode).toBe(404);
    const wrongEnterprise = await t.call(
      'POST',
      apiUrl(`/enterprises/${robot}/schedules/${jaSlot}/appointments`),
      {
        headers: bearer(visitor),
        json: { mode: 'online', matter: 'Hello' },
      },
    );
    expect(wrongEnterprise.statusCode).toBe(404);
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
    await t.database.db.update(schedules).set({ deleted: 1 }).where(eq(schedules.id, jaSlot));
    expect((await bookSlot(visitor, jaSlot)).statusCode).toBe(404);
  });
});

describe('who may handle a request', () => {
  it("answers a stranger's accept, ignore, cancel and delete with 404 and changes nothing; the requester cannot accept (403)", async () => {
    const visitor = await newParticipant(t, meetingId);
    const created = await request(visitor, { date: dayAhead(11) });
    expect(created.statusCode, created.body).toBe(200);
    const id = idOf(created.json());
    const stranger = await newParticipant(t, meetingId);
    const otherExhibitor = await newExhibitorUser(t, { meetingId, enterpriseId: robotJa });
    const before = await appointmentSnapshot(t, meetingId);
    for (const who of [stranger, otherExhibitor]) {
      for (const action of ['accept', 'ignore', 'cancel', 'delete'] as const) {
        const response = await act(who, id, action);
        expect(response.statusCode, `${action}: ${response.body}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    }
    const ownAccept = await act(visitor, id, 'accept');
    expect(ownAccept.statusCode).toBe(403);
    expect(ownAccept.json()).toMatchObject({ code: 'no_permission' });
    const ownIgnore = await act(visitor, id, 'ignore');
    expect(ownIgnore.statusCode).toBe(403);
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
    // The enterprise list is only for a bound exhibitor.
    const forbidden = await t.call(
      'GET',
      apiUrl('/appointments', { meeting_id: meetingId, type: 'enterprise' }),
      {
        headers: bearer(stranger),
      },
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'no_permission' });
  });
});

describe('the state machine through the API', () => {
  it('books a slot, accepts it (2 schedule entries, contact shown), cancels it (entries removed, slot free again), ignores the next', async () => {
    const now = Math.floor(Date.now() / 1000);
    const start = now + 20 * day;
    const slot = await insertSlot(t, {
      meetingId,
      enterpriseId: robot,
      start,
      end: start + hour,
      timezone: 'Asia/Tokyo',
    });
    const visitor = await newParticipant(t, meetingId, {
      phone: '+8613800139001',
      email: 'ann@visitor.test',
    });
    const booked = await bookSlot(visitor, slot, { mode: 'offline' });
    expect(booked.statusCode, booked.body).toBe(200);
    const appointment = booked.json() as Appointment;
    expect(appointment).toMatchObject({
      schedule_id: { $id: slot },
      start,
      end: start + hour,
      timezone: 'Asia/Tokyo',
      status: 0,
      state: 'applying',
      is_pending: 1,
      role: 'requester',
      actions: ['cancel'],
      booth: 'A-101',
      enterprise: { _id: { $id: robot }, booth: 'A-101', title: { en: 'Smart Robot Co.' } },
      requester: { phone: '', email: '' },
    });
    const id = idOf(appointment);
    const pending = await list(exhibitor, { type: 'enterprise', pending: 1 });
    expect(pending.map(idOf)).toContain(id);
    const seen = pending.find((a) => idOf(a) === id) as Appointment;
    expect(seen).toMatchObject({
      role: 'exhibitor',
      actions: ['accept', 'ignore'],
      requester: { phone: '', email: '' },
    });

    const accepted = await act(exhibitor, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 1,
      state: 'accepted',
      is_pending: 0,
      actions: ['cancel'],
      requester: { phone: '+8613800139001', email: 'ann@visitor.test' },
    });
    const entries = await t.database.db.select().from(schedules).where(eq(schedules.appointmentId, id));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => [e.kind, e.userId, e.enterpriseId, e.deleted]).sort()).toEqual(
      [
        ['appointment', visitor.userId, null, 0],
        ['appointment', null, robot, 0],
      ].sort(),
    );
    for (const entry of entries) {
      expect(entry.start.getTime()).toBe(start * 1000);
      expect(entry.timezone).toBe('Asia/Tokyo');
    }
    // The requester never sees their own contact echoed back as the exhibitor would.
    const mine = await list(visitor, { _id: id });
    expect(mine[0]).toMatchObject({ status: 1, requester: { phone: '', email: '' } });
    // Accepting twice: the request was already answered.
    const again = await act(exhibitor, id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'appointment.accept_failed',
      message: 'The request could not be handled: it was already answered, withdrawn or has ended',
    });
    // Another visitor cannot take the slot while it is held.
    const second = await newParticipant(t, meetingId);
    const taken = await bookSlot(second, slot);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'appointment.already_booked',
      message: 'This time is already booked',
    });

    const cancelled = await act(visitor, id, 'cancel', 'Flight changed');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 4,
      state: 'cancelled',
      cancelled_by: 'requester',
      reason: 'Flight changed',
    });
    const after = await t.database.db.select().from(schedules).where(eq(schedules.appointmentId, id));
    expect(after.map((e) => e.deleted)).toEqual([1, 1]);

    const rebooked = await bookSlot(second, slot);
    expect(rebooked.statusCode, rebooked.body).toBe(200);
    const ignored = await act(exhibitor, idOf(rebooked.json()), 'ignore', 'Fully booked that day');
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json()).toMatchObject({
      status: 2,
      state: 'ignored',
      reason: 'Fully booked that day',
      actions: ['delete'],
    });
    const lateCancel = await act(second, idOf(rebooked.json()), 'cancel');
    expect(lateCancel.statusCode).toBe(409);
    expect(lateCancel.json()).toMatchObject({ code: 'appointment.accept_failed' });
  });

  it('lets the exhibitor cancel an accepted one; retracts a pending one; delete hides it for that side only', async () => {
    const visitor = await newParticipant(t, meetingId);
    const first = await request(visitor, { date: dayAhead(12) });
    expect(first.statusCode, first.body).toBe(200);
    const firstId = idOf(first.json());
    expect((await act(exhibitor, firstId, 'accept')).statusCode).toBe(200);
    const byExhibitor = await act(exhibitor, firstId, 'cancel');
    expect(byExhibitor.statusCode, byExhibitor.body).toBe(200);
    expect(byExhibitor.json()).toMatchObject({ status: 4, cancelled_by: 'exhibitor', role: 'exhibitor' });

    const second = await request(visitor, { date: dayAhead(13) });
    const secondId = idOf(second.json());
    // A pending request cannot be deleted yet.
    const early = await act(visitor, secondId, 'delete');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'appointment.accept_failed' });
    // The exhibitor declines by ignoring, not cancelling.
    expect((await act(exhibitor, secondId, 'cancel')).statusCode).toBe(403);
    const retracted = await act(visitor, secondId, 'cancel');
    expect(retracted.statusCode, retracted.body).toBe(200);
    expect(retracted.json()).toMatchObject({
      status: 3,
      state: 'retracted',
      cancelled_by: null,
      actions: ['delete'],
    });

    const deleted = await act(visitor, secondId, 'delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await list(visitor)).map(idOf)).not.toContain(secondId);
    expect((await list(visitor)).map(idOf)).toContain(firstId);
    expect((await list(exhibitor, { type: 'enterprise' })).map(idOf)).toContain(secondId);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, secondId));
    expect(row).toMatchObject({ status: 3, isHiddenForRequester: 1, isHiddenForExhibitor: 0 });

    // One appointment by _id (the details page) answers from whichever side the caller is on, whatever
    // `type` says; a side that hid it, and a stranger, get nothing.
    expect((await list(visitor, { _id: firstId })).map((a) => a.role)).toEqual(['requester']);
    expect((await list(exhibitor, { _id: firstId })).map((a) => a.role)).toEqual(['exhibitor']);
    expect((await list(exhibitor, { _id: firstId, type: 'user' })).map((a) => a.role)).toEqual(['exhibitor']);
    expect(await list(visitor, { _id: secondId })).toEqual([]);
    expect((await list(exhibitor, { _id: secondId })).map(idOf)).toEqual([secondId]);
    expect(await list(await newParticipant(t, meetingId), { _id: firstId })).toEqual([]);
  });

  it('counts pending requests and lists history', async () => {
    const visitor = await newParticipant(t, meetingId);
    await request(visitor, { date: dayAhead(14) });
    await request(visitor, { date: dayAhead(15), enterprise_id: robotJa });
    const count = await t.call('GET', apiUrl('/appointments/count', { meeting_id: meetingId, pending: 1 }), {
      headers: bearer(visitor),
    });
    expect(count.json()).toEqual({ total: 2 });
    // One that has ended (written directly: the API refuses past times).
    const past = Math.floor(Date.now() / 1000) - 2 * day;
    await t.database.db.insert(appointments).values({
      id: 'abcdefabcdefabcdefab0001',
      meetingId,
      enterpriseId: robot,
      requesterUserId: visitor.userId,
      start: new Date(past * 1000),
      end: new Date((past + hour) * 1000),
      timezone: 'UTC',
      mode: 'online',
      matter: 'Old',
    });
    const ahead = await list(visitor, { history: 0 });
    expect(ahead).toHaveLength(2);
    expect(ahead[0]?.start).toBeLessThan(ahead[1]?.start as number);
    const history = await list(visitor, { history: 1 });
    expect(history.map(idOf)).toEqual(['abcdefabcdefabcdefab0001']);
    expect(history[0]).toMatchObject({ status: 0, is_pending: 0, actions: ['delete'] });
    const stillPending = await t.call(
      'GET',
      apiUrl('/appointments/count', { meeting_id: meetingId, pending: 1 }),
      {
        headers: bearer(visitor),
      },
    );
    expect(stillPending.json()).toEqual({ total: 2 });
    expect(await list(visitor, { limit: 1, skip: 1 })).toHaveLength(1);
  });
});

describe('§4 time conflict', () => {
  it('warns with the overlapping appointments (409 data.conflicts), then force=1 books it with is_forced=1', async () => {
    const visitor = await newParticipant(t, meetingId);
    const first = await request(visitor, { date: dayAhead(16), start_time: '10:00', end_time: '11:00' });
    expect(first.statusCode, first.body).toBe(200);
    const before = await appointmentSnapshot(t, meetingId);
    const overlapping = {
      enterprise_id: robotJa,
      date: dayAhead(16),
      start_time: '10:30',
      end_time: '11:30',
    };
    const warned = await request(visitor, overlapping);
    expect(warned.statusCode).toBe(409);
    const body = warned.json() as { code: string; data: { conflicts: Appointment[] } };
    expect(body.code).toBe('appointment.time_conflict');
    expect(body.data.conflicts.map(idOf)).toEqual([idOf(first.json())]);
    expect(body.data.conflicts[0]).toMatchObject({
      start_time: '10:00',
      end_time: '11:00',
      role: 'requester',
    });
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);
    // Back to back is no conflict.
    const adjacent = await request(visitor, { ...overlapping, start_time: '11:00', end_time: '12:00' });
    expect(adjacent.statusCode, adjacent.body).toBe(200);
    const forced = await request(visitor, { ...overlapping, force: '1' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({ is_forced: 1, start_time: '10:30' });
    // The same request twice while live: already booked.
    const twice = await request(visitor, { ...overlapping, force: '1' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'appointment.already_booked' });
  });
});

describe('time zones and daylight saving', () => {
  it('stores 01:30–03:30 on Berlin fall-back day as 3 hours and answers the same wall times', async () => {
    const visitor = await newParticipant(t, meetingId);
    const date = nextLastSunday(10);
    const response = await request(visitor, {
      date,
      start_time: '01:30',
      end_time: '03:30',
      timezone: 'Europe/Berlin',
    });
    expect(response.statusCode, response.body).toBe(200);
    const appointment = response.json() as Appointment;
    // 01:30 is still summer time (+02:00), 03:30 winter time (+01:00).
    const previousDay = new Date(Date.parse(`${date}T00:00:00Z`) - day * 1000).toISOString().slice(0, 10);
    expect(appointment.start).toBe(Date.parse(`${previousDay}T23:30:00Z`) / 1000);
    expect(appointment.end).toBe(Date.parse(`${date}T02:30:00Z`) / 1000);
    expect(appointment.end - appointment.start).toBe(3 * hour);
    expect(appointment).toMatchObject({
      date,
      start_time: '01:30',
      end_time: '03:30',
      timezone: 'Europe/Berlin',
    });
    const [row] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, idOf(appointment)));
    expect(row?.start.toISOString()).toBe(`${previousDay}T23:30:00.000Z`);
    expect(row?.end.toISOString()).toBe(`${date}T02:30:00.000Z`);
    const listed = await list(visitor, { _id: idOf(appointment) });
    expect(listed[0]).toMatchObject({ date, start_time: '01:30', end_time: '03:30' });
  });

  it('reads the same wall time in Shanghai and New York as different instants', async () => {
    const visitor = await newParticipant(t, meetingId);
    const date = dayAhead(30);
    const shanghai = await request(visitor, { date, timezone: 'Asia/Shanghai' });
    const newYork = await request(visitor, { date, timezone: 'America/New_York', enterprise_id: robotJa });
    expect(shanghai.statusCode, shanghai.body).toBe(200);
    expect(newYork.statusCode, newYork.body).toBe(200);
    const a = shanghai.json() as Appointment;
    const b = newYork.json() as Appointment;
    expect(a.start).toBe(Date.parse(`${date}T02:00:00Z`) / 1000);
    expect(b.start - a.start).toBeGreaterThanOrEqual(12 * hour);
    expect(b.start - a.start).toBeLessThanOrEqual(13 * hour);
    expect([a.start_time, b.start_time]).toEqual(['10:00', '10:00']);
  });
});

describe('notices through the outbox', () => {
  /** The messages to a recipient once every notice and delivery job has run. */
  async function messagesTo(recipient: string) {
    await t.drainJobs();
    return t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient)))
      .orderBy(outboxMessages.createdAt);
  }

  it('tells the exhibitor side of a request, the requester of the answer, the other side of a cancel — each in their language', async () => {
    // Notices of earlier tests find the exhibitor side when they run: let them run before it grows.
    await t.drainJobs();
    const zhExhibitor = await newExhibitorUser(t, {
      meetingId,
      enterpriseId: robotJa,
      email: 'zh-sales@robot.test',
      language: 'zh',
    });
    const visitor = await newParticipant(t, meetingId, {
      username: 'Ann Visitor',
      phone: '+8613800139002',
      language: 'en',
    });
    const created = await request(visitor, {
      enterprise_id: robotJa,
      date: dayAhead(17),
      start_time: '14:00',
      end_time: '15:00',
      timezone: 'Europe/Berlin',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = idOf(created.json());
    const requested = await messagesTo('zh-sales@robot.test');
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({ channel: 'mail', status: 'sent' });
    expect(requested[0]?.subject).toContain('Ann Visitor 向您发来会面预约');
    expect(requested[0]?.body).toContain('(Europe/Berlin)');
    expect(requested[0]?.body).toContain(`/#/appointment?appointment_id=${id}&meeting_id=${meetingId}`);

    expect((await act(zhExhibitor, id, 'accept')).statusCode).toBe(200);
    const toVisitor = await messagesTo('+8613800139002');
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(toVisitor[0]?.body).toContain('Robot Industries accepted your meeting');
    expect(toVisitor[0]?.body).toContain('2:00');

    expect((await act(visitor, id, 'cancel', 'Sorry')).statusCode).toBe(200);
    const cancelled = await messagesTo('zh-sales@robot.test');
    expect(cancelled).toHaveLength(2);
    expect(cancelled[1]?.subject).toContain('会面已取消');
    expect(cancelled[1]?.body).toContain('Ann Visitor 取消了');
    expect(cancelled[1]?.body).toContain('原因：Sorry');
    // The actor is not told of their own action.
    expect(await messagesTo('+8613800139002')).toHaveLength(1);
    // GET /texts shows them too (the local outbox).
    const texts = await t.call('GET', apiUrl('/texts'));
    expect(texts.statusCode).toBe(200);
    expect(JSON.stringify(texts.json())).toContain('zh-sales@robot.test');
  });
});
