import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's copilot (DESIGN §7; §1 AI copilot; §3 exhibition.enable_copilot, copilot_*),
 * composed by app/console/console-routes.ts: settings with a preview of the copilot card, extra
 * knowledge (FAQ), conversation review with "wrong answer" flags, usage and cost per day. The entry
 * (copilot.review: editors review, owners and organisers also configure) opens the first screen the
 * caller may use.
 */
export const consoleCopilotRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/copilot',
    lazy: () => import('./routes/copilot-home-route.tsx'),
    action: 'copilot.review',
    nav: { section: 'meeting', labelKey: 'console-copilot:nav', icon: 'Bot', order: 82 },
  },
  {
    path: 'meetings/:meetingId/copilot/settings',
    lazy: () => import('./routes/settings-route.tsx'),
    action: 'copilot.settings',
  },
  {
    path: 'meetings/:meetingId/copilot/knowledge',
    lazy: () => import('./routes/knowledge-route.tsx'),
    action: 'copilot.settings',
  },
  {
    path: 'meetings/:meetingId/copilot/conversations',
    lazy: () => import('./routes/conversations-route.tsx'),
    action: 'copilot.review',
  },
  {
    path: 'meetings/:meetingId/copilot/conversations/:conversationId',
    lazy: () => import('./routes/conversation-route.tsx'),
    action: 'copilot.review',
  },
  {
    path: 'meetings/:meetingId/copilot/usage',
    lazy: () => import('./routes/usage-route.tsx'),
    action: 'copilot.review',
  },
];
