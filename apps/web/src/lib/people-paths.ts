import { withQuery } from './paths.ts';

/**
 * The people pages (§2 /meeting/connection, /meeting/user, /my/email; the profile's people settings):
 * their part of the route table and link helpers, apart from paths.ts so they load with those pages
 * (router.tsx discovers them on first visit), not with the home page's first script (DESIGN §10).
 */
export const peopleRoutes = {
  /** The people directory with recommendations (§2 /meeting/connection). */
  connection: '/meeting/connection',
  /** A person's page (`user_id`). */
  user: '/meeting/user',
  /** Add and verify an e-mail (§2 /my/email, the /account/email form). */
  myEmail: '/my/email',
  /** The people settings of the profile: exposure, card exchange, tags, industry, introduction. */
  profilePeople: '/my/profile/people',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the people pages (typed, never string literals: DESIGN §4.8). */
export const peoplePaths = {
  connection: ({ meetingId }: MeetingArg) => withQuery(peopleRoutes.connection, { meeting_id: meetingId }),
  user: ({ meetingId, userId }: MeetingArg & { userId: string }) =>
    withQuery(peopleRoutes.user, { user_id: userId, meeting_id: meetingId }),
  myEmail: ({ meetingId }: MeetingArg) => withQuery(peopleRoutes.myEmail, { meeting_id: meetingId }),
  profilePeople: ({ meetingId }: MeetingArg) =>
    withQuery(peopleRoutes.profilePeople, { meeting_id: meetingId }),
  /** The personal QR page opened on its scanner (the friends feature's /my/contact, §2). */
  scanCard: ({ meetingId }: MeetingArg) => withQuery('/my/contact', { meeting_id: meetingId, scan: 1 }),
};
