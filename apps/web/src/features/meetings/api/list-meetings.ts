import type { listMeetings, Meeting } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listMeetings>('/demand/meetings');

/** GET /demand/meetings by `_id`: the meeting, or null when there is none. */
export function fetchMeeting(meetingId: string): Promise<Meeting | null> {
  return api.one<Meeting>(path, { query: { _id: meetingId }, limit: 1 });
}

/** GET /demand/meetings by domain: the domain's default meeting (§2), or null. */
export async function fetchDomainMeeting(domain: string): Promise<Meeting | null> {
  const meetings = await api.list<Meeting>(path, { query: { domain }, limit: 1 });
  return meetings[0] ?? null;
}

export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['meetings', 'detail', meetingId],
    queryFn: () => fetchMeeting(meetingId),
    staleTime: 60_000,
  });

export const domainMeetingQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['meetings', 'domain', domain],
    queryFn: () => fetchDomainMeeting(domain),
    staleTime: 300_000,
  });
