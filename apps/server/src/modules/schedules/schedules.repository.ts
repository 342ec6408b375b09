import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appointments, calendarFeeds, schedules } from '../appointments/appointments.tables.ts';
import { exhibitorAccounts } from '../auth/auth.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitorBindings } from '../exhibitors/exhibitors.tables.ts';
import { users } from '../users/users.tables.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;
export type AppointmentRow = typeof appointments.$inferSelect;
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Statuses of a request that holds its slot (§4: applying, accepted). */
const liveStatuses = [0, 1] as const;

/**
 * What GET /meeting/schedules lists, already decided by the service:
 * - `owner`: the user's own rows or the enterprise's rows;
 * - `kinds`: the kinds that owner may list here;
 * - `startsAfter`: only rows starting after it (an enterprise's open slots);
 * - `history`: '1' ended (end ≤ now), '0' still ahead (end > now).
 */
export type ScheduleFilter = {
  meetingId: string;
  owner: { userId: string } | { enterpriseId: string };
  kinds: ScheduleRow['kind'][];
  startsAfter?: Date | undefined;
  history?: '0' | '1' | undefined;
  now: Date;
};

function filterWhere(filter: ScheduleFilter): SQL | undefined {
  return and(
    eq(schedules.meetingId, filter.meetingId),
    'userId' in filter.owner
      ? eq(schedules.userId, filter.owner.userId)
      : eq(schedules.enterpriseId, filter.owner.enterpriseId),
    filter.kinds.length === 1
      ? eq(schedules.kind, filter.kinds[0] ?? 'slot')
      : inArray(schedules.kind, filter.kinds),
    eq(schedules.deleted, 0),
    filter.startsAfter ? gt(schedules.start, filter.startsAfter) : undefined,
    filter.history === '1' ? lte(schedules.end, filter.now) : undefined,
    filter.history === '0' ? gt(schedules.end, filter.now) : undefined,
  );
}

/** A page of schedule rows: soonest first, or latest first for history=1 (ties by id). */
export async function findScheduleRows(
  db: Database,
  filter: ScheduleFilter,
  page: { limit: number; skip: number },
): Promise<ScheduleRow[]> {
  if (filter.kinds.length === 0) return [];
  const order =
    filter.history === '1'
      ? [desc(schedules.start), desc(schedules.id)]
      : [asc(schedules.start), asc(schedules.id)];
  return db
    .select()
    .from(schedules)
    .where(filterWhere(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.skip);
}

/** How many rows findScheduleRows would list without paging. */
export async function countScheduleRows(db: Database, filter: ScheduleFilter): Promise<number> {
  if (filter.kinds.length === 0) return 0;
  const [row] = await db.select({ total: count() }).from(schedules).where(filterWhere(filter));
  return row?.total ?? 0;
}

/** The applying or accepted request holding each of these slots (at most one each, by a unique index). */
export async function findLiveAppointmentsOfSlots(
  db: Database,
  slotIds: string[],
): Promise<AppointmentRow[]> {
  if (slotIds.length === 0) return [];
  return db
    .select()
    .from(appointments)
    .where(and(inArray(appointments.scheduleId, slotIds), inArray(appointments.status, [...liveStatuses])));
}

/** Inserts a schedule row; an exclusion or unique violation propagates (see db/pg-errors.ts). */
export async function insertScheduleRow(db: Database, row: NewScheduleRow): Promise<ScheduleRow> {
  const [inserted] = await db.insert(schedules).values(row).returning();
  if (!inserted) throw new Error('schedule insert returned nothing');
  return inserted;
}

/** Whether an applying or accepted request holds the slot. */
export async function isSlotHeld(db: Database, slotId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(appointments)
    .where(and(eq(appointments.scheduleId, slotId), inArray(appointments.status, [...liveStatuses])))
    .limit(1);
  return row !== undefined;
}

/** Marks a schedule row deleted (soft delete, §3 Schedule `deleted`). */
export async function markScheduleDeleted(db: Database, id: string): Promise<void> {
  await db.update(schedules).set({ deleted: 1, updatedAt: new Date() }).where(eq(schedules.id, id));
}

/** Whether the enterprise has a live published slot in the meeting that starts after `now`. */
export async function hasFutureSlot(
  db: Database,
  input: { meetingId: string; enterpriseId: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(schedules)
    .where(
      and(
        eq(schedules.enterpriseId, input.enterpriseId),
        eq(schedules.meetingId, input.meetingId),
        eq(schedules.kind, 'slot'),
        eq(schedules.deleted, 0),
        gt(schedules.start, input.now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's calendar feed row, or undefined. */
export async function findCalendarFeedOfUser(
  db: Database,
  userId: string,
): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row;
}

/** The feed row holding a token, or undefined. */
export async function findCalendarFeedByToken(
  db: Database,
  token: string,
): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  return row;
}

/**
 * Creates the user's feed row with `token` unless one exists (`on conflict do nothing`), then reads
 * it: concurrent first calls all answer the one row that won.
 */
export async function ensureCalendarFeed(
  db: Database,
  input: { userId: string; token: string },
): Promise<CalendarFeedRow> {
  await db.insert(calendarFeeds).values(input).onConflictDoNothing({ target: calendarFeeds.userId });
  const row = await findCalendarFeedOfUser(db, input.userId);
  if (!row) throw new Error('calendar feed row vanished');
  return row;
}

/** Sets the user's feed token (creating the row when missing); the old token stops matching at once. */
export async function replaceCalendarFeedToken(
  db: Database,
  input: { userId: string; token: string },
): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values(input)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { token: input.token, createdAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('calendar feed upsert returned nothing');
  return row;
}

/** One calendar event's data: the entry, its appointment and both sides' names. */
export type CalendarEntryRow = {
  entry: ScheduleRow;
  appointment: AppointmentRow;
  enterpriseTitle: unknown;
  requesterName: string;
};

/**
 * The entries of a user's calendar feed (beyond the spec; §3 Schedule), the latest `limit` by start: the
 * user's own appointment entries in every meeting, and the entries of each enterprise the user is bound to as
 * exhibitor in that entry's meeting (a binding row, else the enabled account the user signs in as, like
 * findBinding); deleted ones left out.
 */
export async function findCalendarEntryRows(
  db: Database,
  input: { userId: string; limit: number },
): Promise<CalendarEntryRow[]> {
  const boundToEntryEnterprise = sql`(
    exists (
      select 1 from ${exhibitorBindings}
      join ${exhibitorAccounts} on ${exhibitorAccounts.id} = ${exhibitorBindings.exhibitorAccountId}
      where ${exhibitorBindings.userId} = ${input.userId}
        and ${exhibitorBindings.meetingId} = ${schedules.meetingId}
        and ${exhibitorAccounts.enterpriseId} = ${schedules.enterpriseId}
    )
    or (
      exists (
        select 1 from ${exhibitorAccounts}
        where ${exhibitorAccounts.userId} = ${input.userId}
          and ${exhibitorAccounts.meetingId} = ${schedules.meetingId}
          and ${exhibitorAccounts.enterpriseId} = ${schedules.enterpriseId}
          and ${exhibitorAccounts.enabled} = 1
      )
      and not exists (
        select 1 from ${exhibitorBindings}
        where ${exhibitorBindings.userId} = ${input.userId}
          and ${exhibitorBindings.meetingId} = ${schedules.meetingId}
      )
    )
  )`;
  const rows = await db
    .select({
      entry: schedules,
      appointment: appointments,
      enterpriseTitle: enterprises.title,
      requesterName: users.username,
    })
    .from(schedules)
    .innerJoin(appointments, eq(appointments.id, schedules.appointmentId))
    .innerJoin(enterprises, eq(enterprises.id, appointments.enterpriseId))
    .innerJoin(users, eq(users.id, appointments.requesterUserId))
    .where(
      and(
        eq(schedules.kind, 'appointment'),
        eq(schedules.deleted, 0),
        sql`(${schedules.userId} = ${input.userId} or (${schedules.enterpriseId} is not null and ${boundToEntryEnterprise}))`,
      ),
    )
    .orderBy(desc(schedules.start), desc(schedules.id))
    .limit(input.limit);
  return rows;
}
