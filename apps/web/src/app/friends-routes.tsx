import { friendRoutes as routes } from '../lib/friends-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type TitleKey = 'connections.title' | 'applications.title' | 'card.title' | 'landing.title';

/** A friends page titled from the `friends` catalogue; every one needs a login (§6). */
const handle = (key: TitleKey): RouteHandle => ({
  dynamicTitle: { namespace: 'friends', compute: (t) => t(key) },
  requireLogin: true,
});

/**
 * The friends pages (§2 /my/connections, /my/connections/application, /my/contact) and the landing of
 * a scanned personal QR. router.tsx loads this table when one of their addresses is first visited.
 */
export const friendPages: PageRoute[] = [
  {
    path: routes.connections,
    handle: handle('connections.title'),
    lazy: () => import('../features/friends/routes/connections-route.tsx'),
  },
  {
    path: routes.applications,
    handle: handle('applications.title'),
    lazy: () => import('../features/friends/routes/applications-route.tsx'),
  },
  {
    path: routes.contact,
    handle: handle('card.title'),
    lazy: () => import('../features/friends/routes/contact-route.tsx'),
  },
  {
    path: routes.card,
    handle: handle('landing.title'),
    lazy: () => import('../features/friends/routes/card-landing-route.tsx'),
  },
];
