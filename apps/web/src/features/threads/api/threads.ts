import type {
  createThread,
  createThreadReply,
  deleteThread,
  getThread,
  likeThreadItem,
  listThreadReplies,
  listThreads,
  Thread,
  ThreadLikeResult,
  ThreadReply,
  unlikeThreadItem,
} from '@app/contracts';
import { threadLimits } from '@app/contracts/wire/thread-limits.ts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import type { ThreadListOrder } from '../../../lib/threads-paths.ts';

/** One page of threads or replies. */
export const threadPageSize = threadLimits.pageSize;
const listPath = contractPath<typeof listThreads>('/threads');
const likesPath = contractPath<typeof likeThreadItem>('/thread/likes');

export type ThreadFilter = { meetingId: string; order: ThreadListOrder };

/** The query keys of this feature, so writes refresh exactly what they changed. */
export const threadKeys = {
  all: ['threads'] as const,
  list: (filter: ThreadFilter) => ['threads', 'list', filter.meetingId, filter.order] as const,
  lists: (meetingId: string) => ['threads', 'list', meetingId] as const,
  one: (threadId: string) => ['threads', 'one', threadId] as const,
  replies: (threadId: string) => ['threads', 'replies', threadId] as const,
};

/** GET /threads: a page of the meeting's threads, pinned first, newest or hot. */
export function fetchThreads(filter: ThreadFilter, page: { limit: number; skip: number }): Promise<Thread[]> {
  return api.list<Thread>(listPath, {
    meeting_id: filter.meetingId,
    order: filter.order,
    limit: page.limit,
    skip: page.skip,
  });
}

const nextSkip = <T>(last: T[], pages: T[][]) =>
  last.length < threadPageSize ? undefined : pages.length * threadPageSize;

export const threadsInfiniteQueryOptions = (filter: ThreadFilter) =>
  infiniteQueryOptions({
    queryKey: threadKeys.list(filter),
    queryFn: ({ pageParam }) => fetchThreads(filter, { limit: threadPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    staleTime: 15_000,
  });

/** The thread list, page by page ("load more"). */
export const useThreadPages = (filter: ThreadFilter) => useInfiniteQuery(threadsInfiniteQueryOptions(filter));

/** GET /threads/{id}: one thread (404 for an unknown, deleted or hidden one). */
export const useThread = (threadId: string | undefined) =>
  useQuery({
    queryKey: threadKeys.one(threadId ?? ''),
    queryFn: () => api.get<Thread>(fillPath<typeof getThread>('/threads/:id', { id: threadId ?? '' })),
    enabled: Boolean(threadId),
    staleTime: 15_000,
  });

/** GET /threads/{id}/replies, oldest first, page by page. */
export const useReplyPages = (threadId: string) =>
  useInfiniteQuery({
    queryKey: threadKeys.replies(threadId),
    queryFn: ({ pageParam }) =>
      api.list<ThreadReply>(fillPath<typeof listThreadReplies>('/threads/:id/replies', { id: threadId }), {
        limit: threadPageSize,
        skip: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    staleTime: 15_000,
  });

/** POST /threads. @throws ApiError (400 content.sensitive with its category, 403 participant.required …) */
export function postThread(input: {
  meetingId: string;
  title: string;
  content: string;
  /** Uploaded picture URLs (jpg or png, §5), sent as `images[0]`, `images[1]` … (qs brackets). */
  images: string[];
}): Promise<Thread> {
  return api.post<Thread>(contractPath<typeof createThread>('/threads'), {
    meeting_id: input.meetingId,
    title: input.title,
    content: input.content,
    ...Object.fromEntries(input.images.map((url, index) => [`images[${index}]`, url])),
  });
}

/** POST /threads/{id}/replies. @throws ApiError (409 item.closed, 400 content.sensitive …) */
export function postReply(threadId: string, content: string): Promise<ThreadReply> {
  return api.post<ThreadReply>(fillPath<typeof createThreadReply>('/threads/:id/replies', { id: threadId }), {
    content,
  });
}

/** DELETE /threads/{id}: the author deletes their thread. */
export function removeThread(threadId: string): Promise<{ ok: 1 }> {
  return api.delete(fillPath<typeof deleteThread>('/threads/:id', { id: threadId }));
}

/** POST or DELETE /thread/likes: likes or unlikes a thread or a reply; resolves the exact total. */
export function setThreadLike(
  target: 'thread' | 'reply',
  targetId: string,
  isLiked: boolean,
): Promise<ThreadLikeResult> {
  if (isLiked) return api.post<ThreadLikeResult>(likesPath, { target, target_id: targetId });
  return api.request('DELETE', contractPath<typeof unlikeThreadItem>('/thread/likes'), {
    params: { target, target_id: targetId },
  }) as Promise<ThreadLikeResult>;
}
