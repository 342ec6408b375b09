import type { Category, listCategories } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { useQuery } from '@tanstack/react-query';
import { api, fillPath } from './api.ts';

/** The pavilion's filter dimensions: industries and exhibitor groups (§7 Categories). */
export type PavilionCategoryType = 'industry' | 'exhibitor_group';

/** GET /industry/categories or /exhibitor_group/categories of the meeting, heaviest first. */
export function fetchPavilionCategories(meetingId: string, type: PavilionCategoryType): Promise<Category[]> {
  return api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type }), {
    query: { meeting_id: meetingId },
    limit: limits.maxList,
  });
}

/** The query of a pavilion filter's categories (5 min fresh), for the pavilion and its prefetch. */
export const pavilionCategoriesOptions = (meetingId: string, type: PavilionCategoryType) => ({
  queryKey: ['categories', type, meetingId],
  queryFn: () => fetchPavilionCategories(meetingId, type),
  staleTime: 300_000,
});

/** The meeting's industries or exhibitor groups, the pavilion's filter chips. */
export const usePavilionCategories = (meetingId: string, type: PavilionCategoryType) =>
  useQuery(pavilionCategoriesOptions(meetingId, type));
