import type { Appointment, AppointmentListQuerystring, listAppointments } from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import type { AppointmentTab } from '../components/appointment-view.ts';
import { tabQuery } from '../components/appointment-view.ts';

const path = contractPath<typeof listAppointments>('/appointments');

/** One page of the lists (load more). */
export const appointmentPageSize = 20;

/** Whose requests: those the caller sent, or those to the enterprise they are bound to. */
export type AppointmentSide = NonNullable<AppointmentListQuerystring['type']>;

/**
 * GET /appointments?meeting_id&type&(status|pending)&limit&skip: one page of the caller's
 * appointments, soonest first (§7 Appointments). 401 login.required; 403 no_permission for
 * type=enterprise without a binding.
 */
export function fetchAppointments(
  filter: { meetingId: string; side: AppointmentSide; tab: AppointmentTab },
  page: { limit: number; skip: number },
): Promise<Appointment[]> {
  return api.list<Appointment>(path, {
    meeting_id: filter.meetingId,
    type: filter.side,
    ...tabQuery(filter.tab),
    limit: page.limit,
    skip: page.skip,
  });
}

export const appointmentPagesOptions = (filter: {
  meetingId: string;
  side: AppointmentSide;
  tab: AppointmentTab;
}) =>
  infiniteQueryOptions({
    queryKey: ['appointments', 'list', filter.meetingId, filter.side, filter.tab],
    queryFn: ({ pageParam }) => fetchAppointments(filter, { limit: appointmentPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < appointmentPageSize ? undefined : pages.length * appointmentPageSize,
    staleTime: 0,
  });

/** The pages of one list tab; an exhibitor's answer shows when the requester comes back to the page. */
export const useAppointmentPages = (
  filter: { meetingId: string; side: AppointmentSide; tab: AppointmentTab },
  enabled = true,
) => useInfiniteQuery({ ...appointmentPagesOptions(filter), enabled, refetchOnWindowFocus: 'always' });

/**
 * GET /appointments?meeting_id&_id: one appointment when the caller is one of its sides (the server
 * answers from whichever side the caller is on), else null.
 */
export async function fetchAppointment(
  meetingId: string,
  appointmentId: string,
): Promise<Appointment | null> {
  const items = await api.list<Appointment>(path, { meeting_id: meetingId, _id: appointmentId, limit: 1 });
  return items[0] ?? null;
}

export const appointmentQueryOptions = (meetingId: string, appointmentId: string) =>
  queryOptions({
    queryKey: ['appointments', 'detail', appointmentId],
    queryFn: () => fetchAppointment(meetingId, appointmentId),
    staleTime: 0,
  });

export const useAppointment = (meetingId: string, appointmentId: string | undefined) =>
  useQuery({
    ...appointmentQueryOptions(meetingId, appointmentId ?? ''),
    enabled: appointmentId !== undefined,
    refetchOnWindowFocus: 'always',
  });
