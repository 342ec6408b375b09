import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's pages area (DESIGN §7), composed by app/console/console-routes.ts: the pages and
 * versions overview (publish, roll back) and the block editor of the home or one content page, both
 * for pages.edit (publishing and rolling back need pages.publish, checked on the screen and the server).
 */
export const consolePagesRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/pages',
    lazy: () => import('./routes/pages-route.tsx'),
    action: 'pages.edit',
    nav: { section: 'meeting', labelKey: 'console-pages:nav.pages', icon: 'Layers', order: 45 },
  },
  {
    path: 'meetings/:meetingId/pages/editor',
    lazy: () => import('./routes/editor-route.tsx'),
    action: 'pages.edit',
  },
];
