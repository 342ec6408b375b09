import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's votes (DESIGN §7; §3 Vote, Vote player; §5, §9 vote limits), composed by
 * app/console/console-routes.ts: votes with their window, limits and flags, candidates with images,
 * ranked results and the CSV export (votes.edit).
 */
export const consoleVotesRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/votes',
    lazy: () => import('./routes/votes-route.tsx'),
    action: 'votes.edit',
    nav: { section: 'meeting', labelKey: 'console-votes:nav', icon: 'ListChecks', order: 79 },
  },
];
