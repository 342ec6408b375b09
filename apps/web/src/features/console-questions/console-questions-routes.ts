import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's questions and price inquiries (DESIGN §7; community design "Q"), composed by
 * app/console/console-routes.ts: read-only tables of the meeting's questions (by company, answered or
 * not) and inquiries (open or closed); blocking goes through the moderation queue (community.read).
 */
export const consoleQuestionsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/questions',
    lazy: () => import('./routes/questions-table-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-questions:nav', icon: 'Tags', order: 77 },
  },
];
