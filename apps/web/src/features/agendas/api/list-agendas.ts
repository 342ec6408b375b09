import type { Agenda, countLives, listAgendas } from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listAgendas>('/meeting/agendas');
const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** One day's sessions in one call: start in [dayStart, dayEnd), by start time, with their lives. */
export function fetchDayAgendas(meetingId: string, range: { start: number; end: number }): Promise<Agenda[]> {
  return api.list<Agenda>(path, {
    query: { meeting_id: meetingId, start: { $gte: toSeconds(range.start), $lt: toSeconds(range.end) } },
    sort: { start: 1 },
    limit: limits.maxList,
    // §7 with_lives=1: each session's shown lives, for its "Watch live" link.
    with_lives: 1,
  });
}

export const dayAgendasQueryOptions = (meetingId: string, range: { start: number; end: number }) =>
  queryOptions({
    queryKey: ['agendas', 'day', meetingId, range.start, range.end],
    queryFn: () => fetchDayAgendas(meetingId, range),
    staleTime: 60_000,
  });

export const useDayAgendas = (meetingId: string, range: { start: number; end: number } | undefined) =>
  useQuery({
    ...dayAgendasQueryOptions(meetingId, range ?? { start: 0, end: 0 }),
    enabled: range !== undefined,
  });

/**
 * Sessions for the home block: those not yet ended at `now` (the next ones), or — when the programme
 * is over — its first sessions.
 */
export async function fetchUpcomingAgendas(
  meetingId: string,
  now: number,
  limit: number,
): Promise<{ items: Agenda[]; isUpcoming: boolean }> {
  const upcoming = await api.list<Agenda>(path, {
    query: { meeting_id: meetingId, end: { $gt: toSeconds(now) } },
    sort: { start: 1 },
    limit,
  });
  if (upcoming.length > 0) return { items: upcoming, isUpcoming: true };
  const first = await api.list<Agenda>(path, { query: { meeting_id: meetingId }, sort: { start: 1 }, limit });
  return { items: first, isUpcoming: false };
}

export const useUpcomingAgendas = (meetingId: string, limit: number) => {
  // Rounded to the minute so the query key stays stable between renders.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return useQuery({
    queryKey: ['agendas', 'upcoming', meetingId, limit, now],
    queryFn: () => fetchUpcomingAgendas(meetingId, now, limit),
    staleTime: 60_000,
  });
};

/** GET /lives/count (§7 Lives, public): whether the meeting has lives, for the schedule's link to them. */
export const useLiveCount = (meetingId: string) =>
  useQuery({
    queryKey: ['lives', 'count', meetingId],
    queryFn: () =>
      api.get<{ total: number }>(contractPath<typeof countLives>('/lives/count'), { meeting_id: meetingId }),
    staleTime: 300_000,
  });
