import { liveRoutes as routes } from '../lib/lives-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A live page titled from the `lives` catalogue (`pages.*`); visitors may open both (§6 is per live). */
const handle = (key: 'pages.list' | 'pages.room'): RouteHandle => ({
  dynamicTitle: { namespace: 'lives', compute: (t) => t(key) },
});

/**
 * The live pages (§2 /meeting/live, /meeting/live/detail), pages of the meeting area. router.tsx
 * loads this table when one of their addresses is first visited.
 */
export const livePages: PageRoute[] = [
  {
    path: routes.list,
    handle: handle('pages.list'),
    lazy: () => import('../features/lives/routes/live-list-route.tsx'),
  },
  {
    path: routes.room,
    handle: handle('pages.room'),
    lazy: () => import('../features/lives/routes/live-room-route.tsx'),
  },
];
