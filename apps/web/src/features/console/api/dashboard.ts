import type { ConsoleDashboard, getConsoleDashboard } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * GET /console/meetings/{meeting_id}/dashboard (DESIGN §7): the meeting's figures; `days` of the
 * per-day series (1–366), dated in the meeting's time zone. 403 no_permission without dashboard.read.
 */
export const dashboardQueryOptions = (meetingId: string, days: number) =>
  queryOptions({
    queryKey: ['console', 'dashboard', meetingId, days],
    queryFn: () =>
      api.get<ConsoleDashboard>(
        fillPath<typeof getConsoleDashboard>('/console/meetings/:meeting_id/dashboard', {
          meeting_id: meetingId,
        }),
        { days },
      ),
    staleTime: 30_000,
  });
