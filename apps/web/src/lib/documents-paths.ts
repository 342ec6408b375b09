import { withQuery } from './paths.ts';

/**
 * The documents page (§2 /meeting/doc) and the visitor's browsing history (footprints, /my/footprints):
 * their part of the route table and link helpers. They sit apart from paths.ts so they load with
 * those pages — router.tsx discovers them on first visit — not with the home page's first script
 * (DESIGN §10 budget).
 */
export const documentRoutes = {
  meetingDoc: '/meeting/doc',
  myFootprints: '/my/footprints',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of these pages (typed, never string literals: DESIGN §4.8). */
export const documentPaths = {
  /** The documents, optionally on one category's tab. */
  list: ({ meetingId, categoryId }: MeetingArg & { categoryId?: string | undefined }) =>
    withQuery(documentRoutes.meetingDoc, { meeting_id: meetingId, category_id: categoryId }),
  footprints: ({ meetingId }: MeetingArg) =>
    withQuery(documentRoutes.myFootprints, { meeting_id: meetingId }),
};
