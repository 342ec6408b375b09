import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import type { ActivityRow, PriceRow, SourceRow } from '../activities/activities.repository.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { formQuestions, forms } from '../forms/forms.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * The console's reads and writes of activities, ticket types, sources and forms (DESIGN §7). Rows
 * carry `updatedMs`, their `updated_at` floored to unix milliseconds in SQL (the column keeps
 * microseconds, the wire carries milliseconds), which optimistic edits compare with.
 */

/** `updated_at` floored to unix milliseconds, as a JS number. */
const msOf = (column: AnyPgColumn) =>
  sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

export type ConsoleActivityRow = ActivityRow & { updatedMs: number };
export type ConsolePriceRow = PriceRow & { updatedMs: number };
export type ConsoleFormRow = typeof forms.$inferSelect & { updatedMs: number };
export type FormQuestionRow = typeof formQuestions.$inferSelect;
export type ActivityValues = Omit<
  typeof activities.$inferInsert,
  'id' | 'meetingId' | 'ticketTotal' | 'viewsTotal' | 'deleted' | 'createdAt' | 'updatedAt'
>;
export type PriceValues = Pick<
  typeof activityPrices.$inferInsert,
  'title' | 'description' | 'amount' | 'total' | 'maxPerAgent' | 'weight'
>;
export type SourceValues = Pick<typeof activitySources.$inferInsert, 'title' | 'max' | 'isDefault'>;
export type QuestionValues = Omit<typeof formQuestions.$inferInsert, 'formId' | 'deleted'> & { id: string };

const activityColumns = {
  ...getTableColumns(activities),
  formId: sql<
    string | null
  >`(select "forms"."id" from "forms" where "forms"."activity_id" = "activities"."id" limit 1)`.as('form_id'),
  updatedMs: msOf(activities.updatedAt),
};
const priceColumns = { ...getTableColumns(activityPrices), updatedMs: msOf(activityPrices.updatedAt) };
const formColumns = { ...getTableColumns(forms), updatedMs: msOf(forms.updatedAt) };

/** The next `updated_at` of a row last written at `previousMs`: now, but always later than before. */
export function nextUpdatedAt(previousMs: number): Date {
  return new Date(Math.max(Date.now(), previousMs + 1));
}

/** Not deleted activities of a meeting (hidden and private too), by weight desc, start, id. */
export async function findMeetingActivities(db: Database, meetingId: string): Promise<ConsoleActivityRow[]> {
  return db
    .select(activityColumns)
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .orderBy(desc(activities.weight), asc(activities.start), asc(activities.id));
}

/** An activity by id (any state), or undefined; `lock` takes a row lock (FOR UPDATE) in a transaction. */
export async function findConsoleActivity(
  db: Database,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ConsoleActivityRow | undefined> {
  const query = db.select(activityColumns).from(activities).where(eq(activities.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update', { of: activities }) : await query;
  return row;
}

/** Inserts an activity; `ticket_total` and `views_total` start at 0. */
export async function insertActivityRow(
  db: Database,
  values: ActivityValues & { id: string; meetingId: string },
): Promise<void> {
  await db.insert(activities).values(values);
}

/** Writes an activity's editable columns and its new `updated_at` (never `ticket_total`). */
export async function updateActivityRow(
  db: Database,
  id: string,
  values: ActivityValues & { updatedAt: Date },
): Promise<void> {
  await db.update(activities).set(values).where(eq(activities.id, id));
}

/** The meeting's title, cover and time zone, or undefined. */
export async function findMeetingSummary(
  db: Database,
  meetingId: string,
): Promise<
  Pick<typeof meetings.$inferSelect, 'id' | 'title' | 'cover' | 'timeZone' | 'deleted'> | undefined
> {
  const [row] = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      cover: meetings.cover,
      timeZone: meetings.timeZone,
      deleted: meetings.deleted,
    })
    .from(meetings)
    .where(eq(meetings.id, meetingId))
    .limit(1);
  return row;
}

/** Not deleted ticket types of these activities, by activity, weight desc, id. */
export async function findPricesOf(db: Database, activityIds: string[]): Promise<ConsolePriceRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select(priceColumns)
    .from(activityPrices)
    .where(and(inArray(activityPrices.activityId, activityIds), eq(activityPrices.deleted, 0)))
    .orderBy(asc(activityPrices.activityId), desc(activityPrices.weight), asc(activityPrices.id));
}

/** A ticket type of an activity by id (deleted too), or undefined; `lock`: FOR UPDATE. */
export async function findPrice(
  db: Database,
  activityId: string,
  priceId: string,
  options: { lock?: boolean } = {},
): Promise<ConsolePriceRow | undefined> {
  const query = db
    .select(priceColumns)
    .from(activityPrices)
    .where(and(eq(activityPrices.id, priceId), eq(activityPrices.activityId, activityId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a ticket type (sold_total 0, version 1). */
export async function insertPriceRow(
  db: Database,
  values: PriceValues & { id: string; activityId: string },
): Promise<void> {
  await db.insert(activityPrices).values(values);
}

/** Writes a ticket type's editable columns, bumps its version and sets `updated_at` (never sold_total). */
export async function updatePriceRow(
  db: Database,
  id: string,
  values: PriceValues & { updatedAt: Date },
): Promise<void> {
  await db
    .update(activityPrices)
    .set({ ...values, version: sql`${activityPrices.version} + 1` })
    .where(eq(activityPrices.id, id));
}

/** Soft-deletes a ticket type (deleted=1, version + 1): tickets sold keep pointing at it. */
export async function softDeletePriceRow(db: Database, id: string): Promise<void> {
  await db
    .update(activityPrices)
    .set({ deleted: 1, version: sql`${activityPrices.version} + 1`, updatedAt: new Date() })
    .where(eq(activityPrices.id, id));
}

/** Not deleted sources of an activity, default first, then by creation. */
export async function findLiveSources(db: Database, activityId: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(activitySources)
    .where(and(eq(activitySources.activityId, activityId), eq(activitySources.deleted, 0)))
    .orderBy(desc(activitySources.isDefault), asc(activitySources.createdAt), asc(activitySources.id));
}

/** A source of an activity by id (deleted too), or undefined; `lock`: FOR UPDATE. */
export async function findSource(
  db: Database,
  activityId: string,
  sourceId: string,
  options: { lock?: boolean } = {},
): Promise<SourceRow | undefined> {
  const query = db
    .select()
    .from(activitySources)
    .where(and(eq(activitySources.id, sourceId), eq(activitySources.activityId, activityId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a source (signup_total 0). */
export async function insertSourceRow(
  db: Database,
  values: SourceValues & { id: string; activityId: string },
): Promise<void> {
  await db.insert(activitySources).values(values);
}

/** Writes a source's editable columns (never signup_total). */
export async function updateSourceRow(
  db: Database,
  id: string,
  values: Partial<SourceValues>,
): Promise<void> {
  await db.update(activitySources).set(values).where(eq(activitySources.id, id));
}

/** Soft-deletes a source (deleted=1, no longer the default). */
export async function softDeleteSourceRow(db: Database, id: string): Promise<void> {
  await db.update(activitySources).set({ deleted: 1, isDefault: 0 }).where(eq(activitySources.id, id));
}

/** Clears the default flag of an activity's other sources (one default per activity). */
export async function clearOtherDefaults(db: Database, activityId: string, keepId: string): Promise<void> {
  await db
    .update(activitySources)
    .set({ isDefault: 0 })
    .where(
      and(
        eq(activitySources.activityId, activityId),
        eq(activitySources.isDefault, 1),
        sql`${activitySources.id} <> ${keepId}`,
      ),
    );
}

/** The form of an activity, or undefined; `lock`: FOR UPDATE. */
export async function findFormOf(
  db: Database,
  activityId: string,
  options: { lock?: boolean } = {},
): Promise<ConsoleFormRow | undefined> {
  const query = db.select(formColumns).from(forms).where(eq(forms.activityId, activityId)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts an activity's form. */
export async function insertFormRow(
  db: Database,
  values: { id: string; meetingId: string; activityId: string; title: string | Record<string, string> },
): Promise<void> {
  await db.insert(forms).values(values);
}

/** Sets a form's title and `updated_at`. */
export async function touchFormRow(
  db: Database,
  id: string,
  values: { title: string | Record<string, string>; updatedAt: Date },
): Promise<void> {
  await db.update(forms).set(values).where(eq(forms.id, id));
}

/** Every question of a form (deleted too), by weight desc then id. */
export async function findQuestionsOf(db: Database, formId: string): Promise<FormQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(desc(formQuestions.weight), asc(formQuestions.id));
}

/** Inserts a question or rewrites an existing one of the form (undeleting it). */
export async function upsertQuestionRow(db: Database, formId: string, values: QuestionValues): Promise<void> {
  await db
    .insert(formQuestions)
    .values({ ...values, formId, deleted: 0 })
    .onConflictDoUpdate({ target: formQuestions.id, set: { ...values, deleted: 0 } });
}

/** Soft-deletes questions of a form (stored answers keep their keys). */
export async function softDeleteQuestions(db: Database, formId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(formQuestions)
    .set({ deleted: 1 })
    .where(and(eq(formQuestions.formId, formId), inArray(formQuestions.id, ids)));
}

/** Ids of the not deleted activities of a meeting among `ids` (linked-activity options, §5). */
export async function findMeetingActivityIds(
  db: Database,
  meetingId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), inArray(activities.id, ids), eq(activities.deleted, 0)));
  return rows.map((row) => row.id);
}
