import type { ListQuery } from '@app/contracts';
import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, whereSql } from '../../db/list-query-sql.ts';
import { categories } from '../categories/categories.tables.ts';
import {
  listOrder,
  matchesAllTerms,
  type SearchInput,
  searchOrder,
  termsWithOtherStems,
} from '../enterprises/enterprises.repository.ts';
import { buildSearchText } from '../enterprises/enterprises.search.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { products } from './products.tables.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductField =
  | '_id'
  | 'meeting_id'
  | 'enterprise_id'
  | 'category_id'
  | 'weight'
  | 'created'
  | 'likes_total'
  | 'views_total';

const columns = {
  _id: products.id,
  enterprise_id: products.enterpriseId,
  category_id: products.categoryId,
  weight: products.weight,
  created: products.createdAt,
  likes_total: products.likesTotal,
  views_total: products.viewsTotal,
} as const;

/** Rows per INSERT statement (16 columns each, far below PostgreSQL's 65,535 parameters). */
const insertBatchSize = 1000;

/**
 * Inserts products in batches of 1,000 (data generator, seeds, tests). `searchText` is built from the
 * title when not given.
 */
export async function insertProducts(db: Database, rows: NewProductRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += insertBatchSize) {
    const batch = rows.slice(at, at + insertBatchSize).map((row) => ({
      ...row,
      searchText: row.searchText ?? buildSearchText(row.title),
    }));
    await db.insert(products).values(batch);
  }
}

/**
 * SQL: the product is shown at the meeting — meant for it or for every meeting, by an enterprise with a
 * shown, not deleted exhibitor there.
 */
export function shownAt(meetingId: string): SQL {
  return and(
    or(isNull(products.meetingId), eq(products.meetingId, meetingId)),
    sql`exists (select 1 from ${exhibitors} where ${exhibitors.enterpriseId} = ${products.enterpriseId}
      and ${exhibitors.meetingId} = ${meetingId} and ${exhibitors.deleted} = 0 and ${exhibitors.isShown} = 1)`,
    sql`exists (select 1 from ${enterprises} where ${enterprises.id} = ${products.enterpriseId} and ${enterprises.deleted} = 0)`,
  ) as SQL;
}

/**
 * SQL: the product is listed publicly — not deleted and not hidden by an organiser (`is_shown` 1). Every
 * public read leaves hidden products out exactly like deleted ones (§9).
 */
export function isListed(): SQL {
  return and(eq(products.deleted, 0), eq(products.isShown, 1)) as SQL;
}

function productWhere(query: Pick<ListQuery<ProductField>, 'conditions'>) {
  // A lookup by _id (the product page) finds the product even when its exhibitor is hidden or it was
  // deleted or hidden (it then answers deleted = 1: the /204 page), as long as it is not meant for
  // another meeting.
  const isById = filtersById(query);
  return whereSql(query, columns, [
    isById ? undefined : isListed(),
    ...query.conditions
      .filter((condition) => condition.field === 'meeting_id')
      .map((condition) =>
        isById
          ? or(isNull(products.meetingId), eq(products.meetingId, String(condition.value)))
          : shownAt(String(condition.value)),
      ),
  ]);
}

/** Products matching a parsed list query (deleted or hidden rows only when filtered by `_id`). */
export async function findProducts(db: Database, query: ListQuery<ProductField>): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(productWhere(query))
    .orderBy(...listOrder(query.sort, columns, products.id))
    .limit(query.limit)
    .offset(query.skip);
}

/** Number of products matching the conditions. */
export async function countProductRows(
  db: Database,
  query: Pick<ListQuery<ProductField>, 'conditions'>,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(products).where(productWhere(query));
  return rows[0]?.total ?? 0;
}

/** Products (not deleted, not hidden) whose search text contains every term, in the given scope, by weight then created. */
export async function searchProductRows(
  db: Database,
  input: SearchInput & {
    meetingId?: string | undefined;
    enterpriseId?: string | undefined;
    categoryId?: string | undefined;
  },
): Promise<ProductRow[]> {
  const stemmed = await termsWithOtherStems(db, input.terms);
  return db
    .select()
    .from(products)
    .where(
      and(
        isListed(),
        matchesAllTerms(products.searchText, input.terms, stemmed),
        input.meetingId ? shownAt(input.meetingId) : undefined,
        input.enterpriseId ? eq(products.enterpriseId, input.enterpriseId) : undefined,
        input.categoryId ? eq(products.categoryId, input.categoryId) : undefined,
      ),
    )
    .orderBy(...searchOrder(products))
    .limit(input.limit)
    .offset(input.skip);
}

/** Whether a category that is not deleted has this id (a product's category_id must name one). */
export async function liveCategoryExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.deleted, 0)))
    .limit(1);
  return row !== undefined;
}

/** One product by id (deleted included), or undefined. */
export async function findProductById(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Products by ids (deleted included), in no particular order. */
export async function findProductsByIds(db: Database, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

/** Inserts one product (its search text built from the title) and returns the row. */
export async function insertProductRow(db: Database, row: NewProductRow): Promise<ProductRow> {
  const [inserted] = await db
    .insert(products)
    .values({ ...row, searchText: row.searchText ?? buildSearchText(row.title) })
    .returning();
  if (!inserted) throw new Error('the product was not stored');
  return inserted;
}

/** Changes the given fields of a product and its `updated_at`; returns the new row. */
export async function updateProductRow(
  db: Database,
  id: string,
  patch: Partial<Omit<NewProductRow, 'id' | 'createdAt' | 'enterpriseId'>>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}
