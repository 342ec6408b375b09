import type { LoginResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { newExhibitorAccount } from '../exhibitors/exhibitors.fixtures.ts';
import { replaceBinding } from '../exhibitors/exhibitors.repository.ts';
import { newTicketCode } from '../tickets/tickets.service.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { appointments, schedules } from './appointments.tables.ts';

/**
 * Test helpers of the appointment API tests (§7 Appointments): participants (an approved ticket in the
 * meeting, §6), exhibitor-side users bound to an enterprise exhibiting there, published slots, and a
 * snapshot of the appointment tables to prove a refusal changed nothing.
 */

export type Person = LoginResult & { userId: string };

type PersonSpec = { username?: string; language?: string; email?: string; phone?: string };

/** A user with the given contact and language, signed in to the meeting. */
export async function newPerson(t: TestApp, meetingId: string, spec: PersonSpec = {}): Promise<Person> {
  const user = await insertUserIfFree(t.database.db, {
    id: newId(),
    username: spec.username ?? `person-${newId().slice(-8)}`,
    language: spec.language ?? null,
    email: spec.email ?? null,
    phone: spec.phone ?? null,
    areaCode: spec.phone ? '86' : null,
  });
  if (!user) throw new Error('could not create a test user');
  const login = await signIn(
    { db: t.database.db, config: t.app.deps.config },
    {
      user,
      meetingId,
      method: 'phone',
    },
  );
  return { ...login, userId: user.id };
}

/** One activity per meeting that participants' tickets belong to. */
const activityOf = new WeakMap<TestApp, Map<string, Promise<{ activityId: string; priceId: string }>>>();

async function meetingActivity(t: TestApp, meetingId: string) {
  let byMeeting = activityOf.get(t);
  if (!byMeeting) {
    byMeeting = new Map();
    activityOf.set(t, byMeeting);
  }
  let found = byMeeting.get(meetingId);
  if (!found) {
    found = insertActivity(t.database.db, { meetingId }).then((a) => ({
      activityId: a.activityId,
      priceId: a.priceIds[0] as string,
    }));
    byMeeting.set(meetingId, found);
  }
  return found;
}

/** Gives a user a ticket in the meeting with `status` (1 registered, 3 checked in, 0 under review). */
export async function giveTicket(
  t: TestApp,
  input: { meetingId: string; userId: string; status?: 0 | 1 | 2 | 3; deleted?: 0 | 1 },
): Promise<void> {
  const { activityId, priceId } = await meetingActivity(t, input.meetingId);
  await t.database.db.insert(tickets).values({
    id: newId(),
    meetingId: input.meetingId,
    activityId,
    priceId,
    userId: input.userId,
    status: input.status ?? 1,
    deleted: input.deleted ?? 0,
    code: newTicketCode(),
  });
}

/** A registered participant (§6): a user with an approved ticket in the meeting. */
export async function newParticipant(t: TestApp, meetingId: string, spec: PersonSpec = {}): Promise<Person> {
  const person = await newPerson(t, meetingId, spec);
  await giveTicket(t, { meetingId, userId: person.userId, status: 1 });
  return person;
}

/**
 * An exhibitor-side user: a new exhibitor account of the enterprise in the meeting, and a user bound
 * to it (exhibitor_bindings).
 */
export async function newExhibitorUser(
  t: TestApp,
  input: { meetingId: string; enterpriseId: string } & PersonSpec,
): Promise<Person> {
  const accountId = await newExhibitorAccount(t.database.db, {
    meetingId: input.meetingId,
    account: `ex-${newId().slice(-10)}`,
    password: 'Secret-pass-123',
    enterpriseId: input.enterpriseId,
  });
  const person = await newPerson(t, input.meetingId, input);
  await replaceBinding(t.database.db, {
    userId: person.userId,
    meetingId: input.meetingId,
    exhibitorAccountId: accountId,
  });
  return person;
}

/** Inserts a published slot of an enterprise; returns its id. Times are unix seconds. */
export async function insertSlot(
  t: TestApp,
  input: { meetingId: string; enterpriseId: string; start: number; end: number; timezone?: string },
): Promise<string> {
  const id = newId();
  await t.database.db.insert(schedules).values({
    id,
    meetingId: input.meetingId,
    kind: 'slot',
    enterpriseId: input.enterpriseId,
    start: new Date(input.start * 1000),
    end: new Date(input.end * 1000),
    timezone: input.timezone ?? 'Asia/Shanghai',
  });
  return id;
}

/** Every appointment and schedule row of a meeting: equal snapshots = nothing changed. */
export async function appointmentSnapshot(t: TestApp, meetingId: string) {
  const db = t.database.db;
  const appointmentRows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.meetingId, meetingId))
    .orderBy(appointments.id);
  const scheduleRows = await db
    .select()
    .from(schedules)
    .where(eq(schedules.meetingId, meetingId))
    .orderBy(schedules.id);
  return { appointments: appointmentRows, schedules: scheduleRows };
}
