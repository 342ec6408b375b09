import type { listMeetingSchedules, ScheduleEntry } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof listMeetingSchedules>('/meeting/schedules');

/** More slots than one exhibitor publishes for a meeting. */
const slotLimit = 200;

/**
 * GET /meeting/schedules?meeting_id&enterprise_id&kind=slot&history=0: the bookable slots an
 * exhibitor published that are still ahead, soonest first, each with `is_booked` (§7 Meetings). 401
 * login.required.
 */
export function fetchEnterpriseSlots(meetingId: string, enterpriseId: string): Promise<ScheduleEntry[]> {
  return api.list<ScheduleEntry>(path, {
    meeting_id: meetingId,
    enterprise_id: enterpriseId,
    kind: 'slot',
    history: '0',
    limit: slotLimit,
  });
}

export const enterpriseSlotsQueryOptions = (meetingId: string, enterpriseId: string) =>
  queryOptions({
    queryKey: ['schedules', 'slots', meetingId, enterpriseId],
    queryFn: () => fetchEnterpriseSlots(meetingId, enterpriseId),
    // Another visitor may take a slot any moment: always fetched again on a visit.
    staleTime: 0,
  });

export const useEnterpriseSlots = (meetingId: string, enterpriseId: string | undefined, enabled: boolean) =>
  useQuery({
    ...enterpriseSlotsQueryOptions(meetingId, enterpriseId ?? ''),
    enabled: enabled && enterpriseId !== undefined,
  });
