import type { Category, listCategories, listNews, NewsItem, recordContentView } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

export const newsPageSize = 20;
const path = contractPath<typeof listNews>('/news');

export type NewsFilter = { meetingId: string; categoryId?: string | undefined };

/** GET /news: a page of the meeting's published news (§7), heaviest then newest first. */
export function fetchNews(filter: NewsFilter, page: { limit: number; skip: number }): Promise<NewsItem[]> {
  return api.list<NewsItem>(path, {
    query: { meeting_id: filter.meetingId, ...(filter.categoryId ? { category_id: filter.categoryId } : {}) },
    limit: page.limit,
    skip: page.skip,
  });
}

export const newsInfiniteQueryOptions = (filter: NewsFilter) =>
  infiniteQueryOptions({
    queryKey: ['news', 'list', filter.meetingId, filter.categoryId ?? ''],
    queryFn: ({ pageParam }) => fetchNews(filter, { limit: newsPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < newsPageSize ? undefined : pages.length * newsPageSize),
    staleTime: 60_000,
  });

/** The news list, page by page ("load more"). */
export const useNewsPages = (filter: NewsFilter) => useInfiniteQuery(newsInfiniteQueryOptions(filter));

/**
 * One news item with its content (GET /news with `_id`, §7). Resolves null for an id the server
 * does not know; a deleted or unpublished item comes back with `deleted: 1` (the page opens /204).
 */
export async function fetchNewsItem(meetingId: string, newsId: string): Promise<NewsItem | null> {
  const item = await api.one<NewsItem>(path, { query: { meeting_id: meetingId, _id: newsId }, limit: 1 });
  return item ?? null;
}

export const useNewsItem = (meetingId: string, newsId: string | undefined) =>
  useQuery({
    queryKey: ['news', 'item', meetingId, newsId ?? ''],
    queryFn: () => fetchNewsItem(meetingId, newsId ?? ''),
    enabled: Boolean(newsId),
    staleTime: 60_000,
  });

/** GET /news/categories of the meeting (the list's tabs; none → no tabs). */
export const useNewsCategories = (meetingId: string) =>
  useQuery({
    queryKey: ['categories', 'news', meetingId],
    queryFn: () =>
      api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type: 'news' }), {
        query: { meeting_id: meetingId },
        limit: limits.maxList,
      }),
    staleTime: 300_000,
  });

const recordedViews = new Set<string>();

/**
 * Counts one read of a published news item per page visit: POST /meetings/{id}/content/views with
 * `news_id` (§7 Meetings; the client adds source_id and, when anonymous, the device id). Not urgent:
 * sent once the article is drawn; a failure is forgotten so the next visit counts.
 */
export function useRecordNewsView(meetingId: string, newsId: string | undefined, isPublished: boolean): void {
  useEffect(() => {
    if (!newsId || !isPublished) return;
    const key = `${meetingId}:${newsId}`;
    if (recordedViews.has(key)) return;
    recordedViews.add(key);
    api
      .post(fillPath<typeof recordContentView>('/meetings/:id/content/views', { id: meetingId }), {
        news_id: newsId,
      })
      .catch(() => recordedViews.delete(key));
  }, [meetingId, newsId, isPublished]);
}
