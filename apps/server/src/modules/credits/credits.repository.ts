import { and, asc, count, desc, eq, ilike, inArray, ne, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { activityCredits, unionCodes } from './credits.tables.ts';

/** Queries of credits and union codes (§7): the only Drizzle code of modules/credits. */

export type ActivityCreditsRow = typeof activityCredits.$inferSelect;
export type UnionCodeRow = typeof unionCodes.$inferSelect;
export type ActivityRow = {
  id: string;
  meetingId: string;
  title: string | Record<string, string>;
  start: Date;
  end: Date;
};
/** A ticket with what credits and union codes need of it. */
export type CreditTicketRow = {
  id: string;
  meetingId: string;
  activityId: string;
  userId: string | null;
  status: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string;
  checkedInAt: Date | null;
};

const activityColumns = {
  id: activities.id,
  meetingId: activities.meetingId,
  title: activities.title,
  start: activities.start,
  end: activities.end,
};
const ticketColumns = {
  id: tickets.id,
  meetingId: tickets.meetingId,
  activityId: tickets.activityId,
  userId: tickets.userId,
  status: tickets.status,
  name: tickets.name,
  phone: tickets.phone,
  email: tickets.email,
  company: tickets.company,
  checkedInAt: tickets.checkedInAt,
};

/** An activity not deleted; undefined when none. */
export async function findActivity(db: Database, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select(activityColumns)
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.deleted, 0)))
    .limit(1);
  return row;
}

/** The meeting's activities not deleted, by start. */
export async function findMeetingActivities(db: Database, meetingId: string): Promise<ActivityRow[]> {
  return db
    .select(activityColumns)
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .orderBy(asc(activities.start), asc(activities.id))
    .limit(2000);
}

/** The meeting's display name (its title map). */
export async function findMeetingTitle(db: Database, meetingId: string) {
  const [row] = await db.select({ title: meetings.title }).from(meetings).where(eq(meetings.id, meetingId));
  return row?.title ?? '';
}

/** The meeting's time zone ('UTC' when unknown). */
export async function findMeetingTimeZone(db: Database, meetingId: string): Promise<string> {
  const [row] = await db.select({ zone: meetings.timeZone }).from(meetings).where(eq(meetings.id, meetingId));
  return row?.zone ?? 'UTC';
}

/** The credits row of an activity; undefined when never set. */
export async function findCredits(db: Database, activityId: string): Promise<ActivityCreditsRow | undefined> {
  const [row] = await db.select().from(activityCredits).where(eq(activityCredits.activityId, activityId));
  return row;
}

/** Credits rows of the meeting, by activity id. */
export async function findMeetingCredits(db: Database, meetingId: string) {
  const rows = await db.select().from(activityCredits).where(eq(activityCredits.meetingId, meetingId));
  return new Map(rows.map((row) => [row.activityId, row]));
}

/** Inserts or replaces an activity's credits; returns the stored row. */
export async function upsertCredits(
  db: Database,
  values: Omit<ActivityCreditsRow, 'updatedAt'>,
): Promise<ActivityCreditsRow> {
  const { activityId: _, meetingId: __, ...changes } = values;
  const [row] = await db
    .insert(activityCredits)
    .values(values)
    .onConflictDoUpdate({ target: activityCredits.activityId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return row as ActivityCreditsRow;
}

/** Live (not deleted) tickets of a user for an activity, oldest first. */
export async function findUserTickets(
  db: Database,
  userId: string,
  activityId: string,
): Promise<CreditTicketRow[]> {
  return db
    .select(ticketColumns)
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.activityId, activityId), eq(tickets.deleted, 0)))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(100);
}

/** A live ticket by id; undefined when none or deleted. */
export async function findLiveTicket(db: Database, id: string): Promise<CreditTicketRow | undefined> {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.deleted, 0)))
    .limit(1);
  return row;
}

/** Per activity of the meeting: live tickets and checked-in (status 3) tickets. */
export async function ticketTotals(db: Database, meetingId: string) {
  const rows = await db
    .select({
      activityId: tickets.activityId,
      total: count(),
      checkedIn: sql<number>`count(*) filter (where ${tickets.status} = 3)::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.meetingId, meetingId), eq(tickets.deleted, 0)))
    .groupBy(tickets.activityId);
  return new Map(
    rows.map((row) => [row.activityId, { total: Number(row.total), checkedIn: Number(row.checkedIn) }]),
  );
}

/** Per activity of the meeting: union codes and used (held, {@link codeHeld}) ones. */
export async function codeTotals(db: Database, meetingId: string) {
  const rows = await db
    .select({
      activityId: unionCodes.activityId,
      total: count(),
      used: sql<number>`count(*) filter (where ${codeHeld})::int`,
    })
    .from(unionCodes)
    .where(eq(unionCodes.meetingId, meetingId))
    .groupBy(unionCodes.activityId);
  return new Map(rows.map((row) => [row.activityId, { total: Number(row.total), used: Number(row.used) }]));
}

/** Checked-in (status 3) live tickets of the given activities, for the credits export, by check-in. */
export async function findCheckedInTickets(db: Database, activityIds: string[]): Promise<CreditTicketRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select(ticketColumns)
    .from(tickets)
    .where(and(inArray(tickets.activityId, activityIds), eq(tickets.deleted, 0), eq(tickets.status, 3)))
    .orderBy(asc(tickets.checkedInAt), asc(tickets.id))
    .limit(100_000);
}

// ————— Union codes —————

/**
 * Whether a code is held (§7 union codes, §4 statuses): its ticket exists, is not deleted and not
 * rejected (status 2). A code whose ticket was rejected, soft-deleted or hard-deleted (ticket_id set
 * null) is free again; its stale ticket_id/used_by/used_at stay until the next claim overwrites them.
 * Releasing here rather than in every path that rejects or deletes a ticket (ticket review, console
 * registrations, refunds, hard deletes) keeps one rule in one place. It is a scalar subquery (a
 * count), not EXISTS, so PostgreSQL keeps it a correlated subplan and re-evaluates it against the
 * newest row version when a concurrent claim updated the code first (READ COMMITTED re-check).
 */
const codeHeld = sql<boolean>`((select count(*) from ${tickets} where ${tickets.id} = ${unionCodes.ticketId} and ${tickets.deleted} = 0 and ${tickets.status} <> 2) > 0)`;

/**
 * The claim (§7 PUT /activity/attendees/unioncode): ONE conditional update — the code of the activity
 * that no live, unrejected ticket holds ({@link codeHeld}) takes the ticket. Of parallel claims of one
 * code exactly one row comes back; a second code for the same ticket fails the partial unique index
 * union_codes_ticket_uq. `code` must already be normalised (normalizeUnionCode).
 */
export async function claimCode(
  db: Database,
  input: { activityId: string; code: string; ticketId: string; userId: string; now: Date },
): Promise<UnionCodeRow | undefined> {
  const [row] = await db
    .update(unionCodes)
    .set({ ticketId: input.ticketId, usedBy: input.userId, usedAt: input.now })
    .where(and(eq(unionCodes.activityId, input.activityId), eq(unionCodes.code, input.code), not(codeHeld)))
    .returning();
  return row;
}

/** A code of an activity by its text; undefined when none. */
export async function findCodeByText(db: Database, activityId: string, code: string) {
  const [row] = await db
    .select()
    .from(unionCodes)
    .where(and(eq(unionCodes.activityId, activityId), eq(unionCodes.code, code)))
    .limit(1);
  return row;
}

/** Whether the activity has any union code. */
export async function hasCodes(db: Database, activityId: string): Promise<boolean> {
  const rows = await db
    .select({ id: unionCodes.id })
    .from(unionCodes)
    .where(eq(unionCodes.activityId, activityId))
    .limit(1);
  return rows.length > 0;
}

/** The code a ticket holds; undefined when none. */
export async function findCodeOfTicket(db: Database, ticketId: string) {
  const [row] = await db.select().from(unionCodes).where(eq(unionCodes.ticketId, ticketId)).limit(1);
  return row;
}

/** Codes held by a user's live, unrejected tickets (of one activity when given), newest use first. */
export async function findCodesOfUser(db: Database, userId: string, activityId?: string) {
  return db
    .select({ code: unionCodes })
    .from(unionCodes)
    .innerJoin(tickets, eq(tickets.id, unionCodes.ticketId))
    .where(
      and(
        eq(tickets.userId, userId),
        eq(tickets.deleted, 0),
        ne(tickets.status, 2),
        ...(activityId ? [eq(unionCodes.activityId, activityId)] : []),
      ),
    )
    .orderBy(desc(unionCodes.usedAt))
    .limit(200)
    .then((rows) => rows.map((row) => row.code));
}

/** Which of `codes` the activity already has. */
export async function existingCodes(db: Database, activityId: string, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < codes.length; at += 1000) {
    const part = codes.slice(at, at + 1000);
    const rows = await db
      .select({ code: unionCodes.code })
      .from(unionCodes)
      .where(and(eq(unionCodes.activityId, activityId), inArray(unionCodes.code, part)));
    for (const row of rows) found.add(row.code);
  }
  return found;
}

/** Inserts codes, skipping any the activity got meanwhile (on conflict do nothing); returns the inserted texts. */
export async function insertCodes(
  db: Database,
  rows: { id: string; meetingId: string; activityId: string; code: string; partner: string }[],
): Promise<string[]> {
  const inserted: string[] = [];
  for (let at = 0; at < rows.length; at += 1000) {
    const done = await db
      .insert(unionCodes)
      .values(rows.slice(at, at + 1000))
      .onConflictDoNothing()
      .returning({ code: unionCodes.code });
    inserted.push(...done.map((row) => row.code));
  }
  return inserted;
}

/** A code listing row: the code with its ticket's name and the account's username. */
export type CodeListRow = { code: UnionCodeRow; ticketName: string | null; username: string | null };

function codeFilter(activityId: string, filter: { used?: '0' | '1'; q?: string }) {
  return and(
    eq(unionCodes.activityId, activityId),
    ...(filter.used === '1' ? [codeHeld] : []),
    ...(filter.used === '0' ? [not(codeHeld)] : []),
    ...(filter.q ? [ilike(unionCodes.code, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)] : []),
  );
}

/**
 * An activity's codes, newest first, a page of them. A code no longer held ({@link codeHeld}: its
 * ticket rejected or deleted) reads as unused: ticket, account and time null.
 */
export async function findCodes(
  db: Database,
  activityId: string,
  filter: { used?: '0' | '1'; q?: string },
  page: { limit: number; offset: number },
): Promise<CodeListRow[]> {
  const rows = await db
    .select({ code: unionCodes, ticketName: tickets.name, username: users.username, held: codeHeld })
    .from(unionCodes)
    .leftJoin(tickets, eq(tickets.id, unionCodes.ticketId))
    .leftJoin(users, eq(users.id, unionCodes.usedBy))
    .where(codeFilter(activityId, filter))
    .orderBy(desc(unionCodes.createdAt), desc(unionCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ code, ticketName, username, held }) =>
    held
      ? { code, ticketName, username }
      : { code: { ...code, ticketId: null, usedBy: null, usedAt: null }, ticketName: null, username: null },
  );
}

/** Codes matching the filter. */
export async function countCodes(db: Database, activityId: string, filter: { used?: '0' | '1'; q?: string }) {
  const [row] = await db.select({ n: count() }).from(unionCodes).where(codeFilter(activityId, filter));
  return Number(row?.n ?? 0);
}

/** A code by id; undefined when none. */
export async function findCode(db: Database, id: string): Promise<UnionCodeRow | undefined> {
  const [row] = await db.select().from(unionCodes).where(eq(unionCodes.id, id)).limit(1);
  return row;
}

/**
 * Deletes a code only while no live, unrejected ticket holds it ({@link codeHeld}; one conditional
 * delete); returns it when deleted.
 */
export async function deleteUnusedCode(db: Database, id: string): Promise<UnionCodeRow | undefined> {
  const [row] = await db
    .delete(unionCodes)
    .where(and(eq(unionCodes.id, id), not(codeHeld)))
    .returning();
  return row;
}
