import { z } from 'zod';
import { Flag, IdParams, resultsOf, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { threadLimits } from '../wire/thread-limits.ts';

export { threadLimits };

/**
 * Discussion threads of a meeting and their replies (§2 /meeting/thread/list, /meeting/talk; §5
 * sensitive content; §6 posting needs participant registration; §8 'post failed'). Our own calls
 * under the spec's names: GET/POST /threads, GET/DELETE /threads/{id}, GET/POST
 * /threads/{id}/replies, POST/DELETE /thread/likes.
 * Limits: wire/thread-limits.ts.
 */

/** Ordering of the thread list: newest first, or hot (a decayed score of likes and replies). */
export const threadOrders = ['newest', 'hot'] as const;
export const ThreadOrder = z.enum(threadOrders);
export type ThreadOrder = z.infer<typeof ThreadOrder>;

/** What a like names: a thread or a reply. */
export const ThreadLikeTarget = z.enum(['thread', 'reply']);
export type ThreadLikeTarget = z.infer<typeof ThreadLikeTarget>;

/**
 * Moderation state of an item as its reader sees it: `visible` for everyone, `review` and `blocked`
 * only to its author (labelled "under review" / "blocked").
 */
export const ThreadModerationState = z.enum(['visible', 'review', 'blocked']);
export type ThreadModerationState = z.infer<typeof ThreadModerationState>;

/** An author as lists show them: name and avatar only — never phone or e-mail. */
export const ThreadAuthor = z.object({ _id: WireId, name: z.string(), avatar: z.string() });
export type ThreadAuthor = z.infer<typeof ThreadAuthor>;

/**
 * An image URL a post may carry: one of our image uploads named jpg or png (§5); the service then
 * checks it is the poster's own upload and that its bytes were jpg or png.
 */
export const ThreadImageUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^\/api\/files\/image\/[^\s?#]+\.(jpe?g|png)$/i, 'images must be jpg or png');

/** A thread as the list and the talk page show it. */
export const Thread = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  user: ThreadAuthor,
  like_total: z.number().int().nonnegative(),
  reply_total: z.number().int().nonnegative(),
  /** Whether the caller likes it (0 for visitors). */
  is_liked: Flag,
  /** Whether the caller wrote it. */
  is_mine: Flag,
  pinned: Flag,
  closed: Flag,
  moderation_state: ThreadModerationState,
  created: UnixSeconds,
  /** Unix seconds of the newest reply; null before the first. */
  last_reply_at: UnixSeconds.nullable(),
});
export type Thread = z.infer<typeof Thread>;

/** A reply of a thread. */
export const ThreadReply = z.object({
  _id: WireId,
  thread_id: WireId,
  content: z.string(),
  user: ThreadAuthor,
  like_total: z.number().int().nonnegative(),
  is_liked: Flag,
  is_mine: Flag,
  moderation_state: ThreadModerationState,
  created: UnixSeconds,
});
export type ThreadReply = z.infer<typeof ThreadReply>;

const PageQuery = {
  limit: z.coerce.number().int().min(1).max(threadLimits.maxPage).default(threadLimits.pageSize),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

export const ListThreadsQuery = z.object({
  meeting_id: ObjectIdString,
  order: ThreadOrder.default('newest'),
  ...PageQuery,
});
export type ListThreadsQuery = z.infer<typeof ListThreadsQuery>;

export const listThreads = defineRoute({
  method: 'GET',
  path: '/threads',
  summary:
    "A meeting's threads, pinned first, then newest (order=newest) or hot (order=hot: (likes + 2·replies + 1) / (hours since posted + 2)^1.5). Visible ones, plus the caller's own under review or blocked.",
  spec: '§2 /meeting/thread/list',
  tags: ['threads'],
  isPublic: false,
  querystring: ListThreadsQuery,
  response: resultsOf(Thread),
});

export const CreateThreadBody = z.object({
  meeting_id: ObjectIdString,
  title: z.string().trim().min(threadLimits.titleMin).max(threadLimits.titleMax),
  content: z.string().trim().min(1).max(threadLimits.contentMax),
  /** Image URLs; a form body may leave out an empty list (qs drops it). */
  images: z.array(ThreadImageUrl).max(threadLimits.images).optional().default([]),
});
export type CreateThreadBody = z.input<typeof CreateThreadBody>;

export const createThread = defineRoute({
  method: 'POST',
  path: '/threads',
  summary:
    'Posts a thread (registered participants, §6). 400 validation_failed / content.sensitive (data.category, §5), 403 participant.required / moderation.banned.',
  spec: '§2 /meeting/thread/list, §5, §6',
  tags: ['threads'],
  isPublic: false,
  body: CreateThreadBody,
  response: Thread,
});

export const getThread = defineRoute({
  method: 'GET',
  path: '/threads/:id',
  summary: 'One thread (404 when deleted, blocked or under review for anyone but its author).',
  spec: '§2 /meeting/talk',
  tags: ['threads'],
  isPublic: false,
  params: IdParams,
  response: Thread,
});

export const deleteThread = defineRoute({
  method: 'DELETE',
  path: '/threads/:id',
  summary: 'Deletes the caller’s own thread. 403 no_permission for anyone else’s.',
  spec: '§2 /meeting/talk, §6',
  tags: ['threads'],
  isPublic: false,
  params: IdParams,
  response: z.object({ ok: z.literal(1) }),
});

export const listThreadReplies = defineRoute({
  method: 'GET',
  path: '/threads/:id/replies',
  summary: "A thread's replies, oldest first (visible ones, plus the caller's own under review or blocked).",
  spec: '§2 /meeting/talk',
  tags: ['threads'],
  isPublic: false,
  params: IdParams,
  querystring: z.object(PageQuery),
  response: resultsOf(ThreadReply),
});

export const CreateThreadReplyBody = z.object({
  content: z.string().trim().min(1).max(threadLimits.replyMax),
});
export type CreateThreadReplyBody = z.input<typeof CreateThreadReplyBody>;

export const createThreadReply = defineRoute({
  method: 'POST',
  path: '/threads/:id/replies',
  summary:
    'Replies to a thread (registered participants, §6). 409 item.closed on a closed thread; 400 validation_failed / content.sensitive; 403 participant.required / moderation.banned.',
  spec: '§2 /meeting/talk, §5, §6',
  tags: ['threads'],
  isPublic: false,
  params: IdParams,
  body: CreateThreadReplyBody,
  response: ThreadReply,
});

export const ThreadLikeBody = z.object({ target: ThreadLikeTarget, target_id: ObjectIdString });
export type ThreadLikeBody = z.infer<typeof ThreadLikeBody>;
/** The liked item's exact total after the call and whether the caller likes it. */
export const ThreadLikeResult = z.object({ like_total: z.number().int().nonnegative(), is_liked: Flag });
export type ThreadLikeResult = z.infer<typeof ThreadLikeResult>;

export const likeThreadItem = defineRoute({
  method: 'POST',
  path: '/thread/likes',
  summary: 'Likes a thread or a reply (idempotent: a second like by the same user counts once).',
  spec: '§2 /meeting/talk',
  tags: ['threads'],
  isPublic: false,
  body: ThreadLikeBody,
  response: ThreadLikeResult,
});

export const unlikeThreadItem = defineRoute({
  method: 'DELETE',
  path: '/thread/likes',
  summary: 'Takes back a like of a thread or a reply (idempotent).',
  spec: '§2 /meeting/talk',
  tags: ['threads'],
  isPublic: false,
  querystring: ThreadLikeBody,
  response: ThreadLikeResult,
});
