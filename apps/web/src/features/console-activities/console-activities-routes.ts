import type { ConsoleRoute } from '../../lib/console-route.ts';

/** The console's activities screens (DESIGN §7), composed by app/console/console-routes.ts. */
export const consoleActivitiesRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/activities',
    lazy: () => import('./routes/activity-list-route.tsx'),
    action: 'activity.edit',
    nav: { section: 'meeting', labelKey: 'console-activities:nav.activities', icon: 'Ticket', order: 30 },
  },
  {
    path: 'meetings/:meetingId/activities/new',
    lazy: () => import('./routes/activity-new-route.tsx'),
    action: 'activity.edit',
  },
  {
    path: 'meetings/:meetingId/activities/:activityId',
    lazy: () => import('./routes/activity-editor-route.tsx'),
    action: 'activity.edit',
  },
];
