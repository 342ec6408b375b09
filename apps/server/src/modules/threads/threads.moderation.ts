import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isSeenBy, registerModerationTarget } from '../moderation/moderation.targets.ts';
import { describeReplies, describeThreads, setReplyState, setThreadState } from './threads.repository.ts';
import { threadReplies, threads } from './threads.tables.ts';

/**
 * Threads and replies as moderation targets (community design, §5): the moderation queue blocks,
 * restores or deletes them without importing this module. Registered when the routes file loads.
 * The link opens the talk page (§2 /meeting/talk) of the thread.
 */
const talkLink = (meetingId: string, threadId: string) =>
  `/meeting/talk?thread_id=${threadId}&meeting_id=${meetingId}`;

/** Whether a user can read a thread: visible, or their own and not deleted (§5, §6). */
async function canSeeThread(db: Database, threadId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ state: threads.moderationState, userId: threads.userId })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1);
  return row !== undefined && isSeenBy(row, userId);
}

registerModerationTarget({
  kind: 'thread',
  canSee: canSeeThread,
  setState: (tx, input) =>
    setThreadState(tx, {
      meetingId: input.meetingId,
      id: input.targetId,
      state: input.state,
      ...(input.onlyVisible ? { onlyVisible: true } : {}),
    }),
  describe: async (db, targetIds) =>
    new Map(
      (await describeThreads(db, targetIds)).map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: `${row.title}\n${row.content}`,
          link: talkLink(row.meetingId, row.id),
        },
      ]),
    ),
});

registerModerationTarget({
  kind: 'thread_reply',
  // A reply is read on its thread's page: both must be readable.
  canSee: async (db, targetId, userId) => {
    const [row] = await db
      .select({
        state: threadReplies.moderationState,
        userId: threadReplies.userId,
        threadId: threadReplies.threadId,
      })
      .from(threadReplies)
      .where(eq(threadReplies.id, targetId))
      .limit(1);
    return row !== undefined && isSeenBy(row, userId) && canSeeThread(db, row.threadId, userId);
  },
  setState: (tx, input) =>
    setReplyState(tx, {
      meetingId: input.meetingId,
      id: input.targetId,
      state: input.state,
      ...(input.onlyVisible ? { onlyVisible: true } : {}),
    }),
  describe: async (db, targetIds) =>
    new Map(
      (await describeReplies(db, targetIds)).map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.content,
          link: talkLink(row.meetingId, row.threadId),
        },
      ]),
    ),
});
