import type {
  Appointment,
  AppointmentActionName,
  acceptAppointment,
  cancelAppointment,
  deleteAppointment,
  ignoreAppointment,
} from '@app/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * POST /appointments/{id}/accept | ignore | cancel (optional `reason` shown to the other side) and
 * DELETE /appointments/{id} (hides a finished one from the caller's lists), §7 Appointments, §4.
 * 404 not_found when the caller is neither side; 403 no_permission for the wrong side; 409
 * appointment.accept_failed / appointment.already_booked.
 */
export function runAppointmentAction(
  appointmentId: string,
  action: AppointmentActionName,
  reason?: string,
): Promise<Appointment | { deleted: 1 }> {
  const params = { id: appointmentId };
  const body = reason?.trim() ? { reason: reason.trim() } : {};
  switch (action) {
    case 'accept':
      return api.post<Appointment>(
        fillPath<typeof acceptAppointment>('/appointments/:id/accept', params),
        body,
      );
    case 'ignore':
      return api.post<Appointment>(
        fillPath<typeof ignoreAppointment>('/appointments/:id/ignore', params),
        body,
      );
    case 'cancel':
      return api.post<Appointment>(
        fillPath<typeof cancelAppointment>('/appointments/:id/cancel', params),
        body,
      );
    case 'delete':
      return api.delete<{ deleted: 1 }>(fillPath<typeof deleteAppointment>('/appointments/:id', params));
  }
}

/**
 * After any change: every appointment list, count and detail, and the schedules (an accept or a cancel
 * adds or removes entries, a booking holds a slot), are fetched again.
 */
export function refreshAppointments(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['appointments'] });
  void queryClient.invalidateQueries({ queryKey: ['schedules'] });
}

/** One action on one appointment; on success the lists and counts refresh. */
export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { appointmentId: string; action: AppointmentActionName; reason?: string }) =>
      runAppointmentAction(input.appointmentId, input.action, input.reason),
    onSuccess: (answer, input) => {
      if ('_id' in answer) queryClient.setQueryData(['appointments', 'detail', input.appointmentId], answer);
      refreshAppointments(queryClient);
    },
  });
}
