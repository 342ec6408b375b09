import type { ConsoleThread, Thread, ThreadModerationState, ThreadReply } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { unix } from '../../db/wire.ts';
import type { ConsoleThreadRow, ReplyView, ThreadView } from './threads.repository.ts';
import type { ItemModerationState } from './threads.tables.ts';

/**
 * Wire forms of threads and replies (DESIGN §3: one serializer at the boundary). Authors carry a
 * name and an avatar only: phone and e-mail never leave the server here (§6 contacts).
 */

/** The state a reader is told: readable rows are never 'deleted' (the queries leave them out). */
function readerState(state: ItemModerationState): ThreadModerationState {
  return state === 'deleted' ? 'blocked' : state;
}

const flag = (value: boolean | number) => (value ? 1 : 0) as 0 | 1;

function author(userId: string, name: string | null, avatar: string | null) {
  return { _id: toWireId(userId), name: name ?? '', avatar: avatar ?? '' };
}

/** A thread as GET /threads and /threads/{id} answer it, for `viewerId` (null for visitors). */
export function toWireThread(row: ThreadView, viewerId: string | null): Thread {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    content: row.content,
    images: row.images,
    user: author(row.userId, row.authorName, row.authorAvatar),
    like_total: row.likeTotal,
    reply_total: row.replyTotal,
    is_liked: flag(row.isLiked),
    is_mine: flag(viewerId !== null && viewerId === row.userId),
    pinned: flag(row.pinned),
    closed: flag(row.closed),
    moderation_state: readerState(row.moderationState),
    created: unix(row.createdAt),
    last_reply_at: row.lastReplyAt ? unix(row.lastReplyAt) : null,
  };
}

/** A reply as GET /threads/{id}/replies answers it. */
export function toWireReply(row: ReplyView, viewerId: string | null): ThreadReply {
  return {
    _id: toWireId(row.id),
    thread_id: toWireId(row.threadId),
    content: row.content,
    user: author(row.userId, row.authorName, row.authorAvatar),
    like_total: row.likeTotal,
    is_liked: flag(row.isLiked),
    is_mine: flag(viewerId !== null && viewerId === row.userId),
    moderation_state: readerState(row.moderationState),
    created: unix(row.createdAt),
  };
}

/** A thread as the console's table shows it. */
export function toWireConsoleThread(row: ConsoleThreadRow): ConsoleThread {
  return {
    _id: toWireId(row.id),
    title: row.title,
    content: row.content,
    user: { _id: toWireId(row.userId), name: row.authorName ?? '' },
    like_total: row.likeTotal,
    reply_total: row.replyTotal,
    pinned: flag(row.pinned),
    closed: flag(row.closed),
    moderation_state: readerState(row.moderationState),
    created: unix(row.createdAt),
    last_reply_at: row.lastReplyAt ? unix(row.lastReplyAt) : null,
  };
}
