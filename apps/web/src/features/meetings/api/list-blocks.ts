import type { Block, listBlocks } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** GET /meeting/blocks: the home page's sections, heaviest first. */
export function fetchBlocks(meetingId: string): Promise<Block[]> {
  return api.list<Block>(contractPath<typeof listBlocks>('/meeting/blocks'), {
    query: { meeting_id: meetingId },
    limit: limits.maxBlocks,
  });
}

export const blocksQueryOptions = (meetingId: string) =>
  queryOptions({ queryKey: ['blocks', meetingId], queryFn: () => fetchBlocks(meetingId), staleTime: 60_000 });

/** The released home blocks; `isEnabled` false when the page shows other blocks (a draft preview). */
export const useBlocks = (meetingId: string, isEnabled = true) =>
  useQuery({ ...blocksQueryOptions(meetingId), enabled: isEnabled });
