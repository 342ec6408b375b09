import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's credits and union codes (DESIGN §7; §7 GET /activities/{id}/credits, GET
 * /activity/unioncodes), composed by app/console/console-routes.ts: credits per activity with the
 * certificate wording per language and the earned-credits export (credits.edit); union codes of an
 * activity — import with a per-row report, list, delete, export (unioncodes.edit).
 */
export const consoleCreditsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/credits',
    lazy: () => import('./routes/credits-route.tsx'),
    action: 'credits.edit',
    nav: { section: 'meeting', labelKey: 'console-credits:nav', icon: 'TicketPercent', order: 81 },
  },
];
