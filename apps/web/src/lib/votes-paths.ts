import { withQuery } from './paths.ts';

/**
 * The vote pages (§2 /activity/vote, /activity/vote/candidate) and the notification centre under Me
 * (beyond the spec): their part of the route table and link helpers, apart from paths.ts so they
 * load with those pages (router.tsx discovers them on first visit), not with the first script.
 */
export const voteRoutes = {
  /** A vote (`vote_id`). */
  vote: '/activity/vote',
  /** A candidate (`player_id`). */
  candidate: '/activity/vote/candidate',
  /** The caller's notices. */
  notifications: '/my/notifications',
  /** Mail / SMS choices per kind of notice. */
  notificationPreferences: '/my/notifications/preferences',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the vote and notification pages (typed, never string literals: DESIGN §4.8). */
export const votePaths = {
  vote: ({ meetingId, voteId }: MeetingArg & { voteId: string }) =>
    withQuery(voteRoutes.vote, { vote_id: voteId, meeting_id: meetingId }),
  candidate: ({ meetingId, playerId }: MeetingArg & { playerId: string }) =>
    withQuery(voteRoutes.candidate, { player_id: playerId, meeting_id: meetingId }),
  notifications: ({ meetingId }: MeetingArg) =>
    withQuery(voteRoutes.notifications, { meeting_id: meetingId }),
  notificationPreferences: ({ meetingId }: MeetingArg) =>
    withQuery(voteRoutes.notificationPreferences, { meeting_id: meetingId }),
};
