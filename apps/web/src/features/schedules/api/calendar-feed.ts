import type { CalendarFeed, getCalendarFeed } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof getCalendarFeed>('/meeting/schedules/calendar');

/**
 * GET /meeting/schedules/calendar (beyond the spec): the caller's private iCalendar feed address
 * (`url` https, `webcal_url` for phones), created on the first call. 401 login.required.
 */
export function fetchCalendarFeed(): Promise<CalendarFeed> {
  return api.get<CalendarFeed>(path);
}

export const calendarFeedKey = ['schedules', 'calendar'] as const;

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedKey, queryFn: fetchCalendarFeed, staleTime: 5 * 60_000 });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());
