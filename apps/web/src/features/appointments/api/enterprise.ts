import type { Enterprise, Exhibitor, listEnterprises, listExhibitors } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * The enterprise a request goes to, for the booking form's card: GET /enterprises by `_id` (name,
 * logo) and its exhibitor row in the meeting from GET /exhibitors (booth; null when it does not
 * exhibit here). Same query keys as the enterprise page, so coming from it shows the card at once.
 */
export function fetchEnterprise(enterpriseId: string): Promise<Enterprise | null> {
  return api.one<Enterprise>(contractPath<typeof listEnterprises>('/enterprises'), {
    query: { _id: enterpriseId },
    limit: 1,
  });
}

export const useBookedEnterprise = (enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['enterprises', 'detail', enterpriseId ?? ''],
    queryFn: () => fetchEnterprise(enterpriseId ?? ''),
    enabled: enterpriseId !== undefined,
    staleTime: 60_000,
  });

/** Its exhibitor row in the meeting (booth), or null when not exhibiting. */
export function fetchEnterpriseExhibitor(meetingId: string, enterpriseId: string): Promise<Exhibitor | null> {
  return api
    .list<Exhibitor>(contractPath<typeof listExhibitors>('/exhibitors'), {
      meeting_id: meetingId,
      query: { enterprise_id: enterpriseId },
      limit: 1,
    })
    .then((items) => items[0] ?? null);
}

export const useBookedExhibitor = (meetingId: string, enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['exhibitors', 'of-enterprise', meetingId, enterpriseId ?? ''],
    queryFn: () => fetchEnterpriseExhibitor(meetingId, enterpriseId ?? ''),
    enabled: enterpriseId !== undefined,
    staleTime: 60_000,
  });
