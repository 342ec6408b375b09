import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's speaker area (DESIGN §7; §2 /meeting/speaker/invite, §6 speakers invited), composed
 * by app/console/console-routes.ts: "Speakers → Invitations" — invite a speaker by e-mail or phone,
 * follow the answers, resend or revoke a link (programme.edit).
 */
export const consoleSpeakersRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/speaker-invitations',
    lazy: () => import('./routes/invitations-route.tsx'),
    action: 'programme.edit',
    nav: { section: 'meeting', labelKey: 'console-speakers:area', icon: 'Mic', order: 31 },
  },
];
