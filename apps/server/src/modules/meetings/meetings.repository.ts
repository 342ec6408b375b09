import type { ListQuery } from '@app/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { meetings, meetingViews } from './meetings.tables.ts';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingField = '_id' | 'domain' | 'start' | 'end' | 'created';

const columns = {
  _id: meetings.id,
  domain: meetings.domain,
  start: meetings.start,
  end: meetings.end,
  created: meetings.createdAt,
} as const;

/** Meetings matching a parsed list query; soft-deleted ones only when filtered by _id. */
export async function findMeetings(db: Database, query: ListQuery<MeetingField>): Promise<MeetingRow[]> {
  const where = whereSql(query, columns, [filtersById(query) ? undefined : eq(meetings.deleted, 0)]);
  return db
    .select()
    .from(meetings)
    .where(where)
    .orderBy(...orderSql(query.sort, columns, meetings.id))
    .limit(query.limit)
    .offset(query.skip);
}

export type NewView = {
  meetingId: string;
  userId: string | null;
  deviceId: string | null;
  sourceId: string | null;
};

/**
 * Records one view and increments `views_total` in one transaction; the increment is a single
 * atomic UPDATE, so concurrent views never lose a count. Returns the new total, or undefined when the
 * meeting does not exist or is deleted (nothing is written then).
 */
export async function addMeetingView(db: Database, view: NewView): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(meetings)
      .set({ viewsTotal: sql`${meetings.viewsTotal} + 1` })
      .where(sql`${meetings.id} = ${view.meetingId} and ${meetings.deleted} = 0`)
      .returning({ viewsTotal: meetings.viewsTotal });
    const total = updated[0]?.viewsTotal;
    if (total === undefined) return undefined;
    await tx.insert(meetingViews).values(view);
    return total;
  });
}

/** A live (not deleted) meeting by id, or undefined. */
export async function findLiveMeetingById(db: Database, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.deleted, 0)))
    .limit(1);
  return row;
}

/**
 * Meetings for the console (DESIGN §7), newest start first: every meeting (ids null: a platform
 * administrator) or those with the given ids, deleted ones included (they are restorable).
 */
export async function findConsoleMeetings(db: Database, ids: string[] | null): Promise<MeetingRow[]> {
  if (ids !== null && ids.length === 0) return [];
  return db
    .select()
    .from(meetings)
    .where(ids === null ? undefined : inArray(meetings.id, ids))
    .orderBy(desc(meetings.start), desc(meetings.id));
}

/** One meeting by id, deleted or not (the console restores deleted meetings). */
export async function findMeetingById(db: Database, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  return row;
}
