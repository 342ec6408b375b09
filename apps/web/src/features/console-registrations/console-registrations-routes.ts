import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's registrations screens (DESIGN §7), composed by app/console/console-routes.ts: the
 * registrations table (review, seats, import, export) and the check-in list with its counts.
 */
export const consoleRegistrationsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/registrations',
    action: 'registration.read',
    lazy: () => import('./routes/registrations-route.tsx'),
    nav: {
      section: 'meeting',
      labelKey: 'console-registrations:nav.registrations',
      icon: 'ClipboardList',
      order: 300,
    },
  },
  {
    path: 'meetings/:meetingId/checkins',
    action: 'registration.read',
    lazy: () => import('./routes/checkins-route.tsx'),
    nav: {
      section: 'meeting',
      labelKey: 'console-registrations:nav.checkins',
      icon: 'UserCheck',
      order: 310,
    },
  },
];
