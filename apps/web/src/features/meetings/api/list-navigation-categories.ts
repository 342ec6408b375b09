import type { Category, listCategories } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** GET /navigation/categories: the home entries (at most 20, heaviest first). */
export function fetchNavigationCategories(meetingId: string): Promise<Category[]> {
  return api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type: 'navigation' }), {
    query: { meeting_id: meetingId },
    limit: limits.maxNavigationCategories,
  });
}

export const navigationCategoriesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['categories', 'navigation', meetingId],
    queryFn: () => fetchNavigationCategories(meetingId),
    staleTime: 60_000,
  });

export const useNavigationCategories = (meetingId: string) =>
  useQuery(navigationCategoriesQueryOptions(meetingId));
