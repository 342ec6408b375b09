import { speakerInviteRoutes as routes } from '../lib/speakers-paths.ts';
import type { PageRoute } from './page-route.ts';

/**
 * The speaker invitation page (§2 /meeting/speaker/invite, §6): login required (accepting links the
 * speaker to the account). router.tsx loads this table when the address is first visited.
 */
export const speakerInvitePages: PageRoute[] = [
  {
    path: routes.invite,
    handle: {
      dynamicTitle: { namespace: 'speakers', compute: (t) => t('invite.pageTitle') },
      requireLogin: true,
    },
    lazy: () => import('../features/speakers/routes/invite-route.tsx'),
  },
];
