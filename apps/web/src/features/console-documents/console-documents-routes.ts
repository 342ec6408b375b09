import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's documents screen (§2 /meeting/doc: files, their categories, order; pages.edit) and
 * the view analytics (how often each thing was viewed; dashboard.read), composed by
 * app/console/console-routes.ts.
 */
export const consoleDocumentsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/documents',
    lazy: () => import('./routes/documents-route.tsx'),
    action: 'pages.edit',
    nav: { section: 'meeting', labelKey: 'console-documents:nav.documents', icon: 'FileText', order: 62 },
  },
  {
    path: 'meetings/:meetingId/views',
    lazy: () => import('./routes/views-route.tsx'),
    action: 'dashboard.read',
    nav: { section: 'meeting', labelKey: 'console-documents:nav.views', icon: 'BarChart3', order: 12 },
  },
];
