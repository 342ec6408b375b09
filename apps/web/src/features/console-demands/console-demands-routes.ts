import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's demands (DESIGN §7; §3 Demand, §4 blocked), composed by app/console/console-routes.ts:
 * the meeting's demands with filters, one demand with its comments, block / unblock / delete
 * (community.read to see, community.moderate to act).
 */
export const consoleDemandsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/demands',
    lazy: () => import('./routes/demands-table-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-demands:nav', icon: 'Briefcase', order: 77 },
  },
];
