import type { ListQuery } from '@app/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { categories } from '../categories/categories.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { news } from './news.tables.ts';

export type NewsField = '_id' | 'meeting_id' | 'category_id' | 'weight' | 'published' | 'created';
export type NewsRow = typeof news.$inferSelect;
export type NewsInsert = typeof news.$inferInsert;
export type NewsPatch = Partial<
  Pick<
    NewsInsert,
    | 'title'
    | 'summary'
    | 'content'
    | 'cover'
    | 'author'
    | 'categoryId'
    | 'weight'
    | 'status'
    | 'publishAt'
    | 'publishedAt'
    | 'deleted'
  >
>;
/** A public list row: the item with its meeting's and category's titles. */
export type PublicNewsRow = {
  item: NewsRow;
  meetingTitle: unknown;
  categoryTitle: unknown;
  categoryDeleted: number | null;
};

const columns = {
  _id: news.id,
  meeting_id: news.meetingId,
  category_id: news.categoryId,
  weight: news.weight,
  published: news.publishedAt,
  created: news.createdAt,
} as const;

/**
 * News matching a parsed public list query: published and not deleted — or, when the query names
 * ids, those ids in any state (the service blanks what the public may not see, for the /204 rule).
 */
export async function findPublicNews(db: Database, query: ListQuery<NewsField>): Promise<PublicNewsRow[]> {
  const isById = filtersById(query);
  return db
    .select({
      item: news,
      meetingTitle: meetings.title,
      categoryTitle: categories.title,
      categoryDeleted: categories.deleted,
    })
    .from(news)
    .leftJoin(meetings, eq(meetings.id, news.meetingId))
    .leftJoin(categories, eq(categories.id, news.categoryId))
    .where(
      whereSql(query, columns, [
        isById ? undefined : eq(news.deleted, 0),
        isById ? undefined : eq(news.status, 'published'),
      ]),
    )
    .orderBy(...orderSql(query.sort, columns, news.id))
    .limit(query.limit)
    .offset(query.skip);
}

/** A meeting's news items that are not deleted, newest change first (the console's table). */
export async function findConsoleNews(db: Database, meetingId: string): Promise<NewsRow[]> {
  return db
    .select()
    .from(news)
    .where(and(eq(news.meetingId, meetingId), eq(news.deleted, 0)))
    .orderBy(desc(news.updatedAt), desc(news.id));
}

/** One news item of a meeting that is not deleted, or undefined. */
export async function findNewsInMeeting(
  db: Database,
  meetingId: string,
  id: string,
): Promise<NewsRow | undefined> {
  const rows = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), eq(news.meetingId, meetingId), eq(news.deleted, 0)))
    .limit(1);
  return rows[0];
}

/** One news item by id in any state, or undefined (the publish job). */
export async function findNewsById(db: Database, id: string): Promise<NewsRow | undefined> {
  const rows = await db.select().from(news).where(eq(news.id, id)).limit(1);
  return rows[0];
}

/** Inserts a news item. */
export async function insertNews(db: Database, row: NewsInsert): Promise<void> {
  await db.insert(news).values(row);
}

/**
 * Applies `patch` to an item of the meeting that is not deleted when it still has `version`, and
 * raises the version by one — one statement, so two editors saving at once cannot both win.
 * @returns the updated row, or undefined when the item is missing or has moved past `version`
 */
export async function updateNewsIfVersion(
  db: Database,
  input: { meetingId: string; id: string; version: number },
  patch: NewsPatch,
): Promise<NewsRow | undefined> {
  const rows = await db
    .update(news)
    .set({ ...patch, version: sql`${news.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(news.id, input.id),
        eq(news.meetingId, input.meetingId),
        eq(news.deleted, 0),
        eq(news.version, input.version),
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Publishes an item when it is still scheduled for exactly `publishAt` (the job's check: a
 * rescheduled, unpublished, already published or deleted item is left alone; edits of the texts
 * while it waits keep the schedule). The version is raised so an editor who read the scheduled item
 * cannot save over the publication unseen.
 * @returns the published row, or undefined when nothing matched
 */
export async function publishIfScheduled(
  db: Database,
  input: { id: string; publishAt: Date },
): Promise<NewsRow | undefined> {
  const rows = await db
    .update(news)
    .set({
      status: 'published',
      publishedAt: input.publishAt,
      publishAt: null,
      version: sql`${news.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(news.id, input.id),
        eq(news.status, 'scheduled'),
        eq(news.deleted, 0),
        eq(news.publishAt, input.publishAt),
      ),
    )
    .returning();
  return rows[0];
}

// ————— News categories —————

export type NewsCategoryRow = typeof categories.$inferSelect & { newsTotal: number };

const newsInCategory = sql<number>`(select count(*)::int from ${news} n
  where n.category_id = "categories"."id" and n.deleted = 0)`;

/** A meeting's news categories (not deleted), weight descending then created. */
export async function findNewsCategories(db: Database, meetingId: string): Promise<NewsCategoryRow[]> {
  const rows = await db
    .select({ category: categories, newsTotal: newsInCategory })
    .from(categories)
    .where(and(eq(categories.meetingId, meetingId), eq(categories.type, 'news'), eq(categories.deleted, 0)))
    .orderBy(desc(categories.weight), categories.createdAt, categories.id);
  return rows.map((row) => ({ ...row.category, newsTotal: Number(row.newsTotal) }));
}

/** One news category of a meeting (not deleted), or undefined. */
export async function findNewsCategory(
  db: Database,
  meetingId: string,
  id: string,
): Promise<NewsCategoryRow | undefined> {
  const rows = await db
    .select({ category: categories, newsTotal: newsInCategory })
    .from(categories)
    .where(
      and(
        eq(categories.id, id),
        eq(categories.meetingId, meetingId),
        eq(categories.type, 'news'),
        eq(categories.deleted, 0),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row.category, newsTotal: Number(row.newsTotal) } : undefined;
}

/** Inserts a news category. */
export async function insertNewsCategory(
  db: Database,
  row: { id: string; meetingId: string; title: string | Record<string, string>; weight: number },
): Promise<void> {
  await db.insert(categories).values({ ...row, type: 'news' });
}

/** Changes a news category's title, weight or deleted flag. */
export async function updateNewsCategory(
  db: Database,
  id: string,
  patch: Partial<{ title: string | Record<string, string>; weight: number; deleted: number }>,
): Promise<void> {
  await db
    .update(categories)
    .set(patch)
    .where(and(eq(categories.id, id), eq(categories.type, 'news')));
}

/** Ids among `ids` that are news categories of the meeting (not deleted). */
export async function existingNewsCategoryIds(
  db: Database,
  meetingId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        inArray(categories.id, ids),
        eq(categories.meetingId, meetingId),
        eq(categories.type, 'news'),
        eq(categories.deleted, 0),
      ),
    );
  return rows.map((row) => row.id);
}
