import { toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { isSeenBy, registerModerationTarget } from '../moderation/moderation.targets.ts';
import {
  describeChatMessages,
  findChatMessage,
  findLiveForModeration,
  type LiveChatState,
  setChatState,
  setPinnedMessage,
} from './lives.chat.repository.ts';
import { toChatMessage } from './lives.chat.ts';
import { liveHubOfConfig } from './lives.hub.ts';

/**
 * Live chat messages as moderation targets (§5 sensitive content, kind 'live_chat'): the queue
 * approves a message held for review (it becomes visible and is broadcast to the room), blocks or
 * deletes one (it leaves the room), and three reports hide one (review). The chat table knows
 * visible, review and deleted only: a block removes the message for good (stored 'deleted'), so it
 * cannot be unblocked later — a chat line is of its moment. Registered when the chat routes load.
 */

/** The states a queue decision may move a message from. */
function fromStates(
  state: 'visible' | 'review' | 'blocked' | 'deleted',
  onlyVisible: boolean,
): LiveChatState[] {
  if (onlyVisible) return ['visible'];
  return state === 'visible' ? ['review', 'visible'] : ['visible', 'review'];
}

registerModerationTarget({
  kind: 'live_chat',
  canSee: async (db: Database, targetId: string, userId: string) => {
    const [row] = await describeChatMessages(db, [targetId]);
    return row !== undefined && isSeenBy(row, userId);
  },
  setState: async (tx, input) => {
    const stored: LiveChatState =
      input.state === 'blocked' ? 'deleted' : input.state === 'deleted' ? 'deleted' : input.state;
    const before = await setChatState(tx, {
      meetingId: input.meetingId,
      messageId: input.targetId,
      state: stored,
      from: fromStates(input.state, input.onlyVisible === true),
    });
    if (!before) return false;
    // A message that leaves the room no longer stays pinned on top of it.
    if (stored !== 'visible') await setPinnedMessage(tx, before.liveId, null, input.targetId);
    return true;
  },
  describe: async (db, targetIds) =>
    new Map(
      (await describeChatMessages(db, targetIds)).map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.text,
          link: `/meeting/live/detail?live_id=${row.liveId}&meeting_id=${row.meetingId}`,
        },
      ]),
    ),
  // After the commit: an approved message joins the room; a hidden, blocked or deleted one leaves it.
  afterStateChange: async (deps, input) => {
    const hub = liveHubOfConfig(deps.config);
    if (!hub) return;
    try {
      const [described] = await describeChatMessages(deps.db, [input.targetId]);
      if (!described) return;
      const live = await findLiveForModeration(deps.db, described.liveId);
      if (!live) return;
      if (input.state === 'visible') {
        const row = await findChatMessage(deps.db, live.id, input.targetId);
        if (row?.message.state === 'visible')
          await hub.publish(live.id, { type: 'message', message: toChatMessage(row, live.pinnedMessageId) });
        return;
      }
      await hub.publish(live.id, { type: 'removed', message_id: toWireId(input.targetId) });
      if (live.pinnedMessageId === null) await hub.publish(live.id, { type: 'pinned', message: null });
    } catch {
      // The decision is committed; a room that misses this push catches up from GET /lives/{id}/chats.
    }
  },
});
