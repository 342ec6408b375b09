import type { listMeetingSchedules, ScheduleEntry } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listMeetingSchedules>('/meeting/schedules');

/** Most entries a schedule screen lists (the contract's maximum page). */
export const scheduleListLimit = 200;

export type ScheduleFilter = {
  meetingId: string;
  /** 'user': the caller's own entries; 'exhibitor': the bound enterprise's (403 no_permission otherwise). */
  type: 'user' | 'exhibitor';
  /** Only slots or only accepted appointments; both when left out. */
  kind?: 'slot' | 'appointment';
  /** true: what has ended, latest first; false: what is ahead (or under way), soonest first. */
  isHistory: boolean;
  limit?: number;
};

/**
 * GET /meeting/schedules?meeting_id&type&kind&history&limit (§7 Meetings, §3 Schedule): schedule
 * entries (start/end unix seconds, wall-clock date/times in their own `timezone`). 401
 * login.required; 403 no_permission for type=exhibitor without an exhibitor binding.
 */
export function fetchSchedules(filter: ScheduleFilter): Promise<ScheduleEntry[]> {
  return api.list<ScheduleEntry>(path, {
    meeting_id: filter.meetingId,
    type: filter.type,
    kind: filter.kind,
    history: filter.isHistory ? '1' : '0',
    limit: filter.limit ?? scheduleListLimit,
  });
}

/** Query key prefix of every schedule list, to refresh them all after a change. */
export const schedulesKey = ['schedules', 'list'] as const;

export const schedulesQueryOptions = (filter: ScheduleFilter) =>
  queryOptions({
    queryKey: [...schedulesKey, filter],
    queryFn: () => fetchSchedules(filter),
    // An appointment accepted or cancelled elsewhere shows on the next visit.
    staleTime: 0,
    retry: (failureCount, error) => failureCount < 2 && (error as { status?: number }).status !== 403,
  });

/** Schedule entries for a screen; refetched when the tab comes back into view. */
export const useSchedules = (filter: ScheduleFilter, isEnabled = true) =>
  useQuery({ ...schedulesQueryOptions(filter), enabled: isEnabled, refetchOnWindowFocus: 'always' });
