import { newsRoutes as routes } from '../lib/news-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** A news page titled from the `news` catalogue (`pages.*`). */
const handle = (key: 'pages.list' | 'pages.detail'): RouteHandle => ({
  dynamicTitle: { namespace: 'news', compute: (t) => t(key) },
});
const list = () => import('../features/news/routes/news-list-route.tsx');

/**
 * The news pages (§2 /meeting/news, /news, /meeting/news/detail), pages of the meeting area.
 * router.tsx loads this table when an address of theirs is first visited.
 */
export const newsPages: PageRoute[] = [
  { path: routes.meetingNews, handle: handle('pages.list'), lazy: list },
  { path: routes.news, handle: handle('pages.list'), lazy: list },
  {
    path: routes.newsDetail,
    handle: handle('pages.detail'),
    lazy: () => import('../features/news/routes/news-detail-route.tsx'),
  },
];
