import { orderRoutes as routes } from '../lib/orders-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** An order page titled from the `orders` catalogue (`pages.*`); both need a login (§2 Personal). */
const handle = (key: 'pages.list' | 'pages.detail'): RouteHandle => ({
  requireLogin: true,
  dynamicTitle: { namespace: 'orders', compute: (t) => t(key) },
});

/**
 * The order pages (§2 /my/order, /my/order/{checkoutId}), pages of the meeting area. router.tsx
 * loads this table when an address of theirs is first visited.
 */
export const orderPages: PageRoute[] = [
  {
    path: routes.myOrders,
    handle: handle('pages.list'),
    lazy: () => import('../features/orders/routes/my-orders-route.tsx'),
  },
  {
    path: routes.myOrder,
    handle: handle('pages.detail'),
    lazy: () => import('../features/orders/routes/order-route.tsx'),
  },
];
