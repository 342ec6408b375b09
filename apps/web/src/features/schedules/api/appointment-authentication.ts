import type { AppointmentAuthentication, getAppointmentAuthentication } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof getAppointmentAuthentication>('/appointments/user/is_authentication');

/**
 * GET /appointments/user/is_authentication?meeting_id (§7 Appointments, §6): whether the caller is a
 * registered participant (`is_authentication`), an exhibitor (`is_exhibitor`) and, if so, the
 * `enterprise_id` they handle (where slots are published). 401 login.required.
 */
export function fetchAppointmentAuthentication(meetingId: string): Promise<AppointmentAuthentication> {
  return api.get<AppointmentAuthentication>(path, { meeting_id: meetingId });
}

export const appointmentAuthenticationQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['schedules', 'authentication', meetingId],
    queryFn: () => fetchAppointmentAuthentication(meetingId),
    staleTime: 60_000,
  });

export const useAppointmentAuthentication = (meetingId: string) =>
  useQuery(appointmentAuthenticationQueryOptions(meetingId));
