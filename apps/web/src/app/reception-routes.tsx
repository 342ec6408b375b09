import { receptionRoutes as routes } from '../lib/reception-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type TitleKey =
  | 'pages.self'
  | 'pages.list'
  | 'pages.guest'
  | 'pages.query'
  | 'pages.staff'
  | 'pages.phase'
  | 'pages.form';

/** A reception page titled from the `reception` catalogue (`pages.*`); every one needs a login (§2, §6). */
const handle = (key: TitleKey): RouteHandle => ({
  requireLogin: true,
  dynamicTitle: { namespace: 'reception', compute: (t) => t(key) },
});

/**
 * The reception desk's pages (§2 Reception under /meeting/reception), pages of the meeting area.
 * router.tsx loads this table when one of their addresses is first visited; each page's code loads
 * on its own.
 */
export const receptionPages: PageRoute[] = [
  {
    path: routes.self,
    handle: handle('pages.self'),
    lazy: () => import('../features/reception/routes/self-route.tsx'),
  },
  {
    path: routes.guestList,
    handle: handle('pages.list'),
    lazy: () => import('../features/reception/routes/guest-list-route.tsx'),
  },
  {
    path: routes.guest,
    handle: handle('pages.guest'),
    lazy: () => import('../features/reception/routes/guest-route.tsx'),
  },
  {
    path: routes.query,
    handle: handle('pages.query'),
    lazy: () => import('../features/reception/routes/query-route.tsx'),
  },
  {
    path: routes.results,
    handle: handle('pages.query'),
    lazy: () => import('../features/reception/routes/results-route.tsx'),
  },
  {
    path: routes.result,
    handle: handle('pages.self'),
    lazy: () => import('../features/reception/routes/result-route.tsx'),
  },
  {
    path: routes.staff,
    handle: handle('pages.staff'),
    lazy: () => import('../features/reception/routes/staff-route.tsx'),
  },
  {
    path: routes.staffGuest,
    handle: handle('pages.guest'),
    lazy: () => import('../features/reception/routes/staff-guest-route.tsx'),
  },
  {
    path: routes.phase,
    handle: handle('pages.phase'),
    lazy: () => import('../features/reception/routes/phase-route.tsx'),
  },
  {
    path: routes.form,
    handle: handle('pages.form'),
    lazy: () => import('../features/reception/routes/form-route.tsx'),
  },
];
