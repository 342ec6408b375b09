import { documentRoutes as routes } from '../lib/documents-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A page titled from the `documents` catalogue (`pages.*`). */
const handle = (key: 'pages.documents' | 'pages.footprints'): RouteHandle => ({
  dynamicTitle: { namespace: 'documents', compute: (t) => t(key) },
});

/**
 * The documents page (§2 /meeting/doc) and the browsing history (/my/footprints), pages of the
 * meeting area. router.tsx loads this table when an address of theirs is first visited.
 */
export const documentPages: PageRoute[] = [
  {
    path: routes.meetingDoc,
    handle: handle('pages.documents'),
    lazy: () => import('../features/documents/routes/documents-route.tsx'),
  },
  {
    path: routes.myFootprints,
    handle: handle('pages.footprints'),
    lazy: () => import('../features/documents/routes/footprints-route.tsx'),
  },
];
