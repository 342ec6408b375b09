import type { MicrositeSlug } from '@app/contracts';
import { withQuery } from './paths.ts';

/**
 * The culture microsite (§2 /sichuan-culture/{home,my,meeting,list,list2,map,technology,exhibition,
 * re-build,playbill,live,wllive}): one route for the twelve pages, each the meeting's microsite
 * content page of that slug. Apart from paths.ts so it loads with the microsite, not with the home's
 * first script (DESIGN §10).
 */
export const micrositeRoutes = {
  root: '/sichuan-culture',
  page: '/sichuan-culture/:slug',
} as const;

/** Link helpers of the microsite (typed, never string literals: DESIGN §4.8). */
export const micrositePaths = {
  page: ({ meetingId, slug }: { meetingId: string; slug: MicrositeSlug }) =>
    withQuery(`${micrositeRoutes.root}/${slug}`, { meeting_id: meetingId }),
};
