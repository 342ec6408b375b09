import type { Exhibitor, listExhibitors, searchExhibitors } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Exhibitors per page of the pavilion and its search. */
export const exhibitorPageSize = 20;
const listPath = contractPath<typeof listExhibitors>('/exhibitors');
const searchPath = contractPath<typeof searchExhibitors>('/exhibitors/search');

export type ExhibitorFilter = {
  meetingId: string;
  industryId?: string | undefined;
  groupId?: string | undefined;
  /** Set: GET /exhibitors/search (best match first, with highlights); unset: GET /exhibitors. */
  keyword?: string | undefined;
};

/**
 * One page of the pavilion: GET /exhibitors (weight then created, descending, §9) or, with a keyword,
 * GET /exhibitors/search; both filtered by industry and exhibitor group.
 */
export function fetchExhibitors(filter: ExhibitorFilter, skip: number): Promise<Exhibitor[]> {
  const query = {
    meeting_id: filter.meetingId,
    industry_category_id: filter.industryId,
    exhibitor_group_category_id: filter.groupId,
    limit: exhibitorPageSize,
    skip,
  };
  return filter.keyword
    ? api.list<Exhibitor>(searchPath, { ...query, keyword: filter.keyword })
    : api.list<Exhibitor>(listPath, query);
}

export const exhibitorPagesOptions = (filter: ExhibitorFilter) =>
  infiniteQueryOptions({
    queryKey: [
      'exhibitors',
      'list',
      filter.meetingId,
      filter.industryId ?? '',
      filter.groupId ?? '',
      filter.keyword ?? '',
    ],
    queryFn: ({ pageParam }) => fetchExhibitors(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < exhibitorPageSize ? undefined : pages.length * exhibitorPageSize,
    staleTime: 60_000,
  });

export const useExhibitorPages = (filter: ExhibitorFilter, enabled = true) =>
  useInfiniteQuery({ ...exhibitorPagesOptions(filter), enabled });
