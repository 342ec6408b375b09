import { withQuery } from './paths.ts';

/**
 * The threads pages (§2 /meeting/thread/list, /meeting/talk): their part of the route table and
 * link helpers, apart from paths.ts so they load with those pages (DESIGN §10 budget).
 */
export const threadRoutes = {
  threadList: '/meeting/thread/list',
  /** One thread with its replies (`thread_id`). */
  talk: '/meeting/talk',
} as const;

/** The list's tabs: newest or hot. */
export type ThreadListOrder = 'newest' | 'hot';

type MeetingArg = { meetingId: string };

/** Link helpers of the threads pages (typed, never string literals: DESIGN §4.8). */
export const threadPaths = {
  list: ({ meetingId, order }: MeetingArg & { order?: ThreadListOrder | undefined }) =>
    withQuery(threadRoutes.threadList, { meeting_id: meetingId, order: order === 'hot' ? 'hot' : undefined }),
  talk: ({ meetingId, threadId }: MeetingArg & { threadId: string }) =>
    withQuery(threadRoutes.talk, { thread_id: threadId, meeting_id: meetingId }),
};
