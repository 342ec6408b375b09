import { demandRoutes as routes } from '../lib/demands-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type TitleKey =
  | 'pages.list'
  | 'pages.cooperation'
  | 'pages.search'
  | 'pages.liked'
  | 'pages.mine'
  | 'pages.exhibitor'
  | 'pages.detail'
  | 'pages.form'
  | 'pages.comment';

/** A demand page titled from the `demands` catalogue (`pages.*`). */
const handle = (key: TitleKey, requireLogin = false): RouteHandle => ({
  dynamicTitle: { namespace: 'demands', compute: (t) => t(key) },
  ...(requireLogin ? { requireLogin: true } : {}),
});
const list = () => import('../features/demands/routes/demand-list-route.tsx');

/**
 * The demand pages (§2 /demand, /demand/list, /cooperation, /demand/detail, /demand/like,
 * /demand/form/{type}, /demand/comment/{type}, /demand/search, /my/demand, exhibitor area
 * /meeting/exhibitor/demand). router.tsx loads this table when an address of theirs is first visited.
 */
export const demandPages: PageRoute[] = [
  { path: routes.demand, handle: handle('pages.list'), lazy: list },
  { path: routes.demandList, handle: handle('pages.list'), lazy: list },
  { path: routes.cooperation, handle: handle('pages.cooperation'), lazy: list },
  { path: routes.search, handle: handle('pages.search'), lazy: list },
  { path: routes.liked, handle: handle('pages.liked', true), lazy: list },
  { path: routes.mine, handle: handle('pages.mine', true), lazy: list },
  { path: routes.exhibitor, handle: handle('pages.exhibitor', true), lazy: list },
  {
    path: routes.detail,
    handle: handle('pages.detail'),
    lazy: () => import('../features/demands/routes/demand-detail-route.tsx'),
  },
  {
    path: routes.form,
    handle: handle('pages.form', true),
    lazy: () => import('../features/demands/routes/demand-form-route.tsx'),
  },
  {
    path: routes.comment,
    handle: handle('pages.comment', true),
    lazy: () => import('../features/demands/routes/demand-comment-route.tsx'),
  },
];
