import type { listTickets, Ticket } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listTickets>('/tickets');

/** Most tickets one person holds in a meeting that the lists show. */
const myTicketsLimit = 200;

/**
 * GET /tickets?meeting_id&with_activity=1: the caller's tickets in the meeting (and those of groups
 * they lead), newest first, each with its activity embedded (§7 Tickets). 401 login.required.
 */
export function fetchMyTickets(meetingId: string): Promise<Ticket[]> {
  return api.list<Ticket>(path, { meeting_id: meetingId, with_activity: 1, limit: myTicketsLimit });
}

export const myTicketsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['tickets', 'mine', meetingId],
    queryFn: () => fetchMyTickets(meetingId),
    // Shown from the cache at once, then fetched again on every visit: a registration made on
    // another page (or a check-in at the door) shows without waiting.
    staleTime: 0,
  });

/**
 * The caller's tickets. `refetchOnWindowFocus`: a ticket checked in while the holder showed it
 * elsewhere shows it when they come back to the page.
 */
export const useMyTickets = (meetingId: string) =>
  useQuery({ ...myTicketsQueryOptions(meetingId), refetchOnWindowFocus: 'always' });
