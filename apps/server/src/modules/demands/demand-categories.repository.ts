import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../categories/categories.tables.ts';
import { demands } from './demands.tables.ts';

/** A `demand` category row with the number of its demands (not deleted). */
export type DemandCategoryRow = typeof categories.$inferSelect & { demandTotal: number };

const demandsInCategory = sql<number>`(select count(*)::int from ${demands} d
  where d.category_id = "categories"."id" and d.moderation_state <> 'deleted')`;

/** A meeting's demand categories (not deleted), weight descending then created (§7 Categories). */
export async function findDemandCategories(db: Database, meetingId: string): Promise<DemandCategoryRow[]> {
  const rows = await db
    .select({ category: categories, demandTotal: demandsInCategory })
    .from(categories)
    .where(and(eq(categories.meetingId, meetingId), eq(categories.type, 'demand'), eq(categories.deleted, 0)))
    .orderBy(desc(categories.weight), categories.createdAt, categories.id);
  return rows.map((row) => ({ ...row.category, demandTotal: Number(row.demandTotal) }));
}

/** One demand category of a meeting (not deleted), or undefined. */
export async function findDemandCategory(
  db: Database,
  meetingId: string,
  id: string,
): Promise<DemandCategoryRow | undefined> {
  const rows = await db
    .select({ category: categories, demandTotal: demandsInCategory })
    .from(categories)
    .where(
      and(
        eq(categories.id, id),
        eq(categories.meetingId, meetingId),
        eq(categories.type, 'demand'),
        eq(categories.deleted, 0),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row.category, demandTotal: Number(row.demandTotal) } : undefined;
}

/** Inserts a demand category. */
export async function insertDemandCategory(
  db: Database,
  row: { id: string; meetingId: string; title: string | Record<string, string>; weight: number },
): Promise<void> {
  await db.insert(categories).values({ ...row, type: 'demand' });
}

/** Changes a demand category's title, weight or deleted flag. */
export async function updateDemandCategory(
  db: Database,
  id: string,
  patch: Partial<{ title: string | Record<string, string>; weight: number; deleted: number }>,
): Promise<void> {
  await db
    .update(categories)
    .set(patch)
    .where(and(eq(categories.id, id), eq(categories.type, 'demand')));
}

/** Detaches every demand (any state) of the meeting from a category; answers how many changed. */
export async function detachDemandsFromCategory(
  db: Database,
  input: { meetingId: string; categoryId: string },
): Promise<number> {
  const rows = await db
    .update(demands)
    .set({ categoryId: null })
    .where(and(eq(demands.meetingId, input.meetingId), eq(demands.categoryId, input.categoryId)))
    .returning({ id: demands.id, state: demands.moderationState });
  return rows.filter((row) => row.state !== 'deleted').length;
}
