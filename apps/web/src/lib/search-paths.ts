import { withQuery } from './paths.ts';

/**
 * The meeting search page (§2 /meeting/search): its part of the route table and link helper. It sits
 * apart from paths.ts so the page's table loads with the page — router.tsx discovers it on first
 * visit — and the header's search entry costs the home page's first script one short string
 * (DESIGN §10 budget).
 */
export const searchRoutes = {
  meetingSearch: '/meeting/search',
} as const;

/** Link helpers of the search page (typed, never string literals: DESIGN §4.8). */
export const searchPaths = {
  /** The search page, optionally with a keyword already searched. */
  search: ({ meetingId, keyword }: { meetingId: string; keyword?: string | undefined }) =>
    withQuery(searchRoutes.meetingSearch, { meeting_id: meetingId, keyword }),
};
