import type { ListQuery } from '@app/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { insertViewEvent } from '../views/views.repository.ts';
import { meetings } from './meetings.tables.ts';

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
 * Records one view of a live meeting (§7 POST /meetings/{id}/views): one inserted view row, folded
 * into `views_total` and meeting_views by the views job (modules/views) — no counter row is updated
 * here, so concurrent views never wait on each other or lose a count. Returns the last folded total
 * plus this view, or undefined when the meeting does not exist or is deleted (nothing is written).
 */
export async function addMeetingView(db: Database, view: NewView): Promise<number | undefined> {
  const meeting = await findLiveMeetingById(db, view.meetingId);
  if (!meeting) return undefined;
  await insertViewEvent(db, { targetType: 'meeting', targetId: view.meetingId, ...view });
  return meeting.viewsTotal + 1;
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
