import type { countAppointments } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import type { AppointmentSide } from './list-appointments.ts';

const path = contractPath<typeof countAppointments>('/appointments/count');

/**
 * GET /appointments/count?meeting_id&type&pending=1: how many requests wait for an answer (status 0
 * with an end still ahead, §4) — the badge of the Pending tab. 403 no_permission for type=enterprise
 * without a binding.
 */
export function fetchPendingAppointmentCount(meetingId: string, side: AppointmentSide): Promise<number> {
  return api
    .get<{ total: number }>(path, { meeting_id: meetingId, type: side, pending: '1' })
    .then((answer) => answer.total);
}

export const pendingAppointmentCountOptions = (meetingId: string, side: AppointmentSide) =>
  queryOptions({
    queryKey: ['appointments', 'count', meetingId, side, 'pending'],
    queryFn: () => fetchPendingAppointmentCount(meetingId, side),
    staleTime: 0,
  });

export const usePendingAppointmentCount = (meetingId: string, side: AppointmentSide, enabled = true) =>
  useQuery({ ...pendingAppointmentCountOptions(meetingId, side), enabled });
