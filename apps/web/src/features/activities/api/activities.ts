import type {
  Activity,
  ActivitySource,
  listActivities,
  listActivitySources,
  recordActivityView,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

const listPath = contractPath<typeof listActivities>('/activities');

/** GET /activities: a meeting's shown activities with ticket types and totals (weight, then start). */
export const activitiesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['activities', 'list', meetingId],
    queryFn: () => api.list<Activity>(listPath, { meeting_id: meetingId, limit: 999, with_ticket_total: 1 }),
    staleTime: 30_000,
  });

export const useActivities = (meetingId: string) => useQuery(activitiesQueryOptions(meetingId));

/** One activity by `_id` from GET /activities (first item of a GET by `_id`), or null. */
export function fetchActivity(meetingId: string, activityId: string): Promise<Activity | null> {
  return api.one<Activity>(listPath, {
    meeting_id: meetingId,
    query: { _id: activityId },
    limit: 1,
    with_ticket_total: 1,
  });
}

/** The meeting of an activity named only by its id (§2 "from the item"): GET /activities by `_id`, no meeting. */
export async function fetchActivityMeetingId(activityId: string): Promise<string | undefined> {
  const activity = await api.one<Activity>(listPath, { query: { _id: activityId }, limit: 1 });
  return activity?.meeting_id.$id;
}

export const activityQueryOptions = (meetingId: string, activityId: string) =>
  queryOptions({
    queryKey: ['activities', 'detail', meetingId, activityId],
    queryFn: () => fetchActivity(meetingId, activityId),
    staleTime: 10_000,
  });

export const useActivity = (meetingId: string, activityId: string | undefined) =>
  useQuery({ ...activityQueryOptions(meetingId, activityId ?? ''), enabled: activityId !== undefined });

/** GET /activities/{id}/sources: registration channels with their limits (§3 Sources). */
export const useActivitySources = (activityId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: ['activities', 'sources', activityId],
    queryFn: () =>
      api.list<ActivitySource>(
        fillPath<typeof listActivitySources>('/activities/:id/sources', { id: activityId }),
      ),
    enabled: isEnabled,
    staleTime: 30_000,
  });

/**
 * POST /activities/{id}/views: counts a view (anonymous allowed); the client adds the stored source
 * (§7). Failures are ignored: a missed count must not disturb the page.
 */
export function recordView(activityId: string, sourceId: string | undefined): void {
  api
    .post(
      fillPath<typeof recordActivityView>('/activities/:id/views', { id: activityId }),
      sourceId ? { source_id: sourceId } : {},
    )
    .catch(() => {});
}
