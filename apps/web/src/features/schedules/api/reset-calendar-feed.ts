import type { CalendarFeed, resetCalendarFeed as resetCalendarFeedRoute } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import { calendarFeedKey } from './calendar-feed.ts';

const path = contractPath<typeof resetCalendarFeedRoute>('/meeting/schedules/calendar');

/**
 * POST /meeting/schedules/calendar (beyond the spec): replaces the feed's secret; the old address stops
 * working at once. Answers the new CalendarFeed. 401 login.required.
 */
export function resetCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>(path);
}

/** Resets the feed and puts the new address in the cache. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
