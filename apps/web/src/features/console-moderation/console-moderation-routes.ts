import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's moderation area (DESIGN §7; §5 sensitive content), composed by
 * app/console/console-routes.ts: the review queue, the meeting's word lists and the blocked users
 * (community.read to see, community.moderate to act).
 */
export const consoleModerationRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/moderation',
    lazy: () => import('./routes/moderation-queue-route.tsx'),
    action: 'community.read',
    nav: { section: 'meeting', labelKey: 'console-moderation:nav', icon: 'TriangleAlert', order: 79 },
  },
  {
    path: 'meetings/:meetingId/moderation/words',
    lazy: () => import('./routes/moderation-words-route.tsx'),
    action: 'community.read',
  },
  {
    path: 'meetings/:meetingId/moderation/bans',
    lazy: () => import('./routes/moderation-bans-route.tsx'),
    action: 'community.read',
  },
];
