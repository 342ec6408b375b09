import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's exhibitors screens (DESIGN §7), composed by app/console/console-routes.ts: the
 * application inbox, the exhibitors (enterprises, products, passwords) and their industries and
 * groups (exhibitor.manage), and the appointments overview (appointment.read).
 */
export const consoleExhibitorsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/exhibitors',
    lazy: () => import('./routes/exhibitors-route.tsx'),
    action: 'exhibitor.manage',
    nav: { section: 'meeting', labelKey: 'console-exhibitors:nav.exhibitors', icon: 'Store', order: 50 },
  },
  {
    path: 'meetings/:meetingId/exhibitors/applications',
    lazy: () => import('./routes/applications-route.tsx'),
    action: 'exhibitor.manage',
    nav: {
      section: 'meeting',
      labelKey: 'console-exhibitors:nav.applications',
      icon: 'ClipboardList',
      order: 51,
    },
  },
  {
    path: 'meetings/:meetingId/exhibitors/categories',
    lazy: () => import('./routes/categories-route.tsx'),
    action: 'exhibitor.manage',
    nav: { section: 'meeting', labelKey: 'console-exhibitors:nav.categories', icon: 'Tags', order: 52 },
  },
  {
    path: 'meetings/:meetingId/appointments',
    lazy: () => import('./routes/appointments-route.tsx'),
    action: 'appointment.read',
    nav: {
      section: 'meeting',
      labelKey: 'console-exhibitors:nav.appointments',
      icon: 'CalendarClock',
      order: 55,
    },
  },
];
