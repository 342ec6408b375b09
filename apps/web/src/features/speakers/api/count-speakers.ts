import type { countSpeakers } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import type { SpeakerFilter } from './list-speakers.ts';

export function fetchSpeakerCount(filter: SpeakerFilter): Promise<number> {
  return api
    .get<{ total: number }>(contractPath<typeof countSpeakers>('/meeting/speakers/count'), {
      query: {
        meeting_id: filter.meetingId,
        ...(filter.categoryId ? { category_id: filter.categoryId } : {}),
      },
      keyword: filter.keyword || undefined,
    })
    .then((answer) => answer.total);
}

export const useSpeakerCount = (filter: SpeakerFilter) =>
  useQuery({
    queryKey: ['speakers', 'count', filter.meetingId, filter.categoryId ?? '', filter.keyword ?? ''],
    queryFn: () => fetchSpeakerCount(filter),
    staleTime: 60_000,
  });
