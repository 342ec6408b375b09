import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's threads screen (DESIGN §7; community design "T"), composed by
 * app/console/console-routes.ts: the meeting's discussion threads with pin, close and open
 * (community.read to see, community.moderate to act).
 */
export const consoleThreadsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/threads',
    lazy: () => import('./routes/threads-table-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-threads:nav', icon: 'MessagesSquare', order: 78 },
  },
];
