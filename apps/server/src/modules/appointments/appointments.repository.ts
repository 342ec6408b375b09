import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exhibitorAccounts } from '../auth/auth.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitorBindings, exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { appointments, schedules } from './appointments.tables.ts';

/**
 * The only Drizzle code of appointments (§3 Meeting request, §4 Appointment): appointment
 * rows, the slots they book, the schedule entries an accept creates, and the few reads of other
 * modules' tables the rules need (tickets for §6, exhibitors and bindings, user cards).
 * Times are Date objects here (timestamptz); the service speaks unix seconds.
 */

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;

/** A user as an appointment shows them (card + contact + language for notifications). */
export type AppointmentUserRow = {
  id: string;
  username: string;
  avatar: string;
  workTitle: string;
  workCompany: string;
  /** E.164 or null. */
  phone: string | null;
  email: string | null;
  language: string | null;
};

const userColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  workTitle: users.workTitle,
  workCompany: users.workCompany,
  phone: users.phone,
  email: users.email,
  language: users.language,
};

/** Appointments by ids (any status, hidden included), in no particular order. */
export async function findAppointmentsByIds(db: Database, ids: string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(appointments).where(inArray(appointments.id, ids));
}

/** One appointment by id, or undefined. */
export async function findAppointment(db: Database, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

/** Locks one appointment row until the transaction ends (SELECT … FOR UPDATE) and returns it. */
export async function lockAppointment(db: Database, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/** Users by ids (card, contact, language). */
export async function findAppointmentUsers(db: Database, ids: string[]): Promise<AppointmentUserRow[]> {
  if (ids.length === 0) return [];
  return db.select(userColumns).from(users).where(inArray(users.id, ids));
}

/** Enterprises by ids: id, title, logo. */
export async function findEnterpriseCards(
  db: Database,
  ids: string[],
): Promise<{ id: string; title: string | Record<string, string>; logo: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: enterprises.id, title: enterprises.title, logo: enterprises.logo })
    .from(enterprises)
    .where(inArray(enterprises.id, ids));
}

/** Live exhibitor rows of these enterprises in these meetings (meeting, enterprise, booth). */
export async function findExhibitorBooths(
  db: Database,
  meetingIds: string[],
  enterpriseIds: string[],
): Promise<{ meetingId: string; enterpriseId: string; booth: string }[]> {
  if (meetingIds.length === 0 || enterpriseIds.length === 0) return [];
  return db
    .select({
      meetingId: exhibitors.meetingId,
      enterpriseId: exhibitors.enterpriseId,
      booth: exhibitors.booth,
    })
    .from(exhibitors)
    .where(
      and(
        inArray(exhibitors.meetingId, meetingIds),
        inArray(exhibitors.enterpriseId, enterpriseIds),
        eq(exhibitors.deleted, 0),
      ),
    );
}

/** The live (not deleted) exhibitor row of an enterprise in a meeting, or undefined. */
export async function findLiveExhibitor(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<{ id: string; booth: string } | undefined> {
  const [row] = await db
    .select({ id: exhibitors.id, booth: exhibitors.booth })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(
      and(
        eq(exhibitors.meetingId, meetingId),
        eq(exhibitors.enterpriseId, enterpriseId),
        eq(exhibitors.deleted, 0),
        eq(enterprises.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the user holds an approved (status 1 or 3), not deleted ticket in the meeting (§6). */
export async function hasApprovedTicket(db: Database, userId: string, meetingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, userId),
        eq(tickets.meetingId, meetingId),
        inArray(tickets.status, [1, 3]),
        eq(tickets.deleted, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One schedules row by id (slot or entry, deleted included), or undefined. */
export async function findSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

/**
 * Locks a schedules row until the transaction ends (SELECT … FOR UPDATE) and returns it. A slot
 * delete (schedules module) takes the same lock first, so a delete and a booking never both win.
 */
export async function lockSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).for('update');
  return row;
}

/** Inserts an appointment; a unique or exclusion violation propagates (see db/pg-errors.ts). */
export async function insertAppointment(db: Database, row: NewAppointmentRow): Promise<AppointmentRow> {
  const [inserted] = await db.insert(appointments).values(row).returning();
  if (!inserted) throw new Error('the appointment was not stored');
  return inserted;
}

/** Changes an appointment and its updated_at; returns the new row. */
export async function updateAppointmentRow(
  db: Database,
  id: string,
  patch: Partial<
    Pick<
      NewAppointmentRow,
      | 'status'
      | 'reason'
      | 'handledByUserId'
      | 'cancelledBy'
      | 'isHiddenForRequester'
      | 'isHiddenForExhibitor'
    >
  >,
): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(appointments.id, id))
    .returning();
  if (!row) throw new Error('the appointment vanished');
  return row;
}

/** Inserts schedule entries (kind 'appointment' on accept). */
export async function insertSchedules(db: Database, rows: NewScheduleRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(schedules).values(rows);
}

/** Soft-deletes the live schedule entries of an appointment (cancel of an accepted one). */
export async function softDeleteAppointmentSchedules(db: Database, appointmentId: string): Promise<void> {
  await db
    .update(schedules)
    .set({ deleted: 1, updatedAt: new Date() })
    .where(
      and(
        eq(schedules.appointmentId, appointmentId),
        eq(schedules.kind, 'appointment'),
        eq(schedules.deleted, 0),
      ),
    );
}

/**
 * The requester's live appointments in a meeting (applying or accepted, end after `now`) that
 * overlap [start, end) — the §4 time-conflict warning. Soonest first.
 */
export async function findRequesterConflicts(
  db: Database,
  input: { userId: string; meetingId: string; start: Date; end: Date; now: Date },
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.requesterUserId, input.userId),
        eq(appointments.meetingId, input.meetingId),
        inArray(appointments.status, [0, 1]),
        gt(appointments.end, input.now),
        sql`${appointments.start} < ${input.end}`,
        sql`${appointments.end} > ${input.start}`,
      ),
    )
    .orderBy(asc(appointments.start), asc(appointments.id));
}

/** Filters of GET /appointments and /appointments/count. */
export type AppointmentFilter = {
  meetingId: string;
  /** Requests the user sent … */
  requesterUserId?: string;
  /** … or requests to this enterprise. */
  enterpriseId?: string;
  status?: number;
  /** Status 0 with an end after `now`. */
  pending?: boolean;
  /** true: ended (end ≤ now); false: still ahead (end > now). */
  history?: boolean;
  id?: string;
  /** Either side: requests the user sent or requests to their bound enterprise (null: none). */
  eitherSide?: { userId: string; enterpriseId: string | null };
  now: Date;
};

function whereOf(filter: AppointmentFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(appointments.meetingId, filter.meetingId)];
  if (filter.requesterUserId) {
    parts.push(eq(appointments.requesterUserId, filter.requesterUserId));
    parts.push(eq(appointments.isHiddenForRequester, 0));
  }
  if (filter.enterpriseId) {
    parts.push(eq(appointments.enterpriseId, filter.enterpriseId));
    parts.push(eq(appointments.isHiddenForExhibitor, 0));
  }
  if (filter.eitherSide) {
    const { userId, enterpriseId } = filter.eitherSide;
    parts.push(
      or(
        and(eq(appointments.requesterUserId, userId), eq(appointments.isHiddenForRequester, 0)),
        enterpriseId
          ? and(eq(appointments.enterpriseId, enterpriseId), eq(appointments.isHiddenForExhibitor, 0))
          : undefined,
      ),
    );
  }
  if (filter.status !== undefined) parts.push(eq(appointments.status, filter.status as 0));
  if (filter.pending) parts.push(and(eq(appointments.status, 0), gt(appointments.end, filter.now)));
  if (filter.history === true) parts.push(lte(appointments.end, filter.now));
  if (filter.history === false) parts.push(gt(appointments.end, filter.now));
  if (filter.id) parts.push(eq(appointments.id, filter.id));
  return and(...parts);
}

/** Appointments matching a filter: start ascending, or descending for history. */
export async function findAppointmentRows(
  db: Database,
  filter: AppointmentFilter,
  page: { limit: number; skip: number },
): Promise<AppointmentRow[]> {
  const order =
    filter.history === true
      ? [desc(appointments.start), desc(appointments.id)]
      : [asc(appointments.start), asc(appointments.id)];
  return db
    .select()
    .from(appointments)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.skip);
}

/** How many appointments match a filter. */
export async function countAppointmentRows(db: Database, filter: AppointmentFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(appointments).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

/**
 * The users who handle an enterprise's requests in a meeting (§6: only a bound exhibitor handles meeting
 * requests): every user bound to one of its enabled exhibitor accounts there, plus each enabled account's own
 * user.
 */
export async function findExhibitorSideUsers(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<AppointmentUserRow[]> {
  const accountOfEnterprise = and(
    eq(exhibitorAccounts.meetingId, meetingId),
    eq(exhibitorAccounts.enterpriseId, enterpriseId),
    eq(exhibitorAccounts.enabled, 1),
  );
  const bound = db
    .select({ userId: exhibitorBindings.userId })
    .from(exhibitorBindings)
    .innerJoin(exhibitorAccounts, eq(exhibitorAccounts.id, exhibitorBindings.exhibitorAccountId))
    .where(and(eq(exhibitorBindings.meetingId, meetingId), accountOfEnterprise));
  const own = db
    .select({ userId: exhibitorAccounts.userId })
    .from(exhibitorAccounts)
    .where(and(accountOfEnterprise, isNotNull(exhibitorAccounts.userId)));
  const [boundRows, ownRows] = await Promise.all([bound, own]);
  const ids = [...new Set([...boundRows, ...ownRows].map((r) => r.userId).filter((id) => id !== null))];
  if (ids.length === 0) return [];
  return db
    .select(userColumns)
    .from(users)
    .where(and(inArray(users.id, ids as string[]), eq(users.deleted, 0)));
}
