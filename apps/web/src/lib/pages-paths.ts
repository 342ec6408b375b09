import { withQuery } from './paths.ts';

/**
 * The content pages built of blocks (§2 /meeting/introduction `content_id`, /meeting/branch,
 * /meeting/contact, /conference) and the draft preview (/preview `token`): their part of the route
 * table and link helpers. They sit apart from paths.ts so they load with those pages — router.tsx
 * discovers them on first visit — not with the home page's first script (DESIGN §10).
 */
export const pagesRoutes = {
  introduction: '/meeting/introduction',
  branch: '/meeting/branch',
  contact: '/meeting/contact',
  conference: '/conference',
  preview: '/preview',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the content pages (typed, never string literals: DESIGN §4.8). */
export const pagesPaths = {
  introduction: ({ meetingId, contentId }: MeetingArg & { contentId: string }) =>
    withQuery(pagesRoutes.introduction, { content_id: contentId, meeting_id: meetingId }),
  branch: ({ meetingId }: MeetingArg) => withQuery(pagesRoutes.branch, { meeting_id: meetingId }),
  contact: ({ meetingId }: MeetingArg) => withQuery(pagesRoutes.contact, { meeting_id: meetingId }),
  conference: ({ meetingId }: MeetingArg) => withQuery(pagesRoutes.conference, { meeting_id: meetingId }),
  /**
   * A draft preview link; `meetingId` opens it in the right meeting before the link is read. The
   * signed link travels as `key`: `token` in an address is the §2 session token, which the app stores
   * and removes from the address.
   */
  preview: ({ meetingId, token }: MeetingArg & { token: string }) =>
    withQuery(pagesRoutes.preview, { meeting_id: meetingId, key: token }),
};
