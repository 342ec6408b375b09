import type { listMeetings, Meeting } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listMeetings>('/demand/meetings');

/** GET /demand/meetings by `_id`: the meeting, or null when there is none. */
export function fetchMeeting(meetingId: string): Promise<Meeting | null> {
  return api.one<Meeting>(path, { query: { _id: meetingId }, limit: 1 });
}

/** How many public meetings the landing pages consider (the chooser lists them). */
export const publicMeetingsLimit = 100;

/**
 * GET /demand/meetings?domain=…&fallback=public: the domain's default meeting (§2) as a one-item
 * list, or — when no meeting has that domain — the public meetings, newest start first (up to
 * `publicMeetingsLimit`). A result whose `domain` is the asked one is the domain default.
 */
export function fetchDomainMeetings(domain: string): Promise<Meeting[]> {
  return api.list<Meeting>(path, { domain, fallback: 'public', limit: publicMeetingsLimit });
}

export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['meetings', 'detail', meetingId],
    queryFn: () => fetchMeeting(meetingId),
    staleTime: 60_000,
  });

/** The domain's meetings for the landing pages and the meeting chooser (one cache entry per host). */
export const domainMeetingsQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['meetings', 'domain', domain.toLowerCase()],
    queryFn: () => fetchDomainMeetings(domain.toLowerCase()),
    staleTime: 300_000,
  });
