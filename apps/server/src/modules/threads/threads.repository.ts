import type { ThreadOrder } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.tables.ts';
import {
  type ItemModerationState,
  threadLikes,
  threadReplies,
  threadReplyLikes,
  threads,
} from './threads.tables.ts';

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadReplyRow = typeof threadReplies.$inferSelect;
/** A row as the public sees it: the item, its author's name and avatar, and whether the reader likes it. */
export type AuthorFields = { authorName: string | null; authorAvatar: string | null; isLiked: boolean };
export type ThreadView = ThreadRow & AuthorFields;
export type ReplyView = ThreadReplyRow & AuthorFields;

/**
 * The hot score of a thread, computed in SQL: (likes + 2 × replies + 1) divided by
 * (hours since it was posted + 2)^1.5 — a reply weighs two likes, and a day-old thread needs about
 * ten times the activity of a new one to rank with it.
 */
export const hotScore = sql<number>`((${threads.likeTotal} + 2 * ${threads.replyTotal} + 1)::float8
  / power(extract(epoch from (now() - ${threads.createdAt})) / 3600.0 + 2, 1.5))`;

/** Items a reader may see: visible ones, and their own under review or blocked (never deleted). */
function readable(
  state: typeof threads.moderationState | typeof threadReplies.moderationState,
  author: typeof threads.userId | typeof threadReplies.userId,
  viewerId: string | null,
): SQL {
  const visible = eq(state, 'visible');
  if (!viewerId) return visible;
  return or(visible, and(eq(author, viewerId), inArray(state, ['review', 'blocked']))) as SQL;
}

const likedThread = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${threadLikes} l where l.target_id = ${threads.id} and l.user_id = ${viewerId})`
    : sql<boolean>`false`;
const likedReply = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${threadReplyLikes} l where l.target_id = ${threadReplies.id} and l.user_id = ${viewerId})`
    : sql<boolean>`false`;

/**
 * A page of a meeting's threads the viewer may read: pinned first, then newest (created, id) or
 * hot (hotScore, then newest).
 */
export async function findThreadsPage(
  db: Database,
  input: { meetingId: string; viewerId: string | null; order: ThreadOrder; limit: number; skip: number },
): Promise<ThreadView[]> {
  const order =
    input.order === 'hot'
      ? [desc(threads.pinned), desc(hotScore), desc(threads.createdAt), desc(threads.id)]
      : [desc(threads.pinned), desc(threads.createdAt), desc(threads.id)];
  const rows = await db
    .select({
      thread: threads,
      authorName: users.username,
      authorAvatar: users.avatar,
      isLiked: likedThread(input.viewerId),
    })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.userId))
    .where(
      and(
        eq(threads.meetingId, input.meetingId),
        readable(threads.moderationState, threads.userId, input.viewerId),
      ),
    )
    .orderBy(...order)
    .limit(input.limit)
    .offset(input.skip);
  return rows.map((row) => ({ ...row.thread, ...authorOf(row) }));
}

function authorOf(row: { authorName: string | null; authorAvatar: string | null; isLiked: unknown }) {
  return { authorName: row.authorName, authorAvatar: row.authorAvatar, isLiked: Boolean(row.isLiked) };
}

/** One thread the viewer may read, with its author and the viewer's like, or undefined. */
export async function findReadableThread(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<ThreadView | undefined> {
  const [row] = await db
    .select({
      thread: threads,
      authorName: users.username,
      authorAvatar: users.avatar,
      isLiked: likedThread(viewerId),
    })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.userId))
    .where(and(eq(threads.id, id), readable(threads.moderationState, threads.userId, viewerId)))
    .limit(1);
  return row ? { ...row.thread, ...authorOf(row) } : undefined;
}

/** One thread row in any state, or undefined. */
export async function findThreadById(db: Database, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(threads).where(eq(threads.id, id)).limit(1);
  return row;
}

/** One reply row in any state, or undefined. */
export async function findReplyById(db: Database, id: string): Promise<ThreadReplyRow | undefined> {
  const [row] = await db.select().from(threadReplies).where(eq(threadReplies.id, id)).limit(1);
  return row;
}

/** The meeting of a thread (any state), for the guest-view rule of routes that name only the thread. */
export async function findThreadMeetingId(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ meetingId: threads.meetingId })
    .from(threads)
    .where(eq(threads.id, id))
    .limit(1);
  return row?.meetingId;
}

/** Inserts a thread. */
export async function insertThread(db: Database, row: typeof threads.$inferInsert): Promise<void> {
  await db.insert(threads).values(row);
}

/** A page of a thread's replies the viewer may read, oldest first. */
export async function findRepliesPage(
  db: Database,
  input: { threadId: string; viewerId: string | null; limit: number; skip: number },
): Promise<ReplyView[]> {
  const rows = await db
    .select({
      reply: threadReplies,
      authorName: users.username,
      authorAvatar: users.avatar,
      isLiked: likedReply(input.viewerId),
    })
    .from(threadReplies)
    .leftJoin(users, eq(users.id, threadReplies.userId))
    .where(
      and(
        eq(threadReplies.threadId, input.threadId),
        readable(threadReplies.moderationState, threadReplies.userId, input.viewerId),
      ),
    )
    .orderBy(asc(threadReplies.createdAt), asc(threadReplies.id))
    .limit(input.limit)
    .offset(input.skip);
  return rows.map((row) => ({ ...row.reply, ...authorOf(row) }));
}

/** One reply with its author (for the answer to a post). */
export async function findReplyView(
  db: Database,
  id: string,
  viewerId: string,
): Promise<ReplyView | undefined> {
  const [row] = await db
    .select({
      reply: threadReplies,
      authorName: users.username,
      authorAvatar: users.avatar,
      isLiked: likedReply(viewerId),
    })
    .from(threadReplies)
    .leftJoin(users, eq(users.id, threadReplies.userId))
    .where(eq(threadReplies.id, id))
    .limit(1);
  return row ? { ...row.reply, ...authorOf(row) } : undefined;
}

/**
 * Counts a new reply on its thread in one statement, only while the thread is open and visible: a
 * visible reply raises reply_total by one and sets last_reply_at; one under review only touches
 * updated_at. @returns false when the thread is closed, gone or not visible (nothing changed).
 */
export async function countReplyOnOpenThread(
  db: Database,
  input: { threadId: string; isVisible: boolean },
): Promise<boolean> {
  const rows = await db
    .update(threads)
    .set(
      input.isVisible
        ? { replyTotal: sql`${threads.replyTotal} + 1`, lastReplyAt: sql`now()`, updatedAt: sql`now()` }
        : { updatedAt: sql`now()` },
    )
    .where(and(eq(threads.id, input.threadId), eq(threads.closed, 0), eq(threads.moderationState, 'visible')))
    .returning({ id: threads.id });
  return rows.length > 0;
}

/** Inserts a reply. */
export async function insertReply(db: Database, row: typeof threadReplies.$inferInsert): Promise<void> {
  await db.insert(threadReplies).values(row);
}

/**
 * Sets a thread's moderation state; false when not in the meeting.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setThreadState(
  db: Database,
  input: { meetingId: string; id: string; state: ItemModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(threads)
    .set({ moderationState: input.state, updatedAt: sql`now()` })
    .where(
      and(
        eq(threads.id, input.id),
        eq(threads.meetingId, input.meetingId),
        input.onlyVisible ? eq(threads.moderationState, 'visible') : ne(threads.moderationState, 'deleted'),
      ),
    )
    .returning({ id: threads.id });
  return rows.length > 0;
}

/**
 * Sets a reply's moderation state and keeps its thread's reply_total in step in the same
 * transaction: leaving 'visible' takes one off, becoming visible adds one.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 * @returns false when no such reply in that meeting
 */
export async function setReplyState(
  db: Database,
  input: { meetingId: string; id: string; state: ItemModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const [before] = await db
    .select({ state: threadReplies.moderationState, threadId: threadReplies.threadId })
    .from(threadReplies)
    .where(
      and(
        eq(threadReplies.id, input.id),
        eq(threadReplies.meetingId, input.meetingId),
        input.onlyVisible
          ? eq(threadReplies.moderationState, 'visible')
          : ne(threadReplies.moderationState, 'deleted'),
      ),
    )
    .for('update')
    .limit(1);
  if (!before) return false;
  await db
    .update(threadReplies)
    .set({ moderationState: input.state, updatedAt: sql`now()` })
    .where(eq(threadReplies.id, input.id));
  const wasVisible = before.state === 'visible';
  const isVisible = input.state === 'visible';
  if (wasVisible !== isVisible) {
    await db
      .update(threads)
      .set({ replyTotal: sql`greatest(${threads.replyTotal} + ${isVisible ? 1 : -1}, 0)` })
      .where(eq(threads.id, before.threadId));
  }
  return true;
}

/** Text, author and meeting of threads, for the moderation queue. */
export async function describeThreads(
  db: Database,
  ids: string[],
): Promise<{ id: string; meetingId: string; userId: string; title: string; content: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: threads.id,
      meetingId: threads.meetingId,
      userId: threads.userId,
      title: threads.title,
      content: threads.content,
    })
    .from(threads)
    .where(inArray(threads.id, ids));
}

/** Text, author, meeting and thread of replies, for the moderation queue. */
export async function describeReplies(
  db: Database,
  ids: string[],
): Promise<{ id: string; meetingId: string; userId: string; threadId: string; content: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: threadReplies.id,
      meetingId: threadReplies.meetingId,
      userId: threadReplies.userId,
      threadId: threadReplies.threadId,
      content: threadReplies.content,
    })
    .from(threadReplies)
    .where(inArray(threadReplies.id, ids));
}

// ————— Likes (atomic: the counter moves only when the like row was really added or removed) —————

/**
 * Adds the user's like of a thread and raises like_total by one only when the row was inserted
 * (ON CONFLICT DO NOTHING … RETURNING), in the caller's transaction.
 * @returns the thread's like_total after the call
 */
export async function addThreadLike(
  db: Database,
  input: { targetId: string; userId: string },
): Promise<number> {
  const inserted = await db
    .insert(threadLikes)
    .values({ targetId: input.targetId, userId: input.userId })
    .onConflictDoNothing()
    .returning({ targetId: threadLikes.targetId });
  const [row] =
    inserted.length > 0
      ? await db
          .update(threads)
          .set({ likeTotal: sql`${threads.likeTotal} + 1` })
          .where(eq(threads.id, input.targetId))
          .returning({ total: threads.likeTotal })
      : await db.select({ total: threads.likeTotal }).from(threads).where(eq(threads.id, input.targetId));
  return row?.total ?? 0;
}

/** Removes the user's like of a thread; like_total goes down only when a row was deleted. */
export async function removeThreadLike(
  db: Database,
  input: { targetId: string; userId: string },
): Promise<number> {
  const deleted = await db
    .delete(threadLikes)
    .where(and(eq(threadLikes.targetId, input.targetId), eq(threadLikes.userId, input.userId)))
    .returning({ targetId: threadLikes.targetId });
  const [row] =
    deleted.length > 0
      ? await db
          .update(threads)
          .set({ likeTotal: sql`greatest(${threads.likeTotal} - 1, 0)` })
          .where(eq(threads.id, input.targetId))
          .returning({ total: threads.likeTotal })
      : await db.select({ total: threads.likeTotal }).from(threads).where(eq(threads.id, input.targetId));
  return row?.total ?? 0;
}

/** Adds the user's like of a reply (see addThreadLike). @returns the reply's like_total */
export async function addReplyLike(
  db: Database,
  input: { targetId: string; userId: string },
): Promise<number> {
  const inserted = await db
    .insert(threadReplyLikes)
    .values({ targetId: input.targetId, userId: input.userId })
    .onConflictDoNothing()
    .returning({ targetId: threadReplyLikes.targetId });
  const [row] =
    inserted.length > 0
      ? await db
          .update(threadReplies)
          .set({ likeTotal: sql`${threadReplies.likeTotal} + 1` })
          .where(eq(threadReplies.id, input.targetId))
          .returning({ total: threadReplies.likeTotal })
      : await db
          .select({ total: threadReplies.likeTotal })
          .from(threadReplies)
          .where(eq(threadReplies.id, input.targetId));
  return row?.total ?? 0;
}

/** Removes the user's like of a reply (see removeThreadLike). @returns the reply's like_total */
export async function removeReplyLike(
  db: Database,
  input: { targetId: string; userId: string },
): Promise<number> {
  const deleted = await db
    .delete(threadReplyLikes)
    .where(and(eq(threadReplyLikes.targetId, input.targetId), eq(threadReplyLikes.userId, input.userId)))
    .returning({ targetId: threadReplyLikes.targetId });
  const [row] =
    deleted.length > 0
      ? await db
          .update(threadReplies)
          .set({ likeTotal: sql`greatest(${threadReplies.likeTotal} - 1, 0)` })
          .where(eq(threadReplies.id, input.targetId))
          .returning({ total: threadReplies.likeTotal })
      : await db
          .select({ total: threadReplies.likeTotal })
          .from(threadReplies)
          .where(eq(threadReplies.id, input.targetId));
  return row?.total ?? 0;
}

// ————— Console —————

export type ConsoleThreadRow = ThreadRow & { authorName: string | null };

/** A page of a meeting's threads that are not deleted (the console table), pinned then newest, and the total. */
export async function findConsoleThreads(
  db: Database,
  input: { meetingId: string; limit: number; skip: number },
): Promise<{ rows: ConsoleThreadRow[]; total: number }> {
  const where = and(eq(threads.meetingId, input.meetingId), ne(threads.moderationState, 'deleted'));
  const rows = await db
    .select({ thread: threads, authorName: users.username })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.userId))
    .where(where)
    .orderBy(desc(threads.pinned), desc(threads.createdAt), desc(threads.id))
    .limit(input.limit)
    .offset(input.skip);
  const [total] = await db.select({ n: count() }).from(threads).where(where);
  return {
    rows: rows.map((row) => ({ ...row.thread, authorName: row.authorName })),
    total: Number(total?.n ?? 0),
  };
}

/** One not-deleted thread of the meeting with its author's name, or undefined. */
export async function findConsoleThread(
  db: Database,
  meetingId: string,
  id: string,
): Promise<ConsoleThreadRow | undefined> {
  const [row] = await db
    .select({ thread: threads, authorName: users.username })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.userId))
    .where(and(eq(threads.id, id), eq(threads.meetingId, meetingId), ne(threads.moderationState, 'deleted')))
    .limit(1);
  return row ? { ...row.thread, authorName: row.authorName } : undefined;
}

/** Pins or closes a thread of the meeting. */
export async function updateThreadFlags(
  db: Database,
  input: { meetingId: string; id: string; pinned?: number | undefined; closed?: number | undefined },
): Promise<void> {
  await db
    .update(threads)
    .set({
      ...(input.pinned !== undefined ? { pinned: input.pinned } : {}),
      ...(input.closed !== undefined ? { closed: input.closed } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(threads.id, input.id), eq(threads.meetingId, input.meetingId)));
}
