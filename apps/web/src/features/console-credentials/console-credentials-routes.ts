import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's real-name area (§3 Registrant ID number; DESIGN §7), composed by
 * app/console/console-routes.ts: the meeting's rule (required, kinds, retention), counts by kind and
 * the masked list, with reveal for owners (audited). credentials.read; the rule needs
 * credentials.settings, reveal credentials.reveal.
 */
export const consoleCredentialsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/credentials',
    lazy: () => import('./routes/credentials-route.tsx'),
    action: 'credentials.read',
    nav: { section: 'meeting', labelKey: 'console-credentials:nav', icon: 'ShieldCheck', order: 85 },
  },
];
