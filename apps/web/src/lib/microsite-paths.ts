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

/**
 * The twelve slugs (contracts' `micrositeSlugs`), written out here: importing the contracts' value
 * would bring zod and the contracts into the microsite's first script (DESIGN §10). The type below
 * fails to compile if the lists ever differ.
 */
export const micrositeSlugList = [
  'home',
  'meeting',
  'playbill',
  'map',
  'my',
  'list',
  'list2',
  'technology',
  'exhibition',
  're-build',
  'live',
  'wllive',
] as const satisfies readonly MicrositeSlug[];
export const everySlugListed: Exclude<MicrositeSlug, (typeof micrositeSlugList)[number]> extends never
  ? true
  : false = true;

/** Whether a path segment names one of the microsite's pages. */
export const isMicrositeSlug = (value: string | undefined): value is MicrositeSlug =>
  (micrositeSlugList as readonly string[]).includes(value ?? '');

/** Link helpers of the microsite (typed, never string literals: DESIGN §4.8). */
export const micrositePaths = {
  page: ({ meetingId, slug }: { meetingId: string; slug: MicrositeSlug }) =>
    withQuery(`${micrositeRoutes.root}/${slug}`, { meeting_id: meetingId }),
};
