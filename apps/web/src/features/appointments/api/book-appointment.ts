import type {
  Appointment,
  BookSlotBody,
  bookEnterpriseScheduleSlot,
  CreateAppointmentBody,
  createAppointment,
} from '@app/contracts';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/**
 * POST /appointments: a meeting request at a free-form time — wall-clock date and times read in
 * `timezone`, stored as UTC (§3 Meeting request, §5). 400 appointment.* (§5 refusals); 403
 * appointment.participant_required; 404 not_found; 409 appointment.time_conflict (data.conflicts;
 * `force: '1'` books anyway) / appointment.already_booked.
 */
export function createAppointmentRequest(body: CreateAppointmentBody): Promise<Appointment> {
  return api.post<Appointment>(contractPath<typeof createAppointment>('/appointments'), body);
}

/**
 * POST /enterprises/{id}/schedules/{schedule_id}/appointments: books one of the enterprise's
 * published slots (the slot gives the time and zone). Same refusals; 409 appointment.already_booked
 * when another request holds the slot.
 */
export function bookEnterpriseSlot(
  enterpriseId: string,
  scheduleId: string,
  body: BookSlotBody,
): Promise<Appointment> {
  return api.post<Appointment>(
    fillPath<typeof bookEnterpriseScheduleSlot>('/enterprises/:id/schedules/:schedule_id/appointments', {
      id: enterpriseId,
      schedule_id: scheduleId,
    }),
    body,
  );
}
