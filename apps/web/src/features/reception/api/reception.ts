import type {
  getReceptionGuestHistory,
  queryReceptionGuest,
  ReceptionGuestSelf,
  ReceptionHistoryItem,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';

const queryPath = contractPath<typeof queryReceptionGuest>('/reception/query');

/** GET /reception/guests/{id}/history (§4): who changed what, applied or stale; refreshed with the desk. */
export function useGuestHistory(guestId: string, version: number) {
  return useQuery({
    queryKey: ['reception', 'history', guestId, version],
    queryFn: () =>
      api.list<ReceptionHistoryItem>(
        fillPath<typeof getReceptionGuestHistory>('/reception/guests/:id/history', { id: guestId }),
      ),
    enabled: guestId !== '',
    placeholderData: (previous) => previous,
  });
}

/**
 * GET /reception/query (§2 /query/guest, §6): the caller's own guest records — by `code`, or without
 * it by the account's phone or e-mail. 404 reception.guest_not_found answers an empty list here.
 */
export function useSelfQuery(meetingId: string, code: string | undefined) {
  return useQuery({
    queryKey: ['reception', 'self', meetingId, code ?? ''],
    queryFn: async () => {
      try {
        return await api.list<ReceptionGuestSelf>(queryPath, {
          meeting_id: meetingId,
          code: code || undefined,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 429) && count < 2,
  });
}
