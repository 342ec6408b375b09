import type { AppointmentAuthentication, getAppointmentAuthentication } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof getAppointmentAuthentication>('/appointments/user/is_authentication');

/**
 * GET /appointments/user/is_authentication?meeting_id: whether the caller may book (a registered
 * participant, §6) and whether they handle an enterprise's requests as its bound exhibitor
 * (`is_exhibitor`, `enterprise_id`). 401 login.required.
 */
export function fetchAppointmentAuthentication(meetingId: string): Promise<AppointmentAuthentication> {
  return api.get<AppointmentAuthentication>(path, { meeting_id: meetingId });
}

export const appointmentAuthenticationQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['appointments', 'authentication', meetingId],
    queryFn: () => fetchAppointmentAuthentication(meetingId),
    // A registration or a binding made on another page counts on the next visit.
    staleTime: 0,
  });

export const useAppointmentAuthentication = (meetingId: string) =>
  useQuery(appointmentAuthenticationQueryOptions(meetingId));
