import type { listSpeakers, Speaker } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

export const speakerPageSize = 60;
const path = contractPath<typeof listSpeakers>('/meeting/speakers');

export type SpeakerFilter = {
  meetingId: string;
  keyword?: string | undefined;
  categoryId?: string | undefined;
};

export function fetchSpeakers(
  filter: SpeakerFilter,
  page: { limit: number; skip: number },
): Promise<Speaker[]> {
  return api.list<Speaker>(path, {
    query: { meeting_id: filter.meetingId, ...(filter.categoryId ? { category_id: filter.categoryId } : {}) },
    keyword: filter.keyword || undefined,
    limit: page.limit,
    skip: page.skip,
  });
}

export const speakersInfiniteQueryOptions = (filter: SpeakerFilter) =>
  infiniteQueryOptions({
    queryKey: ['speakers', 'list', filter.meetingId, filter.categoryId ?? '', filter.keyword ?? ''],
    queryFn: ({ pageParam }) => fetchSpeakers(filter, { limit: speakerPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < speakerPageSize ? undefined : pages.length * speakerPageSize,
    staleTime: 60_000,
  });

export const useSpeakerPages = (filter: SpeakerFilter) =>
  useInfiniteQuery(speakersInfiniteQueryOptions(filter));

/** A few speakers for the home block. */
export const useFeaturedSpeakers = (meetingId: string, limit: number) =>
  useQuery({
    queryKey: ['speakers', 'featured', meetingId, limit],
    queryFn: () => fetchSpeakers({ meetingId }, { limit, skip: 0 }),
    staleTime: 60_000,
  });

/** The meeting of a speaker, from GET /meeting/speakers by `_id` (for links that lack meeting_id). */
export async function fetchSpeakerMeetingId(speakerId: string): Promise<string | undefined> {
  const speaker = await api.one<Speaker>(path, { query: { _id: speakerId }, limit: 1 });
  return speaker?.meeting_id.$id;
}
