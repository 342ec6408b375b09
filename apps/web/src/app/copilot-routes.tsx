import { copilotRoutes } from '../lib/copilot-paths.ts';
import type { PageRoute } from './page-route.ts';

/**
 * The copilot screen (§1 AI copilot: /meeting/copilot), a page of the meeting area. router.tsx loads
 * this table when its address is first visited. Titled by the meeting's copilot_name (§3), else the
 * catalogue's default name.
 */
export const copilotPages: PageRoute[] = [
  {
    path: copilotRoutes.copilot,
    handle: {
      dynamicTitle: {
        namespace: 'copilot',
        compute: (t, meeting) => meeting.exhibition.copilot_name || t('title'),
      },
    },
    lazy: () => import('../features/copilot/routes/copilot-route.tsx'),
  },
];
