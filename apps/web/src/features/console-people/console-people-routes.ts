import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's people of a meeting (DESIGN §7; §3 Exposure setting, membership levels; §6 special
 * identities), composed by app/console/console-routes.ts: people.read lists and exports with contacts,
 * people.manage sets the level, special identity and tags.
 */
export const consolePeopleRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/people',
    lazy: () => import('./routes/people-table-route.tsx'),
    action: 'people.read',
    nav: { section: 'meeting', labelKey: 'console-people:nav', icon: 'Users', order: 74 },
  },
];
