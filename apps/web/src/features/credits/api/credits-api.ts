import type {
  ActivityCredits,
  claimUnionCode,
  getActivityCredits,
  listMyUnionCodes,
  MyUnionCode,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/**
 * Calls of a participant's credits and union codes (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode, GET /activity/unioncodes), typed from credits.contracts.ts.
 */

const creditsKey = (activityId: string) => ['credits', activityId] as const;
const codesKey = (activityId: string) => ['credits', activityId, 'unioncodes'] as const;

/** GET /activities/{id}/credits: what the activity awards and the caller's tickets' standing. */
export function useActivityCredits(activityId: string) {
  return useQuery({
    queryKey: creditsKey(activityId),
    queryFn: () =>
      api.get<ActivityCredits>(
        fillPath<typeof getActivityCredits>('/activities/:id/credits', { id: activityId }),
      ),
    // A ticket checked in meanwhile shows its credits when the page regains focus.
    refetchOnWindowFocus: true,
  });
}

/** GET /activity/unioncodes?activity_id: the codes the caller's tickets of the activity hold. */
export function useMyUnionCodes(activityId: string) {
  return useQuery({
    queryKey: codesKey(activityId),
    queryFn: () =>
      api.list<MyUnionCode>(contractPath<typeof listMyUnionCodes>('/activity/unioncodes'), {
        activity_id: activityId,
      }),
  });
}

/** PUT /activity/attendees/unioncode: enters a code on a ticket; refreshes the caller's codes. */
export function useClaimUnionCode(activityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; code: string }) =>
      api.put<{ code: MyUnionCode }>(contractPath<typeof claimUnionCode>('/activity/attendees/unioncode'), {
        ticket_id: input.ticketId,
        code: input.code,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: codesKey(activityId) }),
  });
}

/** The certificate's API path (without /api) for downloadFile. */
export function certificatePath(activityId: string, ticketId: string, language: string): string {
  return `/activities/${activityId}/credits/certificate?ticket_id=${ticketId}&lang=${language}`;
}
