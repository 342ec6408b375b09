import { safeRedirect, withQuery } from './paths.ts';

/**
 * The real-name credential page (§2 /credential): its part of the route table and link helper,
 * apart from paths.ts so it loads with the page (router.tsx discovers it on first visit).
 */
export const credentialRoutes = {
  /** Identity document of the signed-in person for the meeting (`redirect`: where to go after saving). */
  credential: '/credential',
} as const;

/** Link helpers of the credential page (typed, never string literals: DESIGN §4.8). */
export const credentialPaths = {
  credential: ({ meetingId, redirect }: { meetingId: string; redirect?: string | undefined }) =>
    withQuery(credentialRoutes.credential, { meeting_id: meetingId, redirect: safeRedirect(redirect) }),
};
