import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { categories } from '../categories/categories.tables.ts';
import { users } from '../users/users.tables.ts';
import { demandComments, demandLikes, demands } from './demands.tables.ts';

export type DemandRow = typeof demands.$inferSelect;
export type DemandInsert = typeof demands.$inferInsert;
export type DemandCommentRow = typeof demandComments.$inferSelect;
export type ModerationState = DemandRow['moderationState'];
export type DemandPatch = Partial<
  Pick<
    DemandInsert,
    | 'title'
    | 'description'
    | 'industryCategoryId'
    | 'categoryId'
    | 'area'
    | 'images'
    | 'hideContact'
    | 'status'
  >
>;

/** The author columns every reader may see, plus the contact the serializer gives out by the §6 rules. */
export type AuthorRow = {
  id: string;
  username: string;
  avatar: string;
  workTitle: string;
  workCompany: string;
  phone: string | null;
  areaCode: string | null;
  email: string | null;
};

/** A demand with its author and its categories' titles. */
export type DemandView = {
  demand: DemandRow;
  author: AuthorRow;
  industryTitle: unknown;
  categoryTitle: unknown;
};

const industry = alias(categories, 'industry');
const category = alias(categories, 'demand_category');

const authorColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  workTitle: users.workTitle,
  workCompany: users.workCompany,
  phone: users.phone,
  areaCode: users.areaCode,
  email: users.email,
};

/** The filters of a public list, already checked by the contract. */
export type DemandFilter = {
  meetingId: string;
  /** The caller: their own review/blocked items are listed too. */
  viewerId: string | null;
  type?: DemandRow['type'] | undefined;
  industryId?: string | undefined;
  categoryId?: string | undefined;
  area?: string | undefined;
  status?: 'open' | 'closed' | undefined;
  keyword?: string | undefined;
  mineOf?: string | undefined;
  likedBy?: string | undefined;
  order: 'newest' | 'hot';
  limit: number;
  skip: number;
};

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: DemandFilter): SQL | undefined {
  const visibleOrOwn = filter.viewerId
    ? or(
        eq(demands.moderationState, 'visible'),
        and(eq(demands.userId, filter.viewerId), inArray(demands.moderationState, ['review', 'blocked'])),
      )
    : eq(demands.moderationState, 'visible');
  const conditions: (SQL | undefined)[] = [
    eq(demands.meetingId, filter.meetingId),
    filter.mineOf
      ? and(eq(demands.userId, filter.mineOf), ne(demands.moderationState, 'deleted'))
      : visibleOrOwn,
    filter.type ? eq(demands.type, filter.type) : undefined,
    filter.industryId ? eq(demands.industryCategoryId, filter.industryId) : undefined,
    filter.categoryId ? eq(demands.categoryId, filter.categoryId) : undefined,
    filter.area ? ilike(demands.area, likePattern(filter.area)) : undefined,
    filter.status ? eq(demands.status, filter.status) : undefined,
    filter.keyword
      ? or(
          ilike(demands.title, likePattern(filter.keyword)),
          ilike(demands.description, likePattern(filter.keyword)),
        )
      : undefined,
    filter.likedBy
      ? sql`exists (select 1 from ${demandLikes} where ${demandLikes.demandId} = ${demands.id} and ${demandLikes.userId} = ${filter.likedBy})`
      : undefined,
  ];
  return and(...conditions);
}

function viewQuery(db: Database) {
  return db
    .select({
      demand: demands,
      author: authorColumns,
      industryTitle: industry.title,
      categoryTitle: category.title,
    })
    .from(demands)
    .innerJoin(users, eq(users.id, demands.userId))
    .leftJoin(industry, and(eq(industry.id, demands.industryCategoryId), eq(industry.deleted, 0)))
    .leftJoin(category, and(eq(category.id, demands.categoryId), eq(category.deleted, 0)));
}

/** One page of a public list and the number of all matches. */
export async function findDemands(
  db: Database,
  filter: DemandFilter,
): Promise<{ rows: DemandView[]; total: number }> {
  const where = filterSql(filter);
  const order =
    filter.order === 'hot'
      ? [desc(sql`${demands.likeTotal} + ${demands.commentTotal}`), desc(demands.createdAt), desc(demands.id)]
      : [desc(demands.createdAt), desc(demands.id)];
  const [rows, [counted]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.skip),
    db.select({ total: count() }).from(demands).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One demand of any state with its author and categories, or undefined. */
export async function findDemandView(db: Database, id: string): Promise<DemandView | undefined> {
  const [row] = await viewQuery(db).where(eq(demands.id, id)).limit(1);
  return row;
}

/** One demand row, locked for update when `lock` (inside a transaction). */
export async function findDemandRow(db: Database, id: string, lock = false): Promise<DemandRow | undefined> {
  const query = db.select().from(demands).where(eq(demands.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a demand. */
export async function insertDemand(db: Database, row: DemandInsert): Promise<void> {
  await db.insert(demands).values(row);
}

/** Applies a patch to a demand (updated_at set now). */
export async function updateDemandRow(db: Database, id: string, patch: DemandPatch): Promise<void> {
  await db
    .update(demands)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(demands.id, id));
}

/**
 * Sets the moderation state of a demand of a meeting; false when there is none.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setDemandModerationState(
  db: Database,
  input: { meetingId: string; id: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(demands)
    .set({ moderationState: input.state, updatedAt: sql`now()` })
    .where(
      and(
        eq(demands.id, input.id),
        eq(demands.meetingId, input.meetingId),
        input.onlyVisible ? eq(demands.moderationState, 'visible') : ne(demands.moderationState, 'deleted'),
      ),
    )
    .returning({ id: demands.id });
  return rows.length > 0;
}

/**
 * Sets the moderation state of a comment of a meeting and keeps the demand's comment_total the number
 * of its visible comments (one statement each, atomic); false when there is no such comment.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setCommentModerationState(
  db: Database,
  input: { meetingId: string; id: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const [before] = await db
    .select({ state: demandComments.moderationState, demandId: demandComments.demandId })
    .from(demandComments)
    .where(
      and(
        eq(demandComments.id, input.id),
        eq(demandComments.meetingId, input.meetingId),
        input.onlyVisible
          ? eq(demandComments.moderationState, 'visible')
          : ne(demandComments.moderationState, 'deleted'),
      ),
    )
    .for('update');
  if (!before) return false;
  await db
    .update(demandComments)
    .set({ moderationState: input.state, updatedAt: sql`now()` })
    .where(eq(demandComments.id, input.id));
  const delta = (input.state === 'visible' ? 1 : 0) - (before.state === 'visible' ? 1 : 0);
  if (delta !== 0) {
    await db
      .update(demands)
      .set({ commentTotal: sql`greatest(${demands.commentTotal} + ${delta}, 0)` })
      .where(eq(demands.id, before.demandId));
  }
  return true;
}

/** The ids among `demandIds` that `userId` liked. */
export async function likedAmong(db: Database, userId: string, demandIds: string[]): Promise<Set<string>> {
  if (demandIds.length === 0) return new Set();
  const rows = await db
    .select({ id: demandLikes.demandId })
    .from(demandLikes)
    .where(and(eq(demandLikes.userId, userId), inArray(demandLikes.demandId, demandIds)));
  return new Set(rows.map((row) => row.id));
}

/** The ids among `demandIds` on which `userId` has a comment that is not deleted (their contact is revealed to the poster). */
export async function commentedAmong(
  db: Database,
  userId: string,
  demandIds: string[],
): Promise<Set<string>> {
  if (demandIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: demandComments.demandId })
    .from(demandComments)
    .where(
      and(
        eq(demandComments.userId, userId),
        inArray(demandComments.demandId, demandIds),
        ne(demandComments.moderationState, 'deleted'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds a like: the row inserts at most once per (demand, user) and like_total goes up only when it
 * did — one statement, so 100 parallel likes count exactly 100 (DESIGN §9 counters).
 * @returns the demand's like_total after the call
 */
export async function addLike(db: Database, demandId: string, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    with inserted as (
      insert into ${demandLikes} (demand_id, user_id) values (${demandId}, ${userId})
      on conflict do nothing returning demand_id
    ), bumped as (
      update ${demands} set like_total = like_total + 1
      where id = ${demandId} and exists (select 1 from inserted) returning like_total
    )
    select coalesce((select like_total from bumped), (select like_total from ${demands} where id = ${demandId})) as like_total`)) as unknown as {
    rows: { like_total: number | string }[];
  };
  return Number(result.rows[0]?.like_total ?? 0);
}

/** Takes back a like, like addLike: like_total goes down only when a row was deleted. */
export async function removeLike(db: Database, demandId: string, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    with removed as (
      delete from ${demandLikes} where demand_id = ${demandId} and user_id = ${userId} returning demand_id
    ), lowered as (
      update ${demands} set like_total = greatest(like_total - 1, 0)
      where id = ${demandId} and exists (select 1 from removed) returning like_total
    )
    select coalesce((select like_total from lowered), (select like_total from ${demands} where id = ${demandId})) as like_total`)) as unknown as {
    rows: { like_total: number | string }[];
  };
  return Number(result.rows[0]?.like_total ?? 0);
}

/** A comment with its author. */
export type CommentView = { comment: DemandCommentRow; author: AuthorRow };

/** A demand's comments a reader may see (visible, plus the viewer's own review/blocked), oldest first. */
export async function findComments(
  db: Database,
  input: { demandId: string; viewerId: string | null; limit: number; skip: number; all?: boolean },
): Promise<{ rows: CommentView[]; total: number }> {
  const visible = input.all
    ? undefined
    : input.viewerId
      ? or(
          eq(demandComments.moderationState, 'visible'),
          and(
            eq(demandComments.userId, input.viewerId),
            inArray(demandComments.moderationState, ['review', 'blocked']),
          ),
        )
      : eq(demandComments.moderationState, 'visible');
  const where = and(eq(demandComments.demandId, input.demandId), visible);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ comment: demandComments, author: authorColumns })
      .from(demandComments)
      .innerJoin(users, eq(users.id, demandComments.userId))
      .where(where)
      .orderBy(asc(demandComments.createdAt), asc(demandComments.id))
      .limit(input.limit)
      .offset(input.skip),
    db.select({ total: count() }).from(demandComments).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One comment with its author, or undefined. */
export async function findCommentView(db: Database, id: string): Promise<CommentView | undefined> {
  const [row] = await db
    .select({ comment: demandComments, author: authorColumns })
    .from(demandComments)
    .innerJoin(users, eq(users.id, demandComments.userId))
    .where(eq(demandComments.id, id))
    .limit(1);
  return row;
}

/** Inserts a comment and, when it is visible, raises the demand's comment_total by one (atomic). */
export async function insertComment(db: Database, row: typeof demandComments.$inferInsert): Promise<void> {
  await db.insert(demandComments).values(row);
  if ((row.moderationState ?? 'visible') === 'visible') {
    await db
      .update(demands)
      .set({ commentTotal: sql`${demands.commentTotal} + 1` })
      .where(eq(demands.id, row.demandId));
  }
}

/** Which of `ids` are live categories of `type` in the meeting. */
export async function existingCategoryIds(
  db: Database,
  input: { meetingId: string; type: string; ids: string[] },
): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.meetingId, input.meetingId),
        eq(categories.type, input.type),
        eq(categories.deleted, 0),
        inArray(categories.id, input.ids),
      ),
    );
  return rows.map((row) => row.id);
}

/** Console: a meeting's demands, newest first, with the filters of the console table. */
export async function findConsoleDemands(
  db: Database,
  input: {
    meetingId: string;
    status?: 'open' | 'closed' | undefined;
    state?: ModerationState | undefined;
    type?: DemandRow['type'] | undefined;
    keyword?: string | undefined;
    limit: number;
    skip: number;
  },
): Promise<{ rows: DemandView[]; total: number }> {
  const where = and(
    eq(demands.meetingId, input.meetingId),
    input.state ? eq(demands.moderationState, input.state) : ne(demands.moderationState, 'deleted'),
    input.status ? eq(demands.status, input.status) : undefined,
    input.type ? eq(demands.type, input.type) : undefined,
    input.keyword
      ? or(
          ilike(demands.title, likePattern(input.keyword)),
          ilike(demands.description, likePattern(input.keyword)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(demands.createdAt), desc(demands.id))
      .limit(input.limit)
      .offset(input.skip),
    db.select({ total: count() }).from(demands).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Texts and authors of demands, for moderation's queue. */
export async function describeDemands(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: demands.id,
      meetingId: demands.meetingId,
      userId: demands.userId,
      title: demands.title,
      description: demands.description,
    })
    .from(demands)
    .where(inArray(demands.id, ids));
}

/** Texts and authors of comments, for moderation's queue. */
export async function describeComments(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: demandComments.id,
      demandId: demandComments.demandId,
      meetingId: demandComments.meetingId,
      userId: demandComments.userId,
      content: demandComments.content,
    })
    .from(demandComments)
    .where(inArray(demandComments.id, ids));
}
