import type {
  ConsoleNewsCategory,
  ConsoleNewsDetail,
  ConsoleNewsFields,
  ConsoleNewsSummary,
  createConsoleNews,
  createConsoleNewsCategory,
  deleteConsoleNews,
  deleteConsoleNewsCategory,
  getConsoleNews,
  listConsoleNews,
  listConsoleNewsCategories,
  NewsStatus,
  setConsoleNewsStatus,
  updateConsoleNews,
  updateConsoleNewsCategory,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/**
 * The console's news calls (DESIGN §7), typed from packages/contracts console-news.contracts.ts.
 * Writes of an item send the `version` they read and fail with 409 conflict.stale when someone saved
 * in between; every call fails with 403 no_permission for a role without news.edit.
 */

/** Query keys of this area, all under ['console', 'news', meetingId]. */
export const consoleNewsKeys = {
  all: (meetingId: string) => ['console', 'news', meetingId] as const,
  list: (meetingId: string) => ['console', 'news', meetingId, 'list'] as const,
  item: (meetingId: string, id: string) => ['console', 'news', meetingId, 'item', id] as const,
  categories: (meetingId: string) => ['console', 'news', meetingId, 'categories'] as const,
};

const item = (meetingId: string, id: string) => ({ meeting_id: meetingId, id });

/** GET …/news: the items and the meeting's enabled languages. */
export const newsListQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleNewsKeys.list(meetingId),
    queryFn: () =>
      api.get<{ items: ConsoleNewsSummary[]; languages: string[] }>(
        fillPath<typeof listConsoleNews>('/console/meetings/:meeting_id/news', { meeting_id: meetingId }),
      ),
  });

/** GET …/news/{id}: one item for the editor (bodies as RichTextWire). */
export const newsItemQueryOptions = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: consoleNewsKeys.item(meetingId, id),
    queryFn: () =>
      api.get<ConsoleNewsDetail>(
        fillPath<typeof getConsoleNews>('/console/meetings/:meeting_id/news/:id', item(meetingId, id)),
      ),
    // The editor holds its own draft: never refetch under it (the version would move on silently).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** POST …/news: a new draft. */
export function createNews(meetingId: string, body: ConsoleNewsFields): Promise<ConsoleNewsDetail> {
  return api.post(
    fillPath<typeof createConsoleNews>('/console/meetings/:meeting_id/news', { meeting_id: meetingId }),
    bracketBody(body as Record<string, NestedValue>),
  );
}

/** PUT …/news/{id}: saves the fields read at `version` (409 conflict.stale when someone saved meanwhile). */
export function updateNews(
  meetingId: string,
  id: string,
  body: ConsoleNewsFields & { version: number },
): Promise<ConsoleNewsDetail> {
  return api.put(
    fillPath<typeof updateConsoleNews>('/console/meetings/:meeting_id/news/:id', item(meetingId, id)),
    bracketBody(body as Record<string, NestedValue>),
  );
}

/** POST …/news/{id}/status: publish now, schedule (`publish_at`, unix seconds) or unpublish. */
export function setNewsStatus(
  meetingId: string,
  id: string,
  body: { version: number; status: NewsStatus; publish_at?: number },
): Promise<ConsoleNewsDetail> {
  return api.post(
    fillPath<typeof setConsoleNewsStatus>(
      '/console/meetings/:meeting_id/news/:id/status',
      item(meetingId, id),
    ),
    bracketBody(body as Record<string, NestedValue>),
  );
}

/** DELETE …/news/{id}?version=. */
export function deleteNews(meetingId: string, id: string, version: number): Promise<{ ok: 1 }> {
  return api.delete(
    `${fillPath<typeof deleteConsoleNews>('/console/meetings/:meeting_id/news/:id', item(meetingId, id))}?version=${version}`,
  );
}

/** GET …/news_categories. */
export const newsCategoriesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleNewsKeys.categories(meetingId),
    queryFn: () =>
      api.get<{ items: ConsoleNewsCategory[] }>(
        fillPath<typeof listConsoleNewsCategories>('/console/meetings/:meeting_id/news_categories', {
          meeting_id: meetingId,
        }),
      ),
  });

/** POST …/news_categories. */
export function createNewsCategory(
  meetingId: string,
  body: { title: string | Record<string, string>; weight: number },
): Promise<ConsoleNewsCategory> {
  return api.post(
    fillPath<typeof createConsoleNewsCategory>('/console/meetings/:meeting_id/news_categories', {
      meeting_id: meetingId,
    }),
    bracketBody(body as Record<string, NestedValue>),
  );
}

/** PUT …/news_categories/{id}. */
export function updateNewsCategory(
  meetingId: string,
  id: string,
  body: { title?: string | Record<string, string>; weight?: number },
): Promise<ConsoleNewsCategory> {
  return api.put(
    fillPath<typeof updateConsoleNewsCategory>(
      '/console/meetings/:meeting_id/news_categories/:id',
      item(meetingId, id),
    ),
    bracketBody(body as Record<string, NestedValue>),
  );
}

/** DELETE …/news_categories/{id}. */
export function deleteNewsCategory(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteConsoleNewsCategory>(
      '/console/meetings/:meeting_id/news_categories/:id',
      item(meetingId, id),
    ),
  );
}
