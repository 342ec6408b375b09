import type { ListQuery } from '@app/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, whereSql } from '../../db/list-query-sql.ts';
import { exhibitorAccounts } from '../auth/auth.tables.ts';
import {
  listOrder,
  matchesAllTerms,
  type SearchInput,
  searchOrder,
  termsWithOtherStems,
} from '../enterprises/enterprises.repository.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import {
  exhibitionViewTotals,
  exhibitorApplications,
  exhibitorBindings,
  exhibitors,
} from './exhibitors.tables.ts';

export type ExhibitorRow = typeof exhibitors.$inferSelect;
export type NewExhibitorRow = typeof exhibitors.$inferInsert;
export type ExhibitorField =
  | '_id'
  | 'meeting_id'
  | 'enterprise_id'
  | 'industry_category_id'
  | 'exhibitor_group_category_id'
  | 'weight'
  | 'created';

/**
 * The exhibitor's industry: its own, else its enterprise's (filters and the wire `industry` agree).
 */
const industryOf = sql<
  string | null
>`coalesce(${exhibitors.industryCategoryId}, (select ${enterprises.industryCategoryId} from ${enterprises} where ${enterprises.id} = ${exhibitors.enterpriseId}))`;

const columns = {
  _id: exhibitors.id,
  meeting_id: exhibitors.meetingId,
  enterprise_id: exhibitors.enterpriseId,
  exhibitor_group_category_id: exhibitors.exhibitorGroupCategoryId,
  weight: exhibitors.weight,
  created: exhibitors.createdAt,
} as const;

/** Rows per INSERT statement (15 columns each). */
const insertBatchSize = 1000;

/** Inserts exhibitors in batches of 1,000 (data generator, seeds, tests). */
export async function insertExhibitors(db: Database, rows: NewExhibitorRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += insertBatchSize) {
    await db.insert(exhibitors).values(rows.slice(at, at + insertBatchSize));
  }
}

function industryConditions(query: Pick<ListQuery<ExhibitorField>, 'conditions'>): SQL[] {
  return query.conditions
    .filter((condition) => condition.field === 'industry_category_id')
    .map((condition) =>
      Array.isArray(condition.value)
        ? sql`${industryOf} in (${sql.join(
            (condition.value as string[]).map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`${industryOf} = ${condition.value}`,
    );
}

function exhibitorWhere(query: Pick<ListQuery<ExhibitorField>, 'conditions'>) {
  const isById = filtersById(query);
  return whereSql(query, columns, [
    isById ? undefined : eq(exhibitors.deleted, 0),
    isById ? undefined : eq(exhibitors.isShown, 1),
    // An exhibitor whose enterprise was deleted leaves the pavilion with it.
    isById
      ? undefined
      : sql`exists (select 1 from ${enterprises} where ${enterprises.id} = ${exhibitors.enterpriseId} and ${enterprises.deleted} = 0)`,
    ...industryConditions(query),
  ]);
}

/** Exhibitors matching a parsed list query: shown and not deleted unless filtered by `_id`. */
export async function findExhibitors(
  db: Database,
  query: ListQuery<ExhibitorField>,
): Promise<ExhibitorRow[]> {
  return db
    .select()
    .from(exhibitors)
    .where(exhibitorWhere(query))
    .orderBy(...listOrder(query.sort, columns, exhibitors.id))
    .limit(query.limit)
    .offset(query.skip);
}

/** Number of exhibitors matching the conditions. */
export async function countExhibitorRows(
  db: Database,
  query: Pick<ListQuery<ExhibitorField>, 'conditions'>,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(exhibitors).where(exhibitorWhere(query));
  return rows[0]?.total ?? 0;
}

/**
 * A meeting's shown exhibitors whose enterprise's search text contains every term, by weight then
 * created, descending (see searchOrder).
 */
export async function searchExhibitorRows(
  db: Database,
  input: SearchInput & {
    meetingId: string;
    industryCategoryId?: string | undefined;
    exhibitorGroupCategoryId?: string | undefined;
  },
): Promise<ExhibitorRow[]> {
  const stemmed = await termsWithOtherStems(db, input.terms);
  const rows = await db
    .select({ exhibitor: exhibitors })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(
      and(
        eq(exhibitors.meetingId, input.meetingId),
        eq(exhibitors.deleted, 0),
        eq(exhibitors.isShown, 1),
        eq(enterprises.deleted, 0),
        matchesAllTerms(enterprises.searchText, input.terms, stemmed),
        input.industryCategoryId ? sql`${industryOf} = ${input.industryCategoryId}` : undefined,
        input.exhibitorGroupCategoryId
          ? eq(exhibitors.exhibitorGroupCategoryId, input.exhibitorGroupCategoryId)
          : undefined,
      ),
    )
    .orderBy(...searchOrder(exhibitors))
    .limit(input.limit)
    .offset(input.skip);
  return rows.map((row) => row.exhibitor);
}

/** One exhibitor by id (deleted included), or undefined. */
export async function findExhibitorById(db: Database, id: string): Promise<ExhibitorRow | undefined> {
  const [row] = await db.select().from(exhibitors).where(eq(exhibitors.id, id)).limit(1);
  return row;
}

/** The exhibitor row of an enterprise in a meeting (deleted included), or undefined. */
export async function findExhibitorOfEnterprise(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<ExhibitorRow | undefined> {
  const [row] = await db
    .select()
    .from(exhibitors)
    .where(and(eq(exhibitors.meetingId, meetingId), eq(exhibitors.enterpriseId, enterpriseId)))
    .limit(1);
  return row;
}

/** Changes the given fields of an exhibitor and its `updated_at`; returns the new row. */
export async function updateExhibitorRow(
  db: Database,
  id: string,
  patch: Partial<Pick<NewExhibitorRow, 'booth'>>,
): Promise<ExhibitorRow | undefined> {
  const [row] = await db
    .update(exhibitors)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(exhibitors.id, id))
    .returning();
  return row;
}

export type BindingRow = {
  meetingId: string;
  exhibitorAccountId: string;
  account: string;
  enterpriseId: string | null;
  createdAt: Date;
};

/**
 * The user's binding in a meeting with its account's name and enterprise, or undefined. Without a
 * binding row, the enabled account the user signs in as (exhibitor login) counts as bound.
 */
export async function findBinding(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<BindingRow | undefined> {
  const [row] = await db
    .select({
      meetingId: exhibitorBindings.meetingId,
      exhibitorAccountId: exhibitorBindings.exhibitorAccountId,
      account: exhibitorAccounts.account,
      enterpriseId: exhibitorAccounts.enterpriseId,
      createdAt: exhibitorBindings.createdAt,
    })
    .from(exhibitorBindings)
    .innerJoin(exhibitorAccounts, eq(exhibitorAccounts.id, exhibitorBindings.exhibitorAccountId))
    .where(and(eq(exhibitorBindings.userId, userId), eq(exhibitorBindings.meetingId, meetingId)))
    .limit(1);
  if (row) return row;
  // A user who logged in with the exhibitor account itself (POST /tokens/exhibitor) is its own.
  const [own] = await db
    .select({
      meetingId: exhibitorAccounts.meetingId,
      exhibitorAccountId: exhibitorAccounts.id,
      account: exhibitorAccounts.account,
      enterpriseId: exhibitorAccounts.enterpriseId,
      createdAt: exhibitorAccounts.createdAt,
    })
    .from(exhibitorAccounts)
    .where(
      and(
        eq(exhibitorAccounts.userId, userId),
        eq(exhibitorAccounts.meetingId, meetingId),
        eq(exhibitorAccounts.enabled, 1),
      ),
    )
    .limit(1);
  return own;
}

/**
 * Binds an account to the user in a meeting, replacing any previous binding there — one atomic
 * upsert on the (user, meeting) key, so two concurrent binds leave exactly one.
 */
export async function replaceBinding(
  db: Database,
  input: { userId: string; meetingId: string; exhibitorAccountId: string },
): Promise<void> {
  await db
    .insert(exhibitorBindings)
    .values(input)
    .onConflictDoUpdate({
      target: [exhibitorBindings.userId, exhibitorBindings.meetingId],
      set: { exhibitorAccountId: input.exhibitorAccountId, createdAt: sql`now()` },
    });
}

/** Removes the user's binding in a meeting; true when there was one. */
export async function deleteBinding(db: Database, userId: string, meetingId: string): Promise<boolean> {
  const rows = await db
    .delete(exhibitorBindings)
    .where(and(eq(exhibitorBindings.userId, userId), eq(exhibitorBindings.meetingId, meetingId)))
    .returning({ userId: exhibitorBindings.userId });
  return rows.length > 0;
}

/** Stores an application to exhibit; returns its id and time. */
export async function insertApplication(
  db: Database,
  row: typeof exhibitorApplications.$inferInsert,
): Promise<{ id: string; createdAt: Date }> {
  const [inserted] = await db
    .insert(exhibitorApplications)
    .values(row)
    .returning({ id: exhibitorApplications.id, createdAt: exhibitorApplications.createdAt });
  if (!inserted) throw new Error('the application was not stored');
  return inserted;
}

/** The folded total of a pavilion page counter (0 when never viewed). */
export async function findPavilionViewTotal(
  db: Database,
  input: {
    meetingId: string;
    kind: 'exhibitor_category' | 'exhibition_area' | 'product_category';
    target: string;
  },
): Promise<number> {
  const [row] = await db
    .select({ total: exhibitionViewTotals.viewsTotal })
    .from(exhibitionViewTotals)
    .where(
      and(
        eq(exhibitionViewTotals.meetingId, input.meetingId),
        eq(exhibitionViewTotals.kind, input.kind),
        eq(exhibitionViewTotals.target, input.target),
      ),
    )
    .limit(1);
  return row?.total ?? 0;
}

/** Exhibitors by ids. */
export async function findExhibitorsByIds(db: Database, ids: string[]): Promise<ExhibitorRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(exhibitors).where(inArray(exhibitors.id, ids));
}
