import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's demands (DESIGN §7; §3 Demand, §4 blocked), composed by app/console/console-routes.ts:
 * the meeting's demands with filters, one demand with its comments, block / unblock / delete
 * (community.read to see, community.moderate to act), and the demand categories (§3 Demand category:
 * the public form's category choice and the list's filter).
 */
export const consoleDemandsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/demands',
    lazy: () => import('./routes/demands-table-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-demands:nav', icon: 'Briefcase', order: 77 },
  },
  {
    path: 'meetings/:meetingId/demands/categories',
    lazy: () => import('./routes/demand-categories-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-demands:navCategories', icon: 'Tags', order: 77.5 },
  },
];
