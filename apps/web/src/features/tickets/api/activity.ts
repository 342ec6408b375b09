import type { Activity, listActivities } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * The activity with this id from GET /activities (first item of a GET by `_id`; private and hidden
 * ones are found by id too), or null: the title of the check-in and participant pages.
 */
export function fetchActivity(meetingId: string, activityId: string): Promise<Activity | null> {
  return api.one<Activity>(contractPath<typeof listActivities>('/activities'), {
    meeting_id: meetingId,
    query: { _id: activityId },
    limit: 1,
  });
}

export const activityQueryOptions = (meetingId: string, activityId: string) =>
  queryOptions({
    queryKey: ['tickets', 'activity', meetingId, activityId],
    queryFn: () => fetchActivity(meetingId, activityId),
    staleTime: 60_000,
  });

export const useTicketActivity = (meetingId: string, activityId: string | undefined) =>
  useQuery({ ...activityQueryOptions(meetingId, activityId ?? ''), enabled: activityId !== undefined });
