import type { Product, searchProducts } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

export const productPageSize = 20;
const path = contractPath<typeof searchProducts>('/enterprise/products/search');

/** One page of GET /enterprise/products/search in the meeting: best match first, with highlights. */
export function fetchProductMatches(meetingId: string, keyword: string, skip: number): Promise<Product[]> {
  return api.list<Product>(path, { meeting_id: meetingId, keyword, limit: productPageSize, skip });
}

export const useProductMatches = (meetingId: string, keyword: string | undefined) =>
  useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['products', 'search', meetingId, keyword ?? ''],
      queryFn: ({ pageParam }) => fetchProductMatches(meetingId, keyword ?? '', pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.length < productPageSize ? undefined : pages.length * productPageSize,
      staleTime: 60_000,
    }),
    enabled: Boolean(keyword),
  });
