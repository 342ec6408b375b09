import type { ListQuery } from '@app/contracts';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { insertViewEvent } from '../views/views.repository.ts';
import { activities, activityPrices, activitySources } from './activities.tables.ts';

/** An activity row with the id of its registration form (null when it has none). */
export type ActivityRow = typeof activities.$inferSelect & { formId: string | null };
export type PriceRow = typeof activityPrices.$inferSelect;
export type SourceRow = typeof activitySources.$inferSelect;
/** The meeting columns `with_meeting=1` embeds. */
export type ActivityMeetingRow = Pick<typeof meetings.$inferSelect, 'id' | 'title' | 'cover' | 'timeZone'>;

export type ActivityField = '_id' | 'meeting_id' | 'start' | 'end' | 'offline' | 'weight' | 'created';

const columns = {
  _id: activities.id,
  meeting_id: activities.meetingId,
  start: activities.start,
  end: activities.end,
  offline: activities.offline,
  weight: activities.weight,
  created: activities.createdAt,
} as const;

/** The activity's columns plus its form id (forms are one per activity). */
const activityWithForm = {
  ...getTableColumns(activities),
  // Written out: inside a one-table select drizzle leaves columns unqualified ("id" = "id").
  formId: sql<
    string | null
  >`(select "forms"."id" from "forms" where "forms"."activity_id" = "activities"."id" limit 1)`.as('form_id'),
};

function activityWhere(query: Pick<ListQuery<ActivityField>, 'conditions'>): SQL | undefined {
  const isById = filtersById(query);
  return whereSql(query, columns, [
    isById ? undefined : eq(activities.deleted, 0),
    isById ? undefined : eq(activities.enableShow, 1),
    isById ? undefined : eq(activities.privacy, 0),
  ]);
}

/**
 * Activities matching a parsed list query (GET /activities): shown (enable_show 1), public (privacy
 * 0) and not deleted unless filtered by `_id`, in the query's sort with the id as tie-breaker.
 */
export async function findActivities(db: Database, query: ListQuery<ActivityField>): Promise<ActivityRow[]> {
  return db
    .select(activityWithForm)
    .from(activities)
    .where(activityWhere(query))
    .orderBy(...orderSql(query.sort, columns, activities.id))
    .limit(query.limit)
    .offset(query.skip);
}

/** Number of activities GET /activities would list for these conditions (limit and skip ignored). */
export async function countActivityRows(
  db: Database,
  query: Pick<ListQuery<ActivityField>, 'conditions'>,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(activities).where(activityWhere(query));
  return rows[0]?.total ?? 0;
}

/**
 * An activity by id with its form id, deleted, hidden and private ones included (the caller decides
 * what they mean), or undefined. Pass the transaction when one is open.
 */
export async function findActivityById(db: Database, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db.select(activityWithForm).from(activities).where(eq(activities.id, id)).limit(1);
  return row;
}

/** Activities by ids with their form ids (any state; missing ids are left out, order not kept). */
export async function findActivitiesByIds(db: Database, ids: string[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  return db.select(activityWithForm).from(activities).where(inArray(activities.id, ids));
}

/**
 * The not deleted ticket types of these activities, by activity, then weight descending, then id
 * (the order each activity's `prices` shows).
 */
export async function listPricesOfActivities(db: Database, activityIds: string[]): Promise<PriceRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select()
    .from(activityPrices)
    .where(and(inArray(activityPrices.activityId, activityIds), eq(activityPrices.deleted, 0)))
    .orderBy(asc(activityPrices.activityId), desc(activityPrices.weight), asc(activityPrices.id));
}

/** The meetings `with_meeting=1` embeds, by id (deleted ones included). */
export async function findActivityMeetings(db: Database, ids: string[]): Promise<ActivityMeetingRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: meetings.id, title: meetings.title, cover: meetings.cover, timeZone: meetings.timeZone })
    .from(meetings)
    .where(inArray(meetings.id, ids));
}

/**
 * All registration channels of an activity, deleted ones included (a link naming a deleted channel
 * must show "source invalid"), the default one first, then by creation.
 */
export async function listSourcesOfActivity(db: Database, activityId: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(activitySources)
    .where(eq(activitySources.activityId, activityId))
    .orderBy(desc(activitySources.isDefault), asc(activitySources.createdAt), asc(activitySources.id));
}

/**
 * Counts a view of a live activity: one inserted view row, folded into `views_total` and
 * activity_views by the views job (modules/views), so concurrent views never contend on the
 * activity's row. Returns the last folded total plus this view, or undefined when there is no such
 * live activity (nothing written).
 */
export async function addActivityView(
  db: Database,
  view: { activityId: string; userId: string | null; deviceId: string | null; sourceId: string | null },
): Promise<number | undefined> {
  const [row] = await db
    .select({ viewsTotal: activities.viewsTotal, meetingId: activities.meetingId })
    .from(activities)
    .where(and(eq(activities.id, view.activityId), eq(activities.deleted, 0)))
    .limit(1);
  if (!row) return undefined;
  await insertViewEvent(db, {
    targetType: 'activity',
    targetId: view.activityId,
    meetingId: row.meetingId,
    ...view,
  });
  return row.viewsTotal + 1;
}
