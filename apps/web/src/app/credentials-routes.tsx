import { credentialRoutes as routes } from '../lib/credentials-paths.ts';
import type { PageRoute } from './page-route.ts';

/**
 * The real-name credential page (§2 /credential; §3 Registrant ID number), a page of the meeting area
 * that needs a login. router.tsx loads this table when the address is first visited.
 */
export const credentialPages: PageRoute[] = [
  {
    path: routes.credential,
    handle: {
      requireLogin: true,
      dynamicTitle: { namespace: 'credentials', compute: (t) => t('pages.credential') },
    },
    lazy: () => import('../features/credentials/routes/credential-route.tsx'),
  },
];
