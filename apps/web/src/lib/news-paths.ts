import { withQuery } from './paths.ts';

/**
 * The news pages (§2 /meeting/news, /news, /meeting/news/detail): their part of the route table and
 * link helpers. They sit apart from paths.ts so they load with those pages — router.tsx discovers
 * the pages on first visit — not with the home page's first script (DESIGN §10 budget).
 */
export const newsRoutes = {
  meetingNews: '/meeting/news',
  news: '/news',
  /** One news item (`news_id`). */
  newsDetail: '/meeting/news/detail',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the news pages (typed, never string literals: DESIGN §4.8). */
export const newsPaths = {
  /** The news list, optionally on one category's tab. */
  list: ({ meetingId, categoryId }: MeetingArg & { categoryId?: string | undefined }) =>
    withQuery(newsRoutes.meetingNews, { meeting_id: meetingId, category_id: categoryId }),
  detail: ({ meetingId, newsId }: MeetingArg & { newsId: string }) =>
    withQuery(newsRoutes.newsDetail, { news_id: newsId, meeting_id: meetingId }),
};
