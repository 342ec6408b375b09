import type { Category, listCategories } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** GET /speaker/categories of the meeting (the filter chips; none → no filter). */
export function fetchSpeakerCategories(meetingId: string): Promise<Category[]> {
  return api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type: 'speaker' }), {
    query: { meeting_id: meetingId },
    limit: limits.maxList,
  });
}

export const useSpeakerCategories = (meetingId: string) =>
  useQuery({
    queryKey: ['categories', 'speaker', meetingId],
    queryFn: () => fetchSpeakerCategories(meetingId),
    staleTime: 300_000,
  });
