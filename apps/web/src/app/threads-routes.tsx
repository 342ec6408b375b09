import { threadRoutes as routes } from '../lib/threads-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A threads page titled from the `threads` catalogue (`pages.*`). */
const handle = (key: 'pages.list' | 'pages.talk'): RouteHandle => ({
  dynamicTitle: { namespace: 'threads', compute: (t) => t(key) },
});

/**
 * The threads pages (§2 /meeting/thread/list, /meeting/talk), pages of the meeting area.
 * router.tsx loads this table when an address of theirs is first visited.
 */
export const threadPages: PageRoute[] = [
  {
    path: routes.threadList,
    handle: handle('pages.list'),
    lazy: () => import('../features/threads/routes/thread-list-route.tsx'),
  },
  {
    path: routes.talk,
    handle: handle('pages.talk'),
    lazy: () => import('../features/threads/routes/talk-route.tsx'),
  },
];
