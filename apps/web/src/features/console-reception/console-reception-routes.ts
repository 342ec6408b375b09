import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's reception desk (DESIGN §7; §3 Guest, Reception guest; §4 Reception; §6), composed by
 * app/console/console-routes.ts: guests (search, filters, add / edit with photo, phases and
 * receptionist, toggles, export), the XLSX import with its per-row report, phases with their forms
 * and order (reception.manage), and the live arrivals board (also for reception.desk).
 */
export const consoleReceptionRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/reception',
    lazy: () => import('./routes/guests-route.tsx'),
    action: 'reception.manage',
    nav: { section: 'meeting', labelKey: 'console-reception:nav', icon: 'UserCheck', order: 81 },
  },
  {
    path: 'meetings/:meetingId/reception/import',
    lazy: () => import('./routes/import-route.tsx'),
    action: 'reception.manage',
  },
  {
    path: 'meetings/:meetingId/reception/phases',
    lazy: () => import('./routes/phases-route.tsx'),
    action: 'reception.manage',
  },
  {
    path: 'meetings/:meetingId/reception/board',
    lazy: () => import('./routes/board-route.tsx'),
    action: 'reception.desk',
  },
];
