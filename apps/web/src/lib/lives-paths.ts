import { withQuery } from './paths.ts';

/**
 * The live pages (§2 /meeting/live, /meeting/live/detail): their part of the route table and link
 * helpers, apart from paths.ts so they load with those pages (router.tsx discovers them on first
 * visit), not with the first script.
 */
export const liveRoutes = {
  /** The meeting's lives. */
  list: '/meeting/live',
  /** A live room (`live_id`). */
  room: '/meeting/live/detail',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the live pages (typed, never string literals: DESIGN §4.8). */
export const livePaths = {
  list: ({ meetingId }: MeetingArg) => withQuery(liveRoutes.list, { meeting_id: meetingId }),
  room: ({ meetingId, liveId }: MeetingArg & { liveId: string }) =>
    withQuery(liveRoutes.room, { live_id: liveId, meeting_id: meetingId }),
};
