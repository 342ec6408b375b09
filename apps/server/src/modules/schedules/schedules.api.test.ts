import type { LoginResult, ScheduleEntry } from '@app/contracts';
import { unixToZoned } from '@app/domain/appointments';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { appointments, schedules } from '../appointments/appointments.tables.ts';
import {
  exhibitIds,
  newExhibitorAccount,
  newLogin,
  seedExhibits,
} from '../exhibitors/exhibitors.fixtures.ts';
import { exhibitorBindings } from '../exhibitors/exhibitors.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;
const e = exhibitIds;
const hour = 3600;
const nowSeconds = Math.floor(Date.now() / 1000);
const at = (seconds: number) => new Date(seconds * 1000);

let visitor: LoginResult;
let other: LoginResult;
let exhibitor: LoginResult;
let stranger: LoginResult;
/** Bound to an account of an enterprise that does not exhibit in the meeting. */
let elsewhere: LoginResult;

const deps = () => ({ db: t.database.db, config: t.app.deps.config });
const userIdOf = (login: LoginResult) => login.user_id.$id;

async function bind(login: LoginResult, enterpriseId: string, account: string) {
  const accountId = await newExhibitorAccount(t.database.db, {
    meetingId,
    account,
    password: 'secret password',
    enterpriseId,
  });
  await t.database.db
    .insert(exhibitorBindings)
    .values({ userId: userIdOf(login), meetingId, exhibitorAccountId: accountId });
}

/** An appointment of `requester` with robotCn and, when accepted, its two schedule entries. */
async function insertAppointment(input: {
  requester: LoginResult;
  start: number;
  end: number;
  status: 0 | 1;
  scheduleId?: string;
  timezone?: string;
  isEntryDeleted?: boolean;
}): Promise<{ appointmentId: string; userEntryId: string; enterpriseEntryId: string }> {
  const appointmentId = newId();
  const timezone = input.timezone ?? 'Asia/Shanghai';
  await t.database.db.insert(appointments).values({
    id: appointmentId,
    meetingId,
    enterpriseId: e.robotCn,
    requesterUserId: userIdOf(input.requester),
    scheduleId: input.scheduleId ?? null,
    start: at(input.start),
    end: at(input.end),
    timezone,
    mode: 'offline',
    booth: 'A-101',
    matter: 'Talk about robot arms',
    status: input.status,
  });
  const userEntryId = newId();
  const enterpriseEntryId = newId();
  if (input.status === 1) {
    const entry = {
      meetingId,
      kind: 'appointment' as const,
      appointmentId,
      start: at(input.start),
      end: at(input.end),
      timezone,
      deleted: input.isEntryDeleted ? 1 : 0,
    };
    await t.database.db.insert(schedules).values([
      { ...entry, id: userEntryId, userId: userIdOf(input.requester) },
      { ...entry, id: enterpriseEntryId, enterpriseId: e.robotCn },
    ]);
  }
  return { appointmentId, userEntryId, enterpriseEntryId };
}

async function insertSlot(input: { start: number; end: number; deleted?: 0 | 1; enterpriseId?: string }) {
  const id = newId();
  await t.database.db.insert(schedules).values({
    id,
    meetingId,
    kind: 'slot',
    enterpriseId: input.enterpriseId ?? e.robotCn,
    start: at(input.start),
    end: at(input.end),
    timezone: 'Asia/Shanghai',
    deleted: input.deleted ?? 0,
  });
  return id;
}

async function list(login: LoginResult, params: Record<string, unknown> = {}) {
  const response = await t.call('GET', apiUrl('/meeting/schedules', { meeting_id: meetingId, ...params }), {
    headers: bearer(login),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ScheduleEntry[] }).results;
}

async function total(login: LoginResult, params: Record<string, unknown> = {}) {
  const response = await t.call(
    'GET',
    apiUrl('/meeting/schedules/count', { meeting_id: meetingId, ...params }),
    { headers: bearer(login) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
}

const idsOf = (items: ScheduleEntry[]) => items.map((item) => item._id.$id);

// Rows of the list tests (written directly, not through the booking calls).
const rows = {
  pastEntry: '',
  futureEntry: '',
  laterEntry: '',
  deletedEntry: '',
  otherEntry: '',
  heldSlot: '',
  freeSlot: '',
  pastSlot: '',
  deletedSlot: '',
  foodsSlot: '',
  heldBy: '',
  futureAppointment: '',
};

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, meetingId, ids.otherMeeting);
  visitor = await newLogin(deps(), meetingId, 'Vera Visitor');
  other = await newLogin(deps(), meetingId, 'Otto Other');
  exhibitor = await newLogin(deps(), meetingId, 'Exa Exhibitor');
  stranger = await newLogin(deps(), meetingId, 'Stan Stranger');
  elsewhere = await newLogin(deps(), meetingId, 'Elsa Elsewhere');
  await bind(exhibitor, e.robotCn, 'robot-cn');
  await bind(elsewhere, e.otherMeetingOnly, 'elsewhere');

  const past = await insertAppointment({
    requester: visitor,
    start: nowSeconds - 5 * hour,
    end: nowSeconds - 4 * hour,
    status: 1,
  });
  const future = await insertAppointment({
    requester: visitor,
    start: nowSeconds + 24 * hour,
    end: nowSeconds + 25 * hour,
    status: 1,
  });
  const later = await insertAppointment({
    requester: visitor,
    start: nowSeconds + 48 * hour,
    end: nowSeconds + 49 * hour,
    status: 1,
  });
  const deleted = await insertAppointment({
    requester: visitor,
    start: nowSeconds + 30 * hour,
    end: nowSeconds + 31 * hour,
    status: 1,
    isEntryDeleted: true,
  });
  const others = await insertAppointment({
    requester: other,
    start: nowSeconds + 26 * hour,
    end: nowSeconds + 27 * hour,
    status: 1,
  });
  rows.pastEntry = past.userEntryId;
  rows.futureEntry = future.userEntryId;
  rows.futureAppointment = future.appointmentId;
  rows.laterEntry = later.userEntryId;
  rows.deletedEntry = deleted.userEntryId;
  rows.otherEntry = others.userEntryId;
  rows.heldSlot = await insertSlot({ start: nowSeconds + 60 * hour, end: nowSeconds + 61 * hour });
  rows.freeSlot = await insertSlot({ start: nowSeconds + 61 * hour, end: nowSeconds + 62 * hour });
  rows.pastSlot = await insertSlot({ start: nowSeconds - 10 * hour, end: nowSeconds - 9 * hour });
  rows.deletedSlot = await insertSlot({
    start: nowSeconds + 62 * hour,
    end: nowSeconds + 63 * hour,
    deleted: 1,
  });
  rows.foodsSlot = await insertSlot({
    start: nowSeconds + 60 * hour,
    end: nowSeconds + 61 * hour,
    enterpriseId: e.foods,
  });
  const held = await insertAppointment({
    requester: other,
    start: nowSeconds + 60 * hour,
    end: nowSeconds + 61 * hour,
    status: 0,
    scheduleId: rows.heldSlot,
  });
  rows.heldBy = held.appointmentId;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /meeting/schedules type=user', () => {
  it("lists the caller's own live entries soonest first, with their appointment and wall times", async () => {
    const results = await list(visitor);
    expect(idsOf(results)).toEqual([rows.pastEntry, rows.futureEntry, rows.laterEntry]);
    expect(await total(visitor)).toBe(3);
    const entry = results[1];
    const wall = unixToZoned(nowSeconds + 24 * hour, 'Asia/Shanghai');
    expect(entry).toMatchObject({
      kind: 'appointment',
      owner: 'user',
      user_id: { $id: userIdOf(visitor) },
      enterprise_id: null,
      start: nowSeconds + 24 * hour,
      end: nowSeconds + 25 * hour,
      timezone: 'Asia/Shanghai',
      date: wall.date,
      start_time: wall.time,
      is_booked: 1,
      deleted: 0,
      appointment: {
        _id: { $id: rows.futureAppointment },
        role: 'requester',
        status: 1,
        matter: 'Talk about robot arms',
      },
    });
  });

  it('splits history: ended ones latest first, the others soonest first', async () => {
    expect(idsOf(await list(visitor, { history: 1 }))).toEqual([rows.pastEntry]);
    expect(idsOf(await list(visitor, { history: 0 }))).toEqual([rows.futureEntry, rows.laterEntry]);
    expect(await total(visitor, { history: 1 })).toBe(1);
    expect(await total(visitor, { history: 0 })).toBe(2);
    expect(idsOf(await list(visitor, { history: 0, limit: 1, skip: 1 }))).toEqual([rows.laterEntry]);
  });

  it('has no slots of its own', async () => {
    expect(await list(visitor, { kind: 'slot' })).toEqual([]);
    expect(await total(visitor, { kind: 'slot' })).toBe(0);
  });

  it('needs a login', async () => {
    const response = await t.call('GET', apiUrl('/meeting/schedules', { meeting_id: meetingId }));
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /meeting/schedules type=exhibitor', () => {
  it("lists the bound enterprise's entries and slots, with the request holding a slot", async () => {
    const results = await list(exhibitor, { type: 'exhibitor' });
    // Entries of every requester, slots past and future; deleted ones left out.
    expect(results.filter((item) => item.kind === 'slot').map((item) => item._id.$id)).toEqual([
      rows.pastSlot,
      rows.heldSlot,
      rows.freeSlot,
    ]);
    expect(results.filter((item) => item.kind === 'appointment')).toHaveLength(4);
    expect(await total(exhibitor, { type: 'exhibitor' })).toBe(7);
    const held = results.find((item) => item._id.$id === rows.heldSlot);
    expect(held).toMatchObject({
      owner: 'enterprise',
      is_booked: 1,
      appointment: { _id: { $id: rows.heldBy }, role: 'exhibitor', status: 0 },
    });
    expect(results.find((item) => item._id.$id === rows.freeSlot)).toMatchObject({
      is_booked: 0,
      appointment: null,
    });
    const entry = results.find(
      (item) => item.kind === 'appointment' && item.start === nowSeconds + 24 * hour,
    );
    expect(entry?.appointment).toMatchObject({ role: 'exhibitor', _id: { $id: rows.futureAppointment } });
  });

  it('narrows by kind and history', async () => {
    expect(idsOf(await list(exhibitor, { type: 'exhibitor', kind: 'slot', history: 0 }))).toEqual([
      rows.heldSlot,
      rows.freeSlot,
    ]);
    expect(await total(exhibitor, { type: 'exhibitor', kind: 'appointment', history: 1 })).toBe(1);
  });

  it('answers 403 no_permission without a binding', async () => {
    for (const path of ['/meeting/schedules', '/meeting/schedules/count']) {
      const response = await t.call('GET', apiUrl(path, { meeting_id: meetingId, type: 'exhibitor' }), {
        headers: bearer(stranger),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'no_permission' });
    }
  });
});

describe('GET /meeting/schedules enterprise_id', () => {
  it("lists an enterprise's open slots still ahead with is_booked, hiding the request from visitors", async () => {
    const results = await list(stranger, { enterprise_id: e.robotCn });
    expect(idsOf(results)).toEqual([rows.heldSlot, rows.freeSlot]);
    expect(results.map((item) => [item.is_booked, item.appointment])).toEqual([
      [1, null],
      [0, null],
    ]);
    expect(await total(stranger, { enterprise_id: e.robotCn })).toBe(2);
    expect(await list(stranger, { enterprise_id: e.robotCn, kind: 'appointment' })).toEqual([]);
  });

  it("shows the holding request to that enterprise's own exhibitor only", async () => {
    const mine = await list(exhibitor, { enterprise_id: e.robotCn });
    expect(mine[0]?.appointment).toMatchObject({ _id: { $id: rows.heldBy } });
    const theirs = await list(exhibitor, { enterprise_id: e.foods });
    expect(idsOf(theirs)).toEqual([rows.foodsSlot]);
    expect(theirs[0]?.appointment).toBeNull();
  });
});

/** A wall date in Asia/Shanghai `days` from now. */
const shanghaiDate = (days: number) => unixToZoned(nowSeconds + days * 24 * hour, 'Asia/Shanghai').date;

const publish = (login: LoginResult, body: Record<string, unknown>, enterpriseId: string = e.robotCn) =>
  t.call('POST', `/api/enterprises/${enterpriseId}/schedules`, {
    headers: bearer(login),
    json: { meeting_id: meetingId, timezone: 'Asia/Shanghai', ...body },
  });

async function slotCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(schedules)
    .where(and(eq(schedules.kind, 'slot'), eq(schedules.enterpriseId, e.robotCn)));
  return row?.total ?? 0;
}

describe('POST /enterprises/{id}/schedules', () => {
  it('refuses each §5 time problem with its code and message, changing nothing', async () => {
    const before = await slotCount();
    const day = shanghaiDate(10);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { date: '', start_time: '10:00', end_time: '10:30' },
        'appointment.date_required',
        'Please choose a date first',
      ],
      [{ date: day, start_time: '', end_time: '10:30' }, 'appointment.time_required', 'Please choose a time'],
      [
        { date: day, start_time: '10:00', end_time: '10:30', timezone: 'Mars/Olympus' },
        'appointment.time_zone_invalid',
        'Unknown time zone',
      ],
      [
        { date: '2030-03-31', start_time: '02:30', end_time: '03:30', timezone: 'Europe/Berlin' },
        'appointment.time_nonexistent',
        'This time does not exist in that time zone (the clocks change)',
      ],
      [
        { date: shanghaiDate(-2), start_time: '10:00', end_time: '10:30' },
        'appointment.start_past',
        'The time must be after now',
      ],
      [
        { date: day, start_time: '10:00', end_time: '10:00' },
        'appointment.same_time',
        'The start and end time cannot be the same',
      ],
      [
        { date: day, start_time: '10:00', end_time: '09:00' },
        'appointment.end_before_start',
        'The end must be after the start',
      ],
    ];
    for (const [body, code, message] of cases) {
      const response = await publish(exhibitor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code, message });
    }
    expect(await slotCount()).toBe(before);
  });

  it('refuses strangers (403), other enterprises (403) and enterprises not exhibiting here (404)', async () => {
    const body = { date: shanghaiDate(10), start_time: '10:00', end_time: '10:30' };
    const byStranger = await publish(stranger, body);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ code: 'no_permission' });
    expect((await publish(exhibitor, body, e.foods)).statusCode).toBe(403);
    const notHere = await publish(elsewhere, body, e.otherMeetingOnly);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json()).toMatchObject({ code: 'not_found' });
  });

  it('publishes a slot; an overlapping one answers 409 schedule.overlap, back-to-back is fine', async () => {
    const date = shanghaiDate(11);
    const first = await publish(exhibitor, { date, start_time: '10:00', end_time: '10:30' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'slot',
      owner: 'enterprise',
      enterprise_id: { $id: e.robotCn },
      date,
      start_time: '10:00',
      end_time: '10:30',
      timezone: 'Asia/Shanghai',
      is_booked: 0,
      appointment: null,
    });
    const entry = first.json() as ScheduleEntry;
    expect(entry.end - entry.start).toBe(1800);
    const overlap = await publish(exhibitor, { date, start_time: '10:15', end_time: '10:45' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      code: 'schedule.overlap',
      message: 'This time overlaps a slot you already published',
    });
    const next = await publish(exhibitor, { date, start_time: '10:30', end_time: '11:00' });
    expect(next.statusCode).toBe(200);
  });

  it('gives exactly one slot when two overlapping publishes race', async () => {
    const date = shanghaiDate(12);
    const answers = await Promise.all([
      publish(exhibitor, { date, start_time: '14:00', end_time: '15:00' }),
      publish(exhibitor, { date, start_time: '14:30', end_time: '15:30' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

const withdraw = (login: LoginResult, scheduleId: string, enterpriseId: string = e.robotCn) =>
  t.call('DELETE', `/api/enterprises/${enterpriseId}/schedules/${scheduleId}`, { headers: bearer(login) });

describe('DELETE /enterprises/{id}/schedules/{schedule_id}', () => {
  it('refuses a slot a live request holds (409 schedule.booked)', async () => {
    const response = await withdraw(exhibitor, rows.heldSlot);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'schedule.booked',
      message: 'Someone has booked this slot: answer their request first',
    });
  });

  it('refuses a stranger (403) and a slot of another enterprise (404)', async () => {
    const slot = await insertSlot({ start: nowSeconds + 80 * hour, end: nowSeconds + 81 * hour });
    const byStranger = await withdraw(stranger, slot);
    expect(byStranger.statusCode).toBe(403);
    expect((await withdraw(exhibitor, rows.foodsSlot, e.foods)).statusCode).toBe(403);
    expect((await withdraw(exhibitor, slot, e.foods)).statusCode).toBe(404);
    expect((await withdraw(exhibitor, rows.futureEntry)).statusCode).toBe(404);
  });

  it('withdraws a free slot once; it leaves the lists', async () => {
    const slot = await insertSlot({ start: nowSeconds + 90 * hour, end: nowSeconds + 91 * hour });
    const response = await withdraw(exhibitor, slot);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 1 });
    expect((await withdraw(exhibitor, slot)).statusCode).toBe(404);
    expect(idsOf(await list(stranger, { enterprise_id: e.robotCn }))).not.toContain(slot);
  });

  it('frees a slot once its request is ignored', async () => {
    const slot = await insertSlot({ start: nowSeconds + 95 * hour, end: nowSeconds + 96 * hour });
    const { appointmentId } = await insertAppointment({
      requester: visitor,
      start: nowSeconds + 95 * hour,
      end: nowSeconds + 96 * hour,
      status: 0,
      scheduleId: slot,
    });
    expect((await withdraw(exhibitor, slot)).statusCode).toBe(409);
    await t.database.db.update(appointments).set({ status: 2 }).where(eq(appointments.id, appointmentId));
    expect((await withdraw(exhibitor, slot)).statusCode).toBe(200);
  });
});
