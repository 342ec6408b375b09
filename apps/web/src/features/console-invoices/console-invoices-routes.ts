import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's invoice queue (DESIGN §7; §4 Invoice), composed by app/console/console-routes.ts: the
 * requests of the meeting by state, and one request with its complete / reject actions (finance.read
 * to see them, invoice.process to act).
 */
export const consoleInvoicesRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/invoices',
    lazy: () => import('./routes/invoice-queue-route.tsx'),
    action: 'finance.read',
    nav: { section: 'meeting', labelKey: 'console-invoices:nav.invoices', icon: 'FileText', order: 72 },
  },
  {
    path: 'meetings/:meetingId/invoices/:invoiceId',
    lazy: () => import('./routes/invoice-review-route.tsx'),
    action: 'finance.read',
  },
];
