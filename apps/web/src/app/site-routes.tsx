import { siteRoutes, siteRouteTitles } from '../lib/site-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A site page titled from the `share` catalogue (`pages.*`). */
const handle = (path: keyof typeof siteRouteTitles): RouteHandle => ({
  dynamicTitle: { namespace: 'share', compute: (t) => t(siteRouteTitles[path]) },
});

/**
 * The site pages of the meeting area (§2 /webview), loaded by router.tsx when their address is first
 * visited. /clear and /etc/redirect stand outside the meeting area (they need no meeting): router.tsx
 * renders `standaloneSitePages` at the top level.
 */
export const sitePages: PageRoute[] = [
  {
    path: siteRoutes.webview,
    handle: handle(siteRoutes.webview),
    lazy: () => import('../features/site/routes/webview-route.tsx'),
  },
];

/** /clear and /etc/redirect: pages without the meeting's layout, each loaded on first visit. */
export const standaloneSitePages = {
  clear: () => import('../features/site/routes/clear-route.tsx'),
  redirect: () => import('../features/site/routes/redirect-route.tsx'),
} as const;
