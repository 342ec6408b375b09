import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's lives (DESIGN §7; §3 Live; §4 Live states; §6; §7 Lives), composed by
 * app/console/console-routes.ts: the meeting's lives with their state and figures, a new live, and
 * one live's screen (overview with pause/resume, ingest key and figures; settings; chat moderation;
 * users; viewers). lives.edit; the chat, users and viewers tabs also need lives.moderate.
 */
export const consoleLivesRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/lives',
    lazy: () => import('./routes/lives-route.tsx'),
    action: 'lives.edit',
    nav: { section: 'meeting', labelKey: 'console-lives:nav', icon: 'Radio', order: 80 },
  },
  {
    path: 'meetings/:meetingId/lives/new',
    lazy: () => import('./routes/live-new-route.tsx'),
    action: 'lives.edit',
  },
  {
    path: 'meetings/:meetingId/lives/:liveId',
    lazy: () => import('./routes/live-route.tsx'),
    action: 'lives.edit',
  },
];
