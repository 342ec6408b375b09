import { invoiceRoutes as routes } from '../lib/invoices-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** An invoice page titled from the `invoices` catalogue (`pages.*`); both need a login (§2). */
const handle = (key: 'pages.form' | 'pages.detail'): RouteHandle => ({
  requireLogin: true,
  dynamicTitle: { namespace: 'invoices', compute: (t) => t(key) },
});

/**
 * The invoice pages (§2 /invoice/form, /invoice/detail, query checkout), pages of the meeting area.
 * router.tsx loads this table when an address of theirs is first visited.
 */
export const invoicePages: PageRoute[] = [
  {
    path: routes.invoiceForm,
    handle: handle('pages.form'),
    lazy: () => import('../features/invoices/routes/invoice-form-route.tsx'),
  },
  {
    path: routes.invoiceDetail,
    handle: handle('pages.detail'),
    lazy: () => import('../features/invoices/routes/invoice-detail-route.tsx'),
  },
];
