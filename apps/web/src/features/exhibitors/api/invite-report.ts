import type { getEnterpriseInvites, InviteReport } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * GET /enterprises/{id}/invites?meeting_id (§7): the visitors and registrations the exhibitor's
 * invitation poster brought — for the exhibitor bound to that enterprise (403 otherwise).
 */
export function fetchInviteReport(enterpriseId: string, meetingId: string): Promise<InviteReport> {
  return api.get<InviteReport>(
    fillPath<typeof getEnterpriseInvites>('/enterprises/:id/invites', { id: enterpriseId }),
    { meeting_id: meetingId },
  );
}

export const useInviteReport = (enterpriseId: string, meetingId: string) =>
  useQuery({
    queryKey: ['enterprise-invites', enterpriseId, meetingId],
    queryFn: () => fetchInviteReport(enterpriseId, meetingId),
    staleTime: 30_000,
  });
