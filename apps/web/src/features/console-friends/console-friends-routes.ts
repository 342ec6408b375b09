import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's networking figures (DESIGN §7; §1 "Build a contact network", §4 Connection
 * application), composed by app/console/console-routes.ts: connections made in the meeting, the
 * applications by state and the people who connected most (people.read).
 */
export const consoleFriendsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/networking',
    lazy: () => import('./routes/networking-route.tsx'),
    action: 'people.read',
    nav: { section: 'meeting', labelKey: 'console-friends:nav', icon: 'Users', order: 74.5 },
  },
];
