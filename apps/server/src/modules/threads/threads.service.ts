import {
  type ConsoleThread,
  type CreateThreadBody,
  type CreateThreadReplyBody,
  ErrorCode,
  type ListThreadsQuery,
  type Thread,
  type ThreadLikeBody,
  type ThreadLikeResult,
  type ThreadReply,
  type UpdateConsoleThreadBody,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { hasApprovedTicket } from '../appointments/appointments.repository.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { firstImageNotOwnUpload } from '../media/media.ownership.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  addReplyLike,
  addThreadLike,
  countReplyOnOpenThread,
  findConsoleThread,
  findConsoleThreads,
  findReadableThread,
  findRepliesPage,
  findReplyById,
  findReplyView,
  findThreadById,
  findThreadsPage,
  insertReply,
  insertThread,
  removeReplyLike,
  removeThreadLike,
  setThreadState,
  type ThreadRow,
  updateThreadFlags,
} from './threads.repository.ts';
import { toWireConsoleThread, toWireReply, toWireThread } from './threads.serializer.ts';

/** §5: what a post's image must be (the upload's bytes decide its type). */
const threadImageMessage = 'Images must be jpg or png uploads of your own';
/** What the public calls use. */
type Deps = { db: Database };
/** What the writing calls use: moderation reads the config (provider, keys). */
type WriteDeps = { db: Database; config: Config };
/** The caller of a write: the user and the meeting their session was opened on. */
type Writer = { userId: string; sessionMeetingId: string | null };

const itemClosed = () => new AppError(409, ErrorCode.itemClosed, 'this thread is closed to replies');

/**
 * Posting needs participant registration in the meeting (§6 "commenting needs participant
 * registration"): an approved ticket. @throws 403 participant.required
 */
async function requireParticipant(db: Database, userId: string, meetingId: string): Promise<void> {
  if (!(await hasApprovedTicket(db, userId, meetingId))) {
    throw new AppError(
      403,
      ErrorCode.participantRequired,
      'posting needs participant registration in the meeting',
    );
  }
}

/**
 * A thread of the caller's meeting that a writer may act on: readable to them (visible, or their
 * own under review / blocked) and of the meeting their session was opened on (a session stays in
 * its meeting). @throws 404 not_found
 */
async function threadForWriter(db: Database, writer: Writer, threadId: string) {
  const thread = await findReadableThread(db, threadId, writer.userId);
  if (!thread || (writer.sessionMeetingId !== null && thread.meetingId !== writer.sessionMeetingId)) {
    throw notFound('Thread');
  }
  return thread;
}

/**
 * GET /threads?meeting_id&order=newest|hot&limit&skip (§2 /meeting/thread/list): a page of the
 * meeting's threads — pinned first, then newest or hot (threads.repository hotScore, computed in
 * SQL). Visible threads, plus the viewer's own under review or blocked (flagged by
 * `moderation_state`). Output `{ results: Thread[] }`; times in unix seconds.
 */
export async function listThreads(
  deps: Deps,
  input: ListThreadsQuery & { viewerId: string | null },
): Promise<{ results: Thread[] }> {
  const rows = await findThreadsPage(deps.db, {
    meetingId: input.meeting_id,
    viewerId: input.viewerId,
    order: input.order,
    limit: input.limit,
    skip: input.skip,
  });
  return { results: rows.map((row) => toWireThread(row, input.viewerId)) };
}

/**
 * GET /threads/{id} (§2 /meeting/talk): one thread the viewer may read.
 * @throws 404 not_found (unknown, deleted, or another's under review / blocked)
 */
export async function getThread(
  deps: Deps,
  input: { threadId: string; viewerId: string | null },
): Promise<Thread> {
  const row = await findReadableThread(deps.db, input.threadId, input.viewerId);
  if (!row) throw notFound('Thread');
  return toWireThread(row, input.viewerId);
}

/**
 * POST /threads (§2 /meeting/thread/list post box): a registered participant posts a thread (title
 * 2–100, content 1–2000 characters, ≤ 9 images: jpg or png uploads of the poster, §5). Title and
 * content go through moderation before the transaction (§5); an unsure verdict stores the thread
 * 'review' and queues it in the same transaction.
 * @throws 400 validation_failed / content.sensitive (data.category); 403 participant.required /
 *   moderation.banned
 */
export async function postThread(
  deps: WriteDeps,
  input: Writer & { body: CreateThreadBody },
): Promise<Thread> {
  const meetingId = input.body.meeting_id;
  await requireParticipant(deps.db, input.userId, meetingId);
  const images = input.body.images ?? [];
  const badImage = await firstImageNotOwnUpload(deps.db, { userId: input.userId, urls: images });
  if (badImage >= 0) {
    throw new AppError(400, ErrorCode.validation, threadImageMessage, [
      { path: `body/images/${badImage}`, message: threadImageMessage },
    ]);
  }
  const title = input.body.title.trim();
  const content = input.body.content.trim();
  const outcome = await moderateText(deps, {
    meetingId,
    userId: input.userId,
    kind: 'thread',
    texts: [title, content],
  });
  const id = newId();
  await inTransaction(deps.db, async (tx) => {
    await insertThread(tx, {
      id,
      meetingId,
      userId: input.userId,
      title,
      content,
      images,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'thread',
        targetId: id,
        userId: input.userId,
        category: outcome.category,
      });
    }
  });
  return getThread(deps, { threadId: id, viewerId: input.userId });
}

/**
 * DELETE /threads/{id}: the author deletes their own thread (moderation_state 'deleted': never
 * shown again, replies included). @throws 403 no_permission (not the author); 404 not_found
 */
export async function deleteOwnThread(deps: Deps, input: Writer & { threadId: string }): Promise<{ ok: 1 }> {
  const thread = await threadForWriter(deps.db, input, input.threadId);
  if (thread.userId !== input.userId) throw noPermission();
  await setThreadState(deps.db, { meetingId: thread.meetingId, id: thread.id, state: 'deleted' });
  return { ok: 1 };
}

/**
 * GET /threads/{id}/replies?limit&skip (§2 /meeting/talk): replies of a readable thread, oldest
 * first; visible ones plus the viewer's own under review or blocked. @throws 404 not_found
 */
export async function listReplies(
  deps: Deps,
  input: { threadId: string; viewerId: string | null; limit: number; skip: number },
): Promise<{ results: ThreadReply[] }> {
  const thread = await findReadableThread(deps.db, input.threadId, input.viewerId);
  if (!thread) throw notFound('Thread');
  const rows = await findRepliesPage(deps.db, input);
  return { results: rows.map((row) => toWireReply(row, input.viewerId)) };
}

/**
 * POST /threads/{id}/replies (§2 /meeting/talk reply box): a registered participant replies (1–500
 * characters). Moderated before the transaction (§5); the thread's reply_total and last_reply_at
 * move in the same transaction as the insert, and only while the thread is open.
 * @throws 400 validation_failed / content.sensitive; 403 participant.required / moderation.banned;
 *   404 not_found; 409 item.closed (closed by the organiser)
 */
export async function postReply(
  deps: WriteDeps,
  input: Writer & { threadId: string; body: CreateThreadReplyBody },
): Promise<ThreadReply> {
  const thread = await threadForWriter(deps.db, input, input.threadId);
  if (thread.closed === 1) throw itemClosed();
  if (thread.moderationState !== 'visible') throw itemClosed();
  await requireParticipant(deps.db, input.userId, thread.meetingId);
  const content = input.body.content.trim();
  const outcome = await moderateText(deps, {
    meetingId: thread.meetingId,
    userId: input.userId,
    kind: 'thread_reply',
    texts: [content],
  });
  const id = newId();
  await inTransaction(deps.db, async (tx) => {
    const isCounted = await countReplyOnOpenThread(tx, {
      threadId: thread.id,
      isVisible: outcome.state === 'visible',
    });
    // Closed (or hidden) between the check above and now: nothing is stored.
    if (!isCounted) throw itemClosed();
    await insertReply(tx, {
      id,
      threadId: thread.id,
      meetingId: thread.meetingId,
      userId: input.userId,
      content,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId: thread.meetingId,
        kind: 'thread_reply',
        targetId: id,
        userId: input.userId,
        category: outcome.category,
      });
    }
  });
  const row = await findReplyView(deps.db, id, input.userId);
  if (!row) throw notFound('Reply');
  return toWireReply(row, input.userId);
}

/**
 * The thread a like names (the thread itself, or a reply's thread) and checks it is readable by the
 * writer in their meeting; a reply must be visible (or the writer's own). @throws 404 not_found
 */
async function likeTarget(db: Database, writer: Writer, body: ThreadLikeBody): Promise<ThreadRow> {
  if (body.target === 'thread') return threadForWriter(db, writer, body.target_id);
  const reply = await findReplyById(db, body.target_id);
  const isReadable =
    reply !== undefined &&
    (reply.moderationState === 'visible' ||
      (reply.userId === writer.userId && reply.moderationState !== 'deleted'));
  if (!reply || !isReadable) throw notFound('Reply');
  const thread = await findThreadById(db, reply.threadId);
  if (!thread) throw notFound('Thread');
  await threadForWriter(db, writer, thread.id);
  return thread;
}

/**
 * POST /thread/likes { target: thread | reply, target_id }: the caller likes the item. Idempotent:
 * the like row's primary key (target, user) decides, and like_total rises only when the row was
 * inserted — one transaction, so 100 users liking at once give exactly 100. Any logged-in user of
 * the meeting may like. Output `{ like_total, is_liked: 1 }`. @throws 404 not_found
 */
export async function likeItem(
  deps: Deps,
  input: Writer & { body: ThreadLikeBody },
): Promise<ThreadLikeResult> {
  await likeTarget(deps.db, input, input.body);
  const target = { targetId: input.body.target_id, userId: input.userId };
  const total = await inTransaction(deps.db, (tx) =>
    input.body.target === 'thread' ? addThreadLike(tx, target) : addReplyLike(tx, target),
  );
  return { like_total: total, is_liked: 1 };
}

/**
 * DELETE /thread/likes?target&target_id: takes the caller's like back (idempotent; the total falls
 * only when a like row was removed). Output `{ like_total, is_liked: 0 }`. @throws 404 not_found
 */
export async function unlikeItem(
  deps: Deps,
  input: Writer & { body: ThreadLikeBody },
): Promise<ThreadLikeResult> {
  await likeTarget(deps.db, input, input.body);
  const target = { targetId: input.body.target_id, userId: input.userId };
  const total = await inTransaction(deps.db, (tx) =>
    input.body.target === 'thread' ? removeThreadLike(tx, target) : removeReplyLike(tx, target),
  );
  return { like_total: total, is_liked: 0 };
}

// ————— Console (DESIGN §7) —————

type Caller = { userId: string; meetingId: string };

/**
 * GET /console/meetings/{meeting_id}/threads?limit&skip: every not-deleted thread of the meeting
 * (any moderation state), pinned then newest, with the total. @throws 403 no_permission
 */
export async function listConsoleThreads(
  deps: RolesDeps,
  input: Caller & { limit: number; skip: number },
): Promise<{ items: ConsoleThread[]; total: number }> {
  await requireCan(deps, { ...input, action: 'community.read' });
  const page = await findConsoleThreads(deps.db, input);
  return { items: page.rows.map(toWireConsoleThread), total: page.total };
}

/**
 * PUT /console/meetings/{meeting_id}/threads/{id} { pinned?, closed? }: pins/unpins, closes/reopens a
 * thread; the audit row is written in the same transaction. @throws 403 no_permission; 404 not_found
 */
export async function updateConsoleThread(
  deps: RolesDeps,
  input: Caller & { threadId: string; body: UpdateConsoleThreadBody },
): Promise<ConsoleThread> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  const before = await findConsoleThread(deps.db, input.meetingId, input.threadId);
  if (!before) throw notFound('Thread');
  const after = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'thread',
      entityId: input.threadId,
    },
    async (tx) => {
      await updateThreadFlags(tx, { meetingId: input.meetingId, id: input.threadId, ...input.body });
      const row = await findConsoleThread(tx, input.meetingId, input.threadId);
      if (!row) throw notFound('Thread');
      return {
        result: row,
        before: { pinned: before.pinned, closed: before.closed },
        after: { pinned: row.pinned, closed: row.closed },
      };
    },
  );
  return toWireConsoleThread(after);
}
