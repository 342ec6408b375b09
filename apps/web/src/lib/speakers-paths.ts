import { withQuery } from './paths.ts';

/**
 * The speaker invitation page (§2 /meeting/speaker/invite): its part of the route table and its link
 * helper. Apart from paths.ts so it loads with that page (router.tsx discovers it on first visit).
 */
export const speakerInviteRoutes = {
  /** The invitation page: `meeting_id` with `invitation_token` (the link) or `invitation_id` (a notice). */
  invite: '/meeting/speaker/invite',
} as const;

export const speakerInvitePaths = {
  invite: ({ meetingId, token }: { meetingId: string; token: string }) =>
    withQuery(speakerInviteRoutes.invite, { meeting_id: meetingId, invitation_token: token }),
};
