import { micrositeRoutes as routes } from '../lib/microsite-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** The microsite's pages are titled with its name (the page's own title shows in its band). */
const handle: RouteHandle = {
  dynamicTitle: { namespace: 'microsite', compute: (t) => t('name') },
};

/**
 * The culture microsite (§2 /sichuan-culture/{slug}), pages of the meeting area: one route for its
 * twelve pages, and its bare address opening its home. router.tsx loads this table when an address
 * of theirs is first visited.
 */
export const micrositePages: PageRoute[] = [
  {
    path: routes.root,
    redirect: (_params, search) => {
      const query = search.toString();
      return `${routes.root}/home${query ? `?${query}` : ''}`;
    },
  },
  { path: routes.page, handle, lazy: () => import('./microsite-page.tsx') },
];
