import type { ConsoleRoute } from '../../lib/console-route.ts';

/** The console's meetings screens (DESIGN §7), composed by app/console/console-routes.ts. */
export const consoleMeetingsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/new',
    action: 'admin',
    lazy: () => import('./routes/new-meeting-route.tsx'),
    nav: { section: 'platform', labelKey: 'console-meetings:nav.newMeeting', icon: 'Plus', order: 100 },
  },
  {
    path: 'meetings/:meetingId/settings',
    action: 'meeting.update',
    lazy: () => import('./routes/settings-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-meetings:nav.settings', icon: 'Settings', order: 800 },
  },
  {
    path: 'meetings/:meetingId/programme',
    action: 'programme.edit',
    lazy: () => import('./routes/programme-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-meetings:nav.programme', icon: 'CalendarDays', order: 200 },
  },
];
