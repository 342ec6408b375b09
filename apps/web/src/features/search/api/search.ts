import type {
  clearRecentSearchKeywords,
  HotKeyword,
  listHotSearchKeywords,
  listRecentSearchKeywords,
  RecentKeyword,
  recordSearchKeyword,
  SearchGroup,
  SearchItemType,
  searchMeeting,
} from '@app/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const searchPath = contractPath<typeof searchMeeting>('/meeting/search');
const keywordsPath = contractPath<typeof recordSearchKeyword>('/search_keywords');
const recentPath = contractPath<typeof listRecentSearchKeywords>('/search_keywords/recent');
const clearRecentPath = contractPath<typeof clearRecentSearchKeywords>('/search_keywords/recent');
const hotPath = contractPath<typeof listHotSearchKeywords>('/search_keywords/hot');

/** Results a "more" page of one type asks for. */
export const morePageSize = 20;

/** GET /meeting/search: the groups of a keyword (5 results each), in type order (§2 /meeting/search). */
export const searchQueryOptions = (meetingId: string, keyword: string) =>
  queryOptions({
    queryKey: ['search', meetingId, keyword],
    queryFn: () => api.list<SearchGroup>(searchPath, { meeting_id: meetingId, keyword }),
    staleTime: 30_000,
    enabled: keyword !== '',
  });

export const useSearch = (meetingId: string, keyword: string) =>
  useQuery(searchQueryOptions(meetingId, keyword));

/** One type's further results ("more"), 20 at a time after the 5 the group shows. */
export const moreResultsOptions = (meetingId: string, keyword: string, type: SearchItemType, shown: number) =>
  infiniteQueryOptions({
    queryKey: ['search', meetingId, keyword, type, 'more'],
    queryFn: async ({ pageParam }) => {
      const groups = await api.list<SearchGroup>(searchPath, {
        meeting_id: meetingId,
        keyword,
        type,
        limit: morePageSize,
        skip: pageParam,
      });
      return groups[0]?.items ?? [];
    },
    initialPageParam: shown,
    getNextPageParam: (last, pages) =>
      last.length < morePageSize ? undefined : shown + pages.length * morePageSize,
    staleTime: 30_000,
  });

export const useMoreResults = (
  meetingId: string,
  keyword: string,
  type: SearchItemType,
  shown: number,
  isOn: boolean,
) => useInfiniteQuery({ ...moreResultsOptions(meetingId, keyword, type, shown), enabled: isOn });

/** The caller's recent keywords (their user, or this device, §7). */
export const useRecentKeywords = (meetingId: string) =>
  useQuery({
    queryKey: ['search', 'recent', meetingId],
    queryFn: () => api.list<RecentKeyword>(recentPath, { meeting_id: meetingId }),
    staleTime: 30_000,
  });

/** The meeting's hot keywords of the last 7 days. */
export const useHotKeywords = (meetingId: string) =>
  useQuery({
    queryKey: ['search', 'hot', meetingId],
    queryFn: () => api.list<HotKeyword>(hotPath, { meeting_id: meetingId }),
    staleTime: 300_000,
  });

/** POST /search_keywords: logs a search (the client fills user_id with the device id, §7). */
export function useRecordKeyword(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyword: string) => api.post(keywordsPath, { meeting_id: meetingId, keyword, user_id: '' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['search', 'recent', meetingId] }),
  });
}

/** DELETE /search_keywords/recent: forgets one recent keyword, or all of them. */
export function useClearRecent(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyword: string | undefined) => {
      const query = new URLSearchParams({ meeting_id: meetingId, ...(keyword ? { keyword } : {}) });
      return api.delete(`${clearRecentPath}?${query}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['search', 'recent', meetingId] }),
  });
}
