import type { ListQuery } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { categories } from './categories.tables.ts';

export type CategoryField = '_id' | 'meeting_id' | 'parent_id' | 'weight' | 'created';
export type CategoryRow = typeof categories.$inferSelect;

const columns = {
  _id: categories.id,
  meeting_id: categories.meetingId,
  parent_id: categories.parentId,
  weight: categories.weight,
  created: categories.createdAt,
} as const;

/** Categories of one type matching a parsed list query (weight descending by default). */
export async function findCategories(
  db: Database,
  type: string,
  query: ListQuery<CategoryField>,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(
      whereSql(query, columns, [
        eq(categories.type, type),
        filtersById(query) ? undefined : eq(categories.deleted, 0),
      ]),
    )
    .orderBy(...orderSql(query.sort, columns, categories.id))
    .limit(query.limit)
    .offset(query.skip);
}
