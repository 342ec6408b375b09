import { questionRoutes as routes } from '../lib/questions-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type TitleKey = 'pages.ask' | 'pages.list' | 'pages.answer' | 'pages.inbox' | 'pages.thread';

/** A question page titled from the `questions` catalogue (`pages.*`); login required where asked (§6). */
const handle = (key: TitleKey, requireLogin: boolean): RouteHandle => ({
  dynamicTitle: { namespace: 'questions', compute: (t) => t(key) },
  requireLogin,
});

/**
 * The question and price-inquiry pages (§2), pages of the meeting area. router.tsx loads this table
 * when an address of theirs is first visited. The public Q&A list needs no login; asking, answering
 * and the inbox do.
 */
export const questionPages: PageRoute[] = [
  {
    path: routes.ask,
    handle: handle('pages.ask', true),
    lazy: () => import('../features/questions/routes/ask-route.tsx'),
  },
  {
    path: routes.list,
    handle: handle('pages.list', false),
    lazy: () => import('../features/questions/routes/question-list-route.tsx'),
  },
  {
    path: routes.answer,
    handle: handle('pages.answer', true),
    lazy: () => import('../features/questions/routes/answer-route.tsx'),
  },
  {
    path: routes.inbox,
    handle: handle('pages.inbox', true),
    lazy: () => import('../features/questions/routes/inbox-route.tsx'),
  },
  {
    path: routes.thread,
    handle: handle('pages.thread', true),
    lazy: () => import('../features/questions/routes/thread-route.tsx'),
  },
];
