import { voteRoutes as routes } from '../lib/votes-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A page titled from a catalogue key; login required where asked (§6). */
const handle = (namespace: 'votes' | 'notifications', key: string, requireLogin: boolean): RouteHandle => ({
  dynamicTitle: { namespace, compute: (t) => t(key) },
  requireLogin,
});

/**
 * The vote and candidate pages (§2; visitors may look where the meeting allows guests, voting asks
 * for a login) and the notification centre with its preferences (login). router.tsx loads this
 * table when one of their addresses is first visited.
 */
export const votePages: PageRoute[] = [
  {
    path: routes.vote,
    handle: handle('votes', 'pages.vote', false),
    lazy: () => import('../features/votes/routes/vote-route.tsx'),
  },
  {
    path: routes.candidate,
    handle: handle('votes', 'pages.candidate', false),
    lazy: () => import('../features/votes/routes/candidate-route.tsx'),
  },
  {
    path: routes.notifications,
    handle: handle('notifications', 'title', true),
    lazy: () => import('../features/notifications/routes/notifications-route.tsx'),
  },
  {
    path: routes.notificationPreferences,
    handle: handle('notifications', 'preferences', true),
    lazy: () => import('../features/notifications/routes/preferences-route.tsx'),
  },
];
