import type { ConsoleRoute } from '../../lib/console-route.ts';

/** The console's own screens (DESIGN §7): meetings overview, dashboard, team, audit log, administrators. */
export const consoleShellRoutes: ConsoleRoute[] = [
  // The landing page: the caller's meetings (path '' is the console's index, `#/console`).
  { path: '', action: 'any', lazy: () => import('./routes/landing-route.tsx') },
  {
    path: 'meetings/:meetingId',
    action: 'dashboard.read',
    lazy: () => import('./routes/dashboard-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console:nav.dashboard', icon: 'LayoutDashboard', order: 0 },
  },
  {
    path: 'meetings/:meetingId/team',
    action: 'team.manage',
    lazy: () => import('./routes/team-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console:nav.team', icon: 'Users', order: 900 },
  },
  {
    path: 'meetings/:meetingId/audit',
    action: 'audit.read',
    lazy: () => import('./routes/audit-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console:nav.audit', icon: 'ScrollText', order: 950 },
  },
  {
    path: 'admins',
    action: 'admin',
    lazy: () => import('./routes/admins-route.tsx'),
    nav: { section: 'platform', labelKey: 'console:nav.admins', icon: 'ShieldCheck', order: 900 },
  },
  {
    path: 'jobs',
    action: 'admin',
    lazy: () => import('./routes/failed-jobs-route.tsx'),
    nav: { section: 'platform', labelKey: 'console:nav.jobs', icon: 'TriangleAlert', order: 950 },
  },
];
