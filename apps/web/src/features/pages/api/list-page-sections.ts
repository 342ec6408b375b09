import type { Category, listCategories } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** GET /page_section/categories (§7 Categories): the meeting's page sections, heaviest first. */
export function fetchPageSections(meetingId: string): Promise<Category[]> {
  return api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type: 'page_section' }), {
    query: { meeting_id: meetingId },
    limit: limits.maxList,
  });
}

export const pageSectionsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['categories', 'page_section', meetingId],
    queryFn: () => fetchPageSections(meetingId),
    staleTime: 60_000,
  });

export const usePageSections = (meetingId: string) => useQuery(pageSectionsQueryOptions(meetingId));
