import type { countTickets, listTickets, Ticket } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Names the participant list shows at most (the server's page limit; the count says how many in all). */
const participantsLimit = 200;

export type Participants = { total: number; tickets: Ticket[] };

/**
 * GET /tickets?participants=1&activity_id and GET /tickets/count with the same filter: the approved
 * tickets of an activity with masked names, and how many there are (§2 activity/tickets). Only the
 * activity's registered participants may see it: 403 no_permission otherwise (not a logout).
 */
export async function fetchParticipants(meetingId: string, activityId: string): Promise<Participants> {
  const query = { meeting_id: meetingId, activity_id: activityId, participants: 1 };
  const [tickets, count] = await Promise.all([
    api.list<Ticket>(contractPath<typeof listTickets>('/tickets'), { ...query, limit: participantsLimit }),
    api.get<{ total: number }>(contractPath<typeof countTickets>('/tickets/count'), query),
  ]);
  return { total: Math.max(count.total, tickets.length), tickets };
}

export const participantsQueryOptions = (meetingId: string, activityId: string) =>
  queryOptions({
    queryKey: ['tickets', 'participants', meetingId, activityId],
    queryFn: () => fetchParticipants(meetingId, activityId),
    staleTime: 30_000,
    // A refusal is an answer, not a hiccup: do not retry it.
    retry: (failureCount, error) => failureCount < 2 && (error as { status?: number }).status !== 403,
  });

export const useParticipants = (meetingId: string, activityId: string | undefined) =>
  useQuery({ ...participantsQueryOptions(meetingId, activityId ?? ''), enabled: activityId !== undefined });
