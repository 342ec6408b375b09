import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's search screen (§2 /meeting/search, DESIGN §7): hot keywords, keywords that found
 * nothing, and the index rebuild (dashboard.read to see; the rebuild needs meeting.update, checked
 * by the server). Composed by app/console/console-routes.ts.
 */
export const consoleSearchRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/search',
    lazy: () => import('./routes/search-route.tsx'),
    action: 'dashboard.read',
    nav: { section: 'meeting', labelKey: 'console-search:nav.search', icon: 'Search', order: 14 },
  },
];
