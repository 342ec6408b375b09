import type { countAppointments } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * GET /appointments/count?meeting_id&type=enterprise&pending=1: how many meeting requests to the
 * caller's enterprise wait for an answer (status 0 with an end still ahead, §4) — the badge beside
 * 'Meeting requests' on the manage page. 403 no_permission without a binding. The key sits under
 * ['appointments'], so answering a request refreshes it.
 */
export function fetchPendingEnterpriseRequests(meetingId: string): Promise<number> {
  return api
    .get<{ total: number }>(contractPath<typeof countAppointments>('/appointments/count'), {
      meeting_id: meetingId,
      type: 'enterprise',
      pending: '1',
    })
    .then((answer) => answer.total);
}

export const usePendingEnterpriseRequests = (meetingId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['appointments', 'count', meetingId, 'enterprise', 'pending'],
    queryFn: () => fetchPendingEnterpriseRequests(meetingId),
    enabled,
    staleTime: 0,
  });
