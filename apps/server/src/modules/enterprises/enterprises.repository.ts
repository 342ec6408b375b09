import type { ListQuery, SortTerm } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { type ColumnMap, filtersById, whereSql } from '../../db/list-query-sql.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { inTransaction } from '../../db/transaction.ts';
import { exhibitorAccounts } from '../auth/auth.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { exhibitorBindings, exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { products } from '../products/products.tables.ts';
import { insertViewEvent, type ViewTargetType } from '../views/views.repository.ts';
import { buildSearchText, containsPattern } from './enterprises.search.ts';
import {
  enterprises,
  type InteractionKind,
  type InteractionTargetType,
  interactions,
  type ReactionKind,
  type ReactionTargetType,
  reactions,
} from './enterprises.tables.ts';

export type EnterpriseRow = typeof enterprises.$inferSelect;
export type NewEnterpriseRow = typeof enterprises.$inferInsert;
export type EnterpriseField =
  | '_id'
  | 'meeting_id'
  | 'industry_category_id'
  | 'weight'
  | 'created'
  | 'likes_total'
  | 'views_total';

const columns = {
  _id: enterprises.id,
  industry_category_id: enterprises.industryCategoryId,
  weight: enterprises.weight,
  created: enterprises.createdAt,
  likes_total: enterprises.likesTotal,
  views_total: enterprises.viewsTotal,
} as const;

/** Rows per INSERT statement: 25 columns each stays far below PostgreSQL's 65,535 parameters. */
const insertBatchSize = 500;

/**
 * Inserts enterprises in batches of 500 (data generator, seeds, tests). `searchText` is built from
 * the title when not given. Returns nothing; ids are the callers' (`newId()`).
 */
export async function insertEnterprises(db: Database, rows: NewEnterpriseRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += insertBatchSize) {
    const batch = rows.slice(at, at + insertBatchSize).map((row) => ({
      ...row,
      searchText: row.searchText ?? buildSearchText(row.title),
    }));
    await db.insert(enterprises).values(batch);
  }
}

/**
 * ORDER BY of a list: the sort terms, then the id in the direction of the last term. With the default
 * weight → created (descending) this is exactly the order of the `(weight desc, created desc, id desc)`
 * indexes, so PostgreSQL walks the index and stops after one page instead of sorting every row.
 */
export function listOrder<F extends string>(sort: SortTerm<F>[], columns: ColumnMap<F>, id: PgColumn): SQL[] {
  const terms = sort.flatMap(({ field, direction }) => {
    const column = columns[field];
    return column ? [{ column, direction }] : [];
  });
  const last = terms.at(-1)?.direction ?? 1;
  return [...terms, { column: id, direction: last }].map(({ column, direction }) =>
    direction === 1 ? asc(column) : desc(column),
  );
}

/** SQL: the enterprise has a shown, not deleted exhibitor row in the meeting. */
export function exhibitsAt(meetingId: string): SQL {
  return sql`exists (select 1 from ${exhibitors} where ${exhibitors.enterpriseId} = ${enterprises.id}
    and ${exhibitors.meetingId} = ${meetingId} and ${exhibitors.deleted} = 0 and ${exhibitors.isShown} = 1)`;
}

/** SQL: the enterprise has an exhibitor row in the meeting, shown or not, deleted or not. */
function everExhibitedAt(meetingId: string): SQL {
  return sql`exists (select 1 from ${exhibitors} where ${exhibitors.enterpriseId} = ${enterprises.id}
    and ${exhibitors.meetingId} = ${meetingId})`;
}

function enterpriseWhere(query: Pick<ListQuery<EnterpriseField>, 'conditions'>) {
  // A lookup by _id (the enterprise page) also finds an enterprise whose exhibitor was hidden or
  // removed, so the page can show it or its /204 state instead of nothing.
  const isById = filtersById(query);
  return whereSql(query, columns, [
    isById ? undefined : eq(enterprises.deleted, 0),
    ...query.conditions
      .filter((condition) => condition.field === 'meeting_id')
      .map((condition) => (isById ? everExhibitedAt : exhibitsAt)(String(condition.value))),
  ]);
}

/** Enterprises matching a parsed list query (deleted rows only when filtered by `_id`). */
export async function findEnterprises(
  db: Database,
  query: ListQuery<EnterpriseField>,
): Promise<EnterpriseRow[]> {
  return db
    .select()
    .from(enterprises)
    .where(enterpriseWhere(query))
    .orderBy(...listOrder(query.sort, columns, enterprises.id))
    .limit(query.limit)
    .offset(query.skip);
}

/** Number of enterprises matching the conditions. */
export async function countEnterpriseRows(
  db: Database,
  query: Pick<ListQuery<EnterpriseField>, 'conditions'>,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(enterprises).where(enterpriseWhere(query));
  return rows[0]?.total ?? 0;
}

/** A search: every (folded) term must occur in `search_text`; a page of the matches. */
export type SearchInput = {
  terms: string[];
  limit: number;
  skip: number;
};

/**
 * SQL: every (folded) term matches the search column, either as a substring (trigram: CJK words
 * inside unspaced text, partial words) or as a word of PostgreSQL full-text search with English
 * stemming for Latin-script words (`robotics` finds "Robot arm"). `search_text` is folded
 * by buildSearchText, so a case-sensitive LIKE is a case-insensitive match, cheaper than ILIKE; the
 * terms' wildcards are escaped. Each side has its GIN index (gin_trgm_ops, to_tsvector('english')).
 */
export function matchesAllTerms(column: PgColumn, terms: string[], stemmed: ReadonlySet<string>) {
  return and(
    ...terms.map((term) =>
      stemmed.has(term)
        ? or(
            like(column, containsPattern(term)),
            sql`to_tsvector('english', ${column}) @@ plainto_tsquery('english', ${term})`,
          )
        : like(column, containsPattern(term)),
    ),
  );
}

/**
 * The terms whose English stem is not the term itself (`robotics` → robot), asked of PostgreSQL's own
 * stemmer: only those get the full-text branch. For the others (`servo`, CJK words, stop words) every
 * stemmed match is already a substring match, and the extra index scan would cost about 15 ms on
 * 100,000 products.
 */
export async function termsWithOtherStems(db: Database, terms: string[]): Promise<Set<string>> {
  const candidates = terms.filter((term) => /^[\p{Script=Latin}'-]{3,}$/u.test(term));
  if (candidates.length === 0) return new Set();
  const result = await db.execute(
    sql.join(
      candidates.map(
        (term) => sql`select ${term}::text as term, plainto_tsquery('english', ${term})::text as query`,
      ),
      sql` union all `,
    ),
  );
  const rows = (result as unknown as { rows: { term: string; query: string }[] }).rows;
  return new Set(
    rows.filter((row) => row.query !== '' && row.query !== `'${row.term}'`).map((row) => row.term),
  );
}

/**
 * ORDER BY of a search: weight then created, descending, then id — the list order (§9), so the
 * order index serves frequent words and stops after a page; rare words go through the trigram
 * index. (Ranking by trigram similarity first cost 70 ms instead of 2 ms per call on 100,000
 * products: every match had to be scored and sorted.)
 */
export function searchOrder(table: { weight: PgColumn; createdAt: PgColumn; id: PgColumn }): SQL[] {
  return [desc(table.weight), desc(table.createdAt), desc(table.id)];
}

/**
 * Enterprises (not deleted) whose search text contains every term, optionally exhibiting at a meeting
 * and of an industry, by weight then created (descending).
 */
export async function searchEnterpriseRows(
  db: Database,
  input: SearchInput & { meetingId?: string | undefined; industryCategoryId?: string | undefined },
): Promise<EnterpriseRow[]> {
  const stemmed = await termsWithOtherStems(db, input.terms);
  return db
    .select()
    .from(enterprises)
    .where(
      and(
        eq(enterprises.deleted, 0),
        matchesAllTerms(enterprises.searchText, input.terms, stemmed),
        input.meetingId ? exhibitsAt(input.meetingId) : undefined,
        input.industryCategoryId ? eq(enterprises.industryCategoryId, input.industryCategoryId) : undefined,
      ),
    )
    .orderBy(...searchOrder(enterprises))
    .limit(input.limit)
    .offset(input.skip);
}

/** One enterprise by id (deleted included), or undefined. */
export async function findEnterpriseById(db: Database, id: string): Promise<EnterpriseRow | undefined> {
  const [row] = await db.select().from(enterprises).where(eq(enterprises.id, id)).limit(1);
  return row;
}

/** Enterprises by ids (deleted included), in no particular order. */
export async function findEnterprisesByIds(db: Database, ids: string[]): Promise<EnterpriseRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(enterprises).where(inArray(enterprises.id, ids));
}

/** The columns of the enterprise card that exhibitor lists embed: no description, images or search text. */
const cardColumns = {
  id: enterprises.id,
  title: enterprises.title,
  logo: enterprises.logo,
  website: enterprises.website,
  phone: enterprises.phone,
  email: enterprises.email,
  industryCategoryId: enterprises.industryCategoryId,
  likesTotal: enterprises.likesTotal,
  awesomesTotal: enterprises.awesomesTotal,
  viewsTotal: enterprises.viewsTotal,
};
export type EnterpriseCardRow = Pick<EnterpriseRow, keyof typeof cardColumns>;

/**
 * Enterprise cards by ids (deleted included), in no particular order, each with its industry
 * category (null when unset or unknown) read in the same query.
 */
export async function findEnterpriseCardsByIds(
  db: Database,
  ids: string[],
): Promise<(EnterpriseCardRow & { industry: { id: string; title: EnterpriseRow['title'] } | null })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ card: cardColumns, industryId: categories.id, industryTitle: categories.title })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.industryCategoryId))
    .where(inArray(enterprises.id, ids));
  return rows.map((row) => ({
    ...row.card,
    industry: row.industryId ? { id: row.industryId, title: row.industryTitle ?? '' } : null,
  }));
}

/** Changes the given fields of an enterprise and its `updated_at`; returns the new row. */
export async function updateEnterpriseRow(
  db: Database,
  id: string,
  patch: Partial<Omit<NewEnterpriseRow, 'id' | 'createdAt'>>,
): Promise<EnterpriseRow | undefined> {
  const [row] = await db
    .update(enterprises)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(enterprises.id, id))
    .returning();
  return row;
}

/** `{ id, title }` of categories by ids (deleted ones included: a list still names them). */
export async function findCategoryRefs(
  db: Database,
  ids: string[],
): Promise<Map<string, { id: string; title: EnterpriseRow['title'] }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(inArray(categories.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * True when the user may edit the enterprise (§6): a binding of theirs (in `meetingId` when given)
 * points to an enabled exhibitor account of that enterprise, or they are the user such an account
 * signs in as (POST /tokens/exhibitor).
 */
export async function isUserBoundToEnterprise(
  db: Database,
  input: { userId: string; enterpriseId: string; meetingId?: string | undefined },
): Promise<boolean> {
  const [bound] = await db
    .select({ one: sql<number>`1` })
    .from(exhibitorAccounts)
    .where(
      and(
        eq(exhibitorAccounts.enterpriseId, input.enterpriseId),
        eq(exhibitorAccounts.enabled, 1),
        input.meetingId ? eq(exhibitorAccounts.meetingId, input.meetingId) : undefined,
        sql`(${exhibitorAccounts.userId} = ${input.userId} or exists (
          select 1 from ${exhibitorBindings} where ${exhibitorBindings.exhibitorAccountId} = ${exhibitorAccounts.id}
          and ${exhibitorBindings.userId} = ${input.userId}))`,
      ),
    )
    .limit(1);
  return bound !== undefined;
}

/** A reaction's target kinds that carry counters. */
export type CountedReactionTarget = Extract<ReactionTargetType, 'enterprise' | 'product'>;

async function bumpReactionCounter(
  tx: Database,
  target: CountedReactionTarget,
  kind: ReactionKind,
  id: string,
  delta: 1 | -1 | 0,
  isDeletedAllowed: boolean,
): Promise<number | undefined> {
  if (target === 'enterprise') {
    const column = kind === 'like' ? enterprises.likesTotal : enterprises.awesomesTotal;
    const [row] = await tx
      .update(enterprises)
      .set(
        kind === 'like'
          ? { likesTotal: sql`${column} + ${delta}` }
          : { awesomesTotal: sql`${column} + ${delta}` },
      )
      .where(and(eq(enterprises.id, id), isDeletedAllowed ? undefined : eq(enterprises.deleted, 0)))
      .returning({ total: column });
    return row?.total;
  }
  const column = kind === 'like' ? products.likesTotal : products.awesomesTotal;
  const [row] = await tx
    .update(products)
    .set(
      kind === 'like'
        ? { likesTotal: sql`${column} + ${delta}` }
        : { awesomesTotal: sql`${column} + ${delta}` },
    )
    // A hidden product (`is_shown` 0) takes no new reaction, like a deleted one (§9).
    .where(
      and(
        eq(products.id, id),
        isDeletedAllowed ? undefined : and(eq(products.deleted, 0), eq(products.isShown, 1)),
      ),
    )
    .returning({ total: column });
  return row?.total;
}

/**
 * Adds (`isOn`) or removes a user's like/awesome and moves the target's counter in the same
 * transaction — only when a row was really inserted (`on conflict do nothing returning`) or deleted
 * (`delete … returning`), so repeats change nothing and concurrent calls keep the total exact.
 * @returns the new total, or undefined when the target does not exist (or is deleted — or a hidden
 *   product — for an add)
 */
export async function setReaction(
  db: Database,
  input: {
    userId: string;
    kind: ReactionKind;
    target: CountedReactionTarget;
    targetId: string;
    isOn: boolean;
  },
): Promise<number | undefined> {
  return inTransaction(db, async (tx) => {
    const key = and(
      eq(reactions.userId, input.userId),
      eq(reactions.kind, input.kind),
      eq(reactions.targetType, input.target),
      eq(reactions.targetId, input.targetId),
    );
    if (input.isOn) {
      // The target is checked (and row-locked) first so no reaction to a missing target is stored.
      const current = await bumpReactionCounter(tx, input.target, input.kind, input.targetId, 0, false);
      if (current === undefined) return undefined;
      const inserted = await tx
        .insert(reactions)
        .values({
          userId: input.userId,
          kind: input.kind,
          targetType: input.target,
          targetId: input.targetId,
        })
        .onConflictDoNothing()
        .returning({ userId: reactions.userId });
      if (inserted.length === 0) return current;
      return bumpReactionCounter(tx, input.target, input.kind, input.targetId, 1, false);
    }
    const removed = await tx.delete(reactions).where(key).returning({ userId: reactions.userId });
    return bumpReactionCounter(
      tx,
      input.target,
      input.kind,
      input.targetId,
      removed.length > 0 ? -1 : 0,
      true,
    );
  });
}

/** The ids among `targetIds` the user liked and gave an awesome. */
export async function reactionsOf(
  db: Database,
  input: { userId: string; target: ReactionTargetType; targetIds: string[] },
): Promise<{ liked: Set<string>; awesome: Set<string> }> {
  const liked = new Set<string>();
  const awesome = new Set<string>();
  if (input.targetIds.length === 0) return { liked, awesome };
  const rows = await db
    .select({ kind: reactions.kind, targetId: reactions.targetId })
    .from(reactions)
    .where(
      and(
        eq(reactions.userId, input.userId),
        eq(reactions.targetType, input.target),
        inArray(reactions.targetId, [...new Set(input.targetIds)]),
      ),
    );
  for (const row of rows) (row.kind === 'like' ? liked : awesome).add(row.targetId);
  return { liked, awesome };
}

/** One item's current like and awesome totals and whether the user gave each. */
export type LiveReactions = { likesTotal: number; awesomesTotal: number; liked: boolean; awesome: boolean };

/**
 * The current `likes_total`, `awesomes_total` of enterprises or products by id and the user's own
 * like and awesome on each, in one query (the reactions' primary key leads with the user). Ids not
 * found are absent from the map.
 */
export async function liveReactionsOf(
  db: Database,
  input: { userId: string; target: 'enterprise' | 'product'; ids: string[] },
): Promise<Map<string, LiveReactions>> {
  const live = new Map<string, LiveReactions>();
  if (input.ids.length === 0) return live;
  const rows = await liveReactionsQueries(db)[input.target].execute({
    userId: input.userId,
    ids: [...new Set(input.ids)],
  });
  for (const { id, ...row } of rows) live.set(id, row);
  return live;
}

/**
 * liveReactionsOf's two queries (enterprises, products) as prepared statements: they run on every
 * logged-in pavilion read, where building their SQL cost drizzle more CPU than PostgreSQL's answer.
 */
const liveReactionsQueries = preparedPerDatabase((db) => ({
  enterprise: buildLiveReactionsQuery(db, 'enterprise'),
  product: buildLiveReactionsQuery(db, 'product'),
}));

function buildLiveReactionsQuery(db: Database, target: 'enterprise' | 'product') {
  const table = target === 'enterprise' ? enterprises : products;
  return db
    .select({
      id: table.id,
      likesTotal: table.likesTotal,
      awesomesTotal: table.awesomesTotal,
      liked: sql<boolean>`coalesce(bool_or(${reactions.kind} = 'like'), false)`,
      awesome: sql<boolean>`coalesce(bool_or(${reactions.kind} = 'awesome'), false)`,
    })
    .from(table)
    .leftJoin(
      reactions,
      and(
        eq(reactions.userId, sql.placeholder('userId')),
        eq(reactions.targetType, target),
        eq(reactions.targetId, table.id),
      ),
    )
    .where(sql`${table.id} = any(${sql.placeholder('ids')}::text[])`)
    .groupBy(table.id)
    .prepare(`live_reactions_${target}`);
}

/**
 * Ids of the targets the user liked, latest first, limited to those exhibiting at a meeting:
 * enterprises with a shown exhibitor there, products (not deleted, not hidden) shown there by such an
 * enterprise.
 */
export async function likedTargetIds(
  db: Database,
  input: { userId: string; target: CountedReactionTarget; meetingId: string; limit: number; skip: number },
): Promise<string[]> {
  const inMeeting =
    input.target === 'enterprise'
      ? sql`exists (select 1 from ${exhibitors} where ${exhibitors.enterpriseId} = ${reactions.targetId}
          and ${exhibitors.meetingId} = ${input.meetingId} and ${exhibitors.deleted} = 0 and ${exhibitors.isShown} = 1)`
      : sql`exists (select 1 from ${products} join ${exhibitors} on ${exhibitors.enterpriseId} = ${products.enterpriseId}
          where ${products.id} = ${reactions.targetId} and ${products.deleted} = 0 and ${products.isShown} = 1
          and (${products.meetingId} is null or ${products.meetingId} = ${input.meetingId})
          and ${exhibitors.meetingId} = ${input.meetingId} and ${exhibitors.deleted} = 0 and ${exhibitors.isShown} = 1)`;
  const rows = await db
    .select({ targetId: reactions.targetId })
    .from(reactions)
    .where(
      and(
        eq(reactions.userId, input.userId),
        eq(reactions.kind, 'like'),
        eq(reactions.targetType, input.target),
        inMeeting,
      ),
    )
    .orderBy(desc(reactions.createdAt), desc(reactions.targetId))
    .limit(input.limit)
    .offset(input.skip);
  return rows.map((row) => row.targetId);
}

/** Who caused a counted interaction. */
export type InteractionActor = {
  meetingId?: string | null | undefined;
  userId?: string | null | undefined;
  deviceId?: string | null | undefined;
  sourceId?: string | null | undefined;
};

type CountedInteractionTarget = Extract<InteractionTargetType, 'enterprise' | 'exhibitor' | 'product'>;

async function bumpInteractionCounter(
  tx: Database,
  target: CountedInteractionTarget,
  kind: InteractionKind,
  id: string,
): Promise<number | undefined> {
  if (target === 'enterprise') {
    const column = {
      view: enterprises.viewsTotal,
      call: enterprises.callsTotal,
      mail: enterprises.mailsTotal,
      attachment_view: enterprises.attachmentViewsTotal,
    }[kind];
    const field = {
      view: 'viewsTotal',
      call: 'callsTotal',
      mail: 'mailsTotal',
      attachment_view: 'attachmentViewsTotal',
    }[kind];
    const [row] = await tx
      .update(enterprises)
      .set({ [field]: sql`${column} + 1` })
      .where(and(eq(enterprises.id, id), eq(enterprises.deleted, 0)))
      .returning({ total: column });
    return row?.total;
  }
  if (target === 'exhibitor') {
    const column = {
      view: exhibitors.viewsTotal,
      call: exhibitors.callsTotal,
      mail: exhibitors.mailsTotal,
      attachment_view: exhibitors.attachmentViewsTotal,
    }[kind];
    const field = {
      view: 'viewsTotal',
      call: 'callsTotal',
      mail: 'mailsTotal',
      attachment_view: 'attachmentViewsTotal',
    }[kind];
    const [row] = await tx
      .update(exhibitors)
      .set({ [field]: sql`${column} + 1` })
      .where(and(eq(exhibitors.id, id), eq(exhibitors.deleted, 0)))
      .returning({ total: column });
    return row?.total;
  }
  if (kind !== 'view') throw new Error(`products count views only, not ${kind}`);
  const [row] = await tx
    .update(products)
    .set({ viewsTotal: sql`${products.viewsTotal} + 1` })
    .where(and(eq(products.id, id), eq(products.deleted, 0), eq(products.isShown, 1)))
    .returning({ total: products.viewsTotal });
  return row?.total;
}

/** The current total of a counted target (live; a product also shown), or undefined. */
async function findCounterTotal(
  db: Database,
  target: CountedInteractionTarget,
  kind: 'view' | 'attachment_view',
  id: string,
): Promise<{ total: number; meetingId: string | null } | undefined> {
  if (target === 'enterprise') {
    const [row] = await db
      .select({ view: enterprises.viewsTotal, attachment: enterprises.attachmentViewsTotal })
      .from(enterprises)
      .where(and(eq(enterprises.id, id), eq(enterprises.deleted, 0)))
      .limit(1);
    return row && { total: kind === 'view' ? row.view : row.attachment, meetingId: null };
  }
  if (target === 'exhibitor') {
    const [row] = await db
      .select({
        view: exhibitors.viewsTotal,
        attachment: exhibitors.attachmentViewsTotal,
        meetingId: exhibitors.meetingId,
      })
      .from(exhibitors)
      .where(and(eq(exhibitors.id, id), eq(exhibitors.deleted, 0)))
      .limit(1);
    return row && { total: kind === 'view' ? row.view : row.attachment, meetingId: row.meetingId };
  }
  if (kind !== 'view') throw new Error(`products count views only, not ${kind}`);
  const [row] = await db
    .select({ total: products.viewsTotal, meetingId: products.meetingId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.deleted, 0), eq(products.isShown, 1)))
    .limit(1);
  return row;
}

/**
 * Counts one view / call / mail / attachment view. Calls and mails: an atomic `+ 1` of the target's
 * counter and a log row, in one transaction. Views and attachment views (§7 `…/views`): one
 * inserted view row, folded into the counter and the interactions log by the views job
 * (modules/views), so a crowd viewing one exhibitor never queues on its row.
 * @returns the new total (views: the last folded total plus this one), or undefined when the target
 *   does not exist or is deleted, or is a hidden product (nothing stored)
 */
export async function recordInteraction(
  db: Database,
  input: InteractionActor & { target: CountedInteractionTarget; targetId: string; kind: InteractionKind },
): Promise<number | undefined> {
  if (input.kind === 'view' || input.kind === 'attachment_view') {
    const found = await findCounterTotal(db, input.target, input.kind, input.targetId);
    if (!found) return undefined;
    await insertViewEvent(db, {
      targetType: input.kind === 'view' ? input.target : (`${input.target}_attachment` as ViewTargetType),
      targetId: input.targetId,
      meetingId: input.meetingId ?? found.meetingId,
      userId: input.userId,
      deviceId: input.deviceId,
      sourceId: input.sourceId,
    });
    return found.total + 1;
  }
  return inTransaction(db, async (tx) => {
    const total = await bumpInteractionCounter(tx, input.target, input.kind, input.targetId);
    if (total === undefined) return undefined;
    await tx.insert(interactions).values({
      kind: input.kind,
      targetType: input.target,
      targetId: input.targetId,
      meetingId: input.meetingId ?? null,
      userId: input.userId ?? null,
      deviceId: input.deviceId ?? null,
      sourceId: input.sourceId ?? null,
    });
    return total;
  });
}

/** Logs a pavilion page view (the total lives in exhibition_view_totals, see the exhibitors module). */
export async function logInteraction(
  db: Database,
  input: InteractionActor & { target: InteractionTargetType; targetId: string; kind: InteractionKind },
): Promise<void> {
  await db.insert(interactions).values({
    kind: input.kind,
    targetType: input.target,
    targetId: input.targetId,
    meetingId: input.meetingId ?? null,
    userId: input.userId ?? null,
    deviceId: input.deviceId ?? null,
    sourceId: input.sourceId ?? null,
  });
}
