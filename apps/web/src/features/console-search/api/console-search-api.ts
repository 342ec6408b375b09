import type {
  ConsoleSearchOverview,
  getConsoleSearch,
  rebuildConsoleSearch,
  SearchRebuild,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's search calls (DESIGN §7), typed from packages/contracts search.contracts.ts: the
 * overview (dashboard.read) and the index rebuild (meeting.update; 403 no_permission otherwise).
 */
export const consoleSearchKeys = {
  overview: (meetingId: string) => ['console', 'search', meetingId] as const,
};

/** The overview; refreshed every 2 s while a rebuild is queued or running (its progress bar). */
export const searchOverviewQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleSearchKeys.overview(meetingId),
    queryFn: () =>
      api.get<ConsoleSearchOverview>(
        fillPath<typeof getConsoleSearch>('/console/meetings/:meeting_id/search', { meeting_id: meetingId }),
      ),
    refetchInterval: (query) => {
      const status = query.state.data?.rebuild?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });

/** POST …/search/rebuild: queues the rebuild job; answers its state. */
export const requestRebuild = (meetingId: string) =>
  api.post<SearchRebuild>(
    fillPath<typeof rebuildConsoleSearch>('/console/meetings/:meeting_id/search/rebuild', {
      meeting_id: meetingId,
    }),
  );
