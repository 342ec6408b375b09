import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's "WeChat & sign-in" area (DESIGN §7; §3 wechat_authorize; §7 WeChat, Login), composed
 * by app/console/console-routes.ts: the official account, the mini-program, the login methods with
 * the meeting's single sign-on, and the chat-card preview. wechat.settings (owner, organiser).
 */
export const consoleWechatRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/wechat',
    lazy: () => import('./routes/wechat-route.tsx'),
    action: 'wechat.settings',
    nav: { section: 'meeting', labelKey: 'console-wechat:nav', icon: 'QrCode', order: 810 },
  },
];
