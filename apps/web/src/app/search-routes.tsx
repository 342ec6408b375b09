import { searchRoutes } from '../lib/search-paths.ts';
import type { PageRoute } from './page-route.ts';

/**
 * The meeting search page (§2 /meeting/search), a page of the meeting area. router.tsx loads this
 * table when its address is first visited.
 */
export const searchPages: PageRoute[] = [
  {
    path: searchRoutes.meetingSearch,
    handle: { dynamicTitle: { namespace: 'search', compute: (t) => t('title') } },
    lazy: () => import('../features/search/routes/search-route.tsx'),
  },
];
