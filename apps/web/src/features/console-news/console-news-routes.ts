import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's news screens (DESIGN §7; §3 News), composed by app/console/console-routes.ts: the
 * news table, the editor (new or existing item) and the news categories (news.edit).
 */
export const consoleNewsRoutes: ConsoleRoute[] = [
  {
    path: 'meetings/:meetingId/news',
    lazy: () => import('./routes/news-table-route.tsx'),
    action: 'news.edit',
    nav: { section: 'meeting', labelKey: 'console-news:nav.news', icon: 'Newspaper', order: 60 },
  },
  {
    path: 'meetings/:meetingId/news/categories',
    lazy: () => import('./routes/news-categories-route.tsx'),
    action: 'news.edit',
    nav: { section: 'meeting', labelKey: 'console-news:nav.categories', icon: 'Tags', order: 61 },
  },
  {
    path: 'meetings/:meetingId/news/:newsId',
    lazy: () => import('./routes/news-editor-route.tsx'),
    action: 'news.edit',
  },
];
