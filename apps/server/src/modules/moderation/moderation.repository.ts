import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { moderationBans, moderationItems, moderationPosts, moderationWords } from './moderation.tables.ts';

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
 * Puts an item in the queue, or back to pending when it is there already (unique kind + target):
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
      target: [moderationItems.kind, moderationItems.targetId],
      set: {
        state: 'pending',
        category: sql`coalesce(${moderationItems.category}, excluded.category)`,
        resolvedBy: null,
        resolvedAt: null,
        updatedAt: sql`now()`,
      },
    });
}
