import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's commerce screens (DESIGN §7; §3 Order and Discount, §4 Order, §9), composed by
 * app/console/console-routes.ts, all under meetings/:meetingId/commerce/: orders (table, detail with
 * refunds), coupons and discounts, payment settings, and revenue with the day's reconciliation.
 */
export const consoleCommerceRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/commerce/orders',
    action: 'finance.read',
    lazy: () => import('./routes/orders-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-commerce:nav.orders', icon: 'Receipt', order: 400 },
  },
  {
    path: 'meetings/:meetingId/commerce/orders/:orderId',
    action: 'finance.read',
    lazy: () => import('./routes/order-route.tsx'),
  },
  {
    path: 'meetings/:meetingId/commerce/coupons',
    action: 'commerce.edit',
    lazy: () => import('./routes/coupons-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-commerce:nav.coupons', icon: 'TicketPercent', order: 410 },
  },
  {
    path: 'meetings/:meetingId/commerce/revenue',
    action: 'finance.read',
    lazy: () => import('./routes/revenue-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-commerce:nav.revenue', icon: 'BarChart3', order: 420 },
  },
  {
    path: 'meetings/:meetingId/commerce/settings',
    action: 'finance.read',
    lazy: () => import('./routes/settings-route.tsx'),
    nav: { section: 'meeting', labelKey: 'console-commerce:nav.settings', icon: 'CreditCard', order: 430 },
  },
];
