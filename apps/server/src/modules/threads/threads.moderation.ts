import { registerModerationTarget } from '../moderation/moderation.targets.ts';
import { describeReplies, describeThreads, setReplyState, setThreadState } from './threads.repository.ts';

/**
 * Threads and replies as moderation targets (community design, §5): the moderation queue blocks,
 * restores or deletes them without importing this module. Registered when the routes file loads.
 * The link opens the talk page (§2 /meeting/talk) of the thread.
 */
const talkLink = (meetingId: string, threadId: string) =>
  `/meeting/talk?thread_id=${threadId}&meeting_id=${meetingId}`;

registerModerationTarget({
  kind: 'thread',
  setState: (tx, input) =>
    setThreadState(tx, { meetingId: input.meetingId, id: input.targetId, state: input.state }),
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
  setState: (tx, input) =>
    setReplyState(tx, { meetingId: input.meetingId, id: input.targetId, state: input.state }),
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
