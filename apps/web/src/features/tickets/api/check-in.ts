import type { approveTicket, CheckInResult, countTickets, listTickets, Ticket } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * Staff look-up of a scanned or typed code: GET /tickets?meeting_id&code= (§7 Tickets). 403
 * no_permission when the caller is not on the meeting's staff list; 404 not_found for an unknown code
 * (an empty answer is treated the same).
 */
export async function lookUpTicket(meetingId: string, code: string): Promise<Ticket> {
  const found = await api.list<Ticket>(contractPath<typeof listTickets>('/tickets'), {
    meeting_id: meetingId,
    code,
    limit: 1,
  });
  const ticket = found[0];
  if (!ticket) throw new ApiError(404, 'not_found', 'ticket not found');
  return ticket;
}

/** Attempts of one check-in call when the network fails (the same scan_key each time). */
const approveAttempts = 3;

/**
 * PUT /tickets/{id}/approve {code, scan_key}: checks the ticket in (§4 'check-in by an approve call').
 * `scanKey` is one UUID per scan: on a network error the call is sent again with the SAME key, so the
 * server checks in once and answers the first result. Errors: 403 no_permission, 404 not_found, 409
 * checkin.not_approved.
 */
export async function checkInTicket(ticketId: string, code: string, scanKey: string): Promise<CheckInResult> {
  const path = fillPath<typeof approveTicket>('/tickets/:id/approve', { id: ticketId });
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.put<CheckInResult>(path, { code, scan_key: scanKey });
    } catch (error) {
      const isNetwork = error instanceof ApiError && error.status === 0;
      if (!isNetwork || attempt >= approveAttempts) throw error;
      await new Promise((done) => setTimeout(done, 400 * attempt));
    }
  }
}

export type CheckInCounts = { checkedIn: number; notYet: number };

/**
 * GET /tickets/count?meeting_id&activity_id&checked_in=1 and =0 (staff): how many tickets of the
 * activity are checked in and how many are still to come.
 */
export async function fetchCheckInCounts(meetingId: string, activityId: string): Promise<CheckInCounts> {
  const path = contractPath<typeof countTickets>('/tickets/count');
  const query = { meeting_id: meetingId, activity_id: activityId };
  const [checkedIn, notYet] = await Promise.all([
    api.get<{ total: number }>(path, { ...query, checked_in: 1 }),
    api.get<{ total: number }>(path, { ...query, checked_in: 0 }),
  ]);
  return { checkedIn: checkedIn.total, notYet: notYet.total };
}

export const checkInCountsQueryOptions = (meetingId: string, activityId: string) =>
  queryOptions({
    queryKey: ['tickets', 'check-in-counts', meetingId, activityId],
    queryFn: () => fetchCheckInCounts(meetingId, activityId),
    refetchInterval: 30_000,
    retry: (failureCount, error) => failureCount < 2 && (error as { status?: number }).status !== 403,
  });

export const useCheckInCounts = (meetingId: string, activityId: string | undefined) =>
  useQuery({ ...checkInCountsQueryOptions(meetingId, activityId ?? ''), enabled: activityId !== undefined });
