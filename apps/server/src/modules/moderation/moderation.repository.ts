import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import {
  moderationBans,
  moderationItems,
  moderationPosts,
  moderationReports,
  moderationWords,
} from './moderation.tables.ts';

/** The ban of a user in a meeting that is still in force (until null or later than now), or null. */
export async function findActiveBan(db: Database, meetingId: string, userId: string) {
  const [row] = await db
    .select()
    .from(moderationBans)
    .where(
      and(
        eq(moderationBans.meetingId, meetingId),
        eq(moderationBans.userId, userId),
        or(isNull(moderationBans.until), gt(moderationBans.until, sql`now()`)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The flood windows (§5 'flood'): the same text at most twice in 10 minutes, at most 10 posts a minute. */
export const floodWindows = { sameTextMinutes: 10, sameTextMax: 2, perMinuteMax: 10 } as const;

/**
 * Records one post of a user in a meeting (its text hash) and counts, including it, the posts of the
 * same text in the last 10 minutes and all posts in the last minute. Rows of that user older than
 * 10 minutes are pruned first. One statement each, in one transaction, so parallel posts all count.
 */
export async function recordPost(
  db: Database,
  input: { meetingId: string; userId: string; textHash: string },
): Promise<{ id: string; sameText: number; lastMinute: number }> {
  const id = newId();
  return db.transaction(async (tx) => {
    await tx
      .delete(moderationPosts)
      .where(
        and(
          eq(moderationPosts.meetingId, input.meetingId),
          eq(moderationPosts.userId, input.userId),
          lt(moderationPosts.createdAt, sql`now() - interval '10 minutes'`),
        ),
      );
    await tx.insert(moderationPosts).values({ id, ...input });
    const [counts] = await tx
      .select({
        sameText: sql<number>`count(*) filter (where ${moderationPosts.textHash} = ${input.textHash})::int`,
        lastMinute: sql<number>`count(*) filter (where ${moderationPosts.createdAt} > now() - interval '1 minute')::int`,
      })
      .from(moderationPosts)
      .where(and(eq(moderationPosts.meetingId, input.meetingId), eq(moderationPosts.userId, input.userId)));
    return { id, sameText: counts?.sameText ?? 0, lastMinute: counts?.lastMinute ?? 0 };
  });
}

/** Forgets one recorded post (a refused post does not count towards the flood windows). */
export async function deletePost(db: Database, id: string): Promise<void> {
  await db.delete(moderationPosts).where(eq(moderationPosts.id, id));
}

/** Deletes flood rows older than 10 minutes in every meeting (the job of a quiet moment). */
export async function prunePosts(db: Database): Promise<number> {
  const rows = await db
    .delete(moderationPosts)
    .where(lt(moderationPosts.createdAt, sql`now() - interval '10 minutes'`))
    .returning({ id: moderationPosts.id });
  return rows.length;
}

/** The organiser's word list of a meeting, newest first. */
export async function listMeetingWords(db: Database, meetingId: string) {
  return db
    .select()
    .from(moderationWords)
    .where(eq(moderationWords.meetingId, meetingId))
    .orderBy(sql`${moderationWords.createdAt} desc, ${moderationWords.id} desc`);
}

/**
 * Puts an item in the queue, or back to pending when it is there already (unique meeting + kind + target):
 * a provider flag sets the source and category; a report keeps the row's first category.
 */
export async function upsertQueueItem(
  tx: Database,
  item: {
    meetingId: string;
    kind: string;
    targetId: string;
    userId: string;
    source: 'provider' | 'report';
    category: string | null;
  },
): Promise<void> {
  await tx
    .insert(moderationItems)
    .values({ id: newId(), ...item, state: 'pending' })
    .onConflictDoUpdate({
      target: [moderationItems.meetingId, moderationItems.kind, moderationItems.targetId],
      set: {
        state: 'pending',
        category: sql`coalesce(${moderationItems.category}, excluded.category)`,
        resolvedBy: null,
        resolvedAt: null,
        updatedAt: sql`now()`,
      },
    });
}

/** The queue rows of a meeting for the console: pending, or resolved, filtered; newest first. */
export async function listQueueRows(
  db: Database,
  filter: {
    meetingId: string;
    tab: 'pending' | 'resolved';
    kind?: string;
    category?: string;
    skip: number;
    limit: number;
  },
) {
  const where = and(
    eq(moderationItems.meetingId, filter.meetingId),
    filter.tab === 'pending' ? eq(moderationItems.state, 'pending') : ne(moderationItems.state, 'pending'),
    filter.kind ? eq(moderationItems.kind, filter.kind) : undefined,
    filter.category ? eq(moderationItems.category, filter.category) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(moderationItems)
      .where(where)
      .orderBy(desc(moderationItems.updatedAt), desc(moderationItems.id))
      .offset(filter.skip)
      .limit(filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(moderationItems).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One queue row of a meeting, or null. */
export async function findQueueRow(db: Database, meetingId: string, id: string) {
  const [row] = await db
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.meetingId, meetingId), eq(moderationItems.id, id)))
    .limit(1);
  return row ?? null;
}

/** Sets a queue row's decision (who and when), returning the row after. */
export async function resolveQueueRow(
  tx: Database,
  input: { id: string; state: 'approved' | 'blocked' | 'deleted'; userId: string },
) {
  const [row] = await tx
    .update(moderationItems)
    .set({ state: input.state, resolvedBy: input.userId, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(moderationItems.id, input.id))
    .returning();
  return row ?? null;
}

/** The reasons reporters gave per item (kind + target) in its meeting, most frequent first. */
export async function reportReasonsOf(
  db: Database,
  items: { meetingId: string; kind: string; targetId: string }[],
) {
  const reasons = new Map<string, string[]>();
  if (items.length === 0) return reasons;
  const rows = await db
    .select({
      kind: moderationReports.kind,
      targetId: moderationReports.targetId,
      reason: moderationReports.reason,
      total: sql<number>`count(*)::int`,
    })
    .from(moderationReports)
    .where(
      or(
        ...items.map((item) =>
          and(
            eq(moderationReports.meetingId, item.meetingId),
            eq(moderationReports.kind, item.kind),
            eq(moderationReports.targetId, item.targetId),
          ),
        ),
      ),
    )
    .groupBy(moderationReports.kind, moderationReports.targetId, moderationReports.reason)
    .orderBy(sql`count(*) desc`);
  for (const row of rows) {
    const key = `${row.kind}:${row.targetId}`;
    reasons.set(key, [...(reasons.get(key) ?? []), row.reason]);
  }
  return reasons;
}

/**
 * Records one report (a user reports an item once) and counts it on the item's queue row, created
 * when missing (source 'report'). One transaction; the row lock of the upsert orders parallel
 * reports, so exactly one of them sees each count. Null when the user reported the item already.
 */
export async function insertReport(
  tx: Database,
  input: {
    meetingId: string;
    kind: string;
    targetId: string;
    authorId: string;
    reporterId: string;
    reason: string;
    note: string;
  },
): Promise<{ reportsCount: number; state: string } | null> {
  const inserted = await tx
    .insert(moderationReports)
    .values({
      kind: input.kind,
      targetId: input.targetId,
      reporterId: input.reporterId,
      meetingId: input.meetingId,
      reason: input.reason,
      note: input.note,
    })
    .onConflictDoNothing()
    .returning({ kind: moderationReports.kind });
  if (inserted.length === 0) return null;
  const category = input.reason === 'other' ? null : input.reason;
  const [row] = await tx
    .insert(moderationItems)
    .values({
      id: newId(),
      meetingId: input.meetingId,
      kind: input.kind,
      targetId: input.targetId,
      userId: input.authorId,
      source: 'report',
      category,
      reportsCount: 1,
      state: 'pending',
    })
    .onConflictDoUpdate({
      target: [moderationItems.meetingId, moderationItems.kind, moderationItems.targetId],
      set: {
        reportsCount: sql`${moderationItems.reportsCount} + 1`,
        category: sql`coalesce(${moderationItems.category}, excluded.category)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ reportsCount: moderationItems.reportsCount, state: moderationItems.state });
  return row ?? null;
}

/** The bans in force of a meeting, newest first. */
export async function listActiveBans(db: Database, meetingId: string) {
  return db
    .select()
    .from(moderationBans)
    .where(
      and(
        eq(moderationBans.meetingId, meetingId),
        or(isNull(moderationBans.until), gt(moderationBans.until, sql`now()`)),
      ),
    )
    .orderBy(desc(moderationBans.createdAt));
}

/** Which of these users are banned (in force) in the meeting. */
export async function bannedUserIds(
  db: Database,
  meetingId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: moderationBans.userId })
    .from(moderationBans)
    .where(
      and(
        eq(moderationBans.meetingId, meetingId),
        inArray(moderationBans.userId, userIds),
        or(isNull(moderationBans.until), gt(moderationBans.until, sql`now()`)),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Bans a user in a meeting, replacing an earlier ban; returns the row. */
export async function upsertBan(
  tx: Database,
  input: { meetingId: string; userId: string; reason: string; until: Date | null; createdBy: string },
) {
  const [row] = await tx
    .insert(moderationBans)
    .values(input)
    .onConflictDoUpdate({
      target: [moderationBans.meetingId, moderationBans.userId],
      set: {
        reason: input.reason,
        until: input.until,
        createdBy: input.createdBy,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('ban upsert returned nothing');
  return row;
}

/** Deletes a user's ban in a meeting; the deleted row or null. */
export async function deleteBan(tx: Database, meetingId: string, userId: string) {
  const [row] = await tx
    .delete(moderationBans)
    .where(and(eq(moderationBans.meetingId, meetingId), eq(moderationBans.userId, userId)))
    .returning();
  return row ?? null;
}

/** Adds a word to a meeting's list, or replaces the category of the same word; returns the row. */
export async function upsertWord(
  tx: Database,
  input: { meetingId: string; word: string; category: string | null; allow: number; createdBy: string },
) {
  const [row] = await tx
    .insert(moderationWords)
    .values({ id: newId(), ...input })
    .onConflictDoUpdate({
      target: [moderationWords.meetingId, moderationWords.word],
      set: { category: input.category, allow: input.allow, createdBy: input.createdBy },
    })
    .returning();
  if (!row) throw new Error('word upsert returned nothing');
  return row;
}

/** Deletes a word of a meeting's list; the deleted row or null. */
export async function deleteWord(tx: Database, meetingId: string, id: string) {
  const [row] = await tx
    .delete(moderationWords)
    .where(and(eq(moderationWords.meetingId, meetingId), eq(moderationWords.id, id)))
    .returning();
  return row ?? null;
}
