import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/**
 * Refusals of the schedule calls (§5 Appointment, §7 Enterprises schedules). Each is an
 * AppError with the stable code the client translates.
 */

/** 400 appointment.* for a refusal of `appointmentWindow` (§5): the booking form's own refusals. */
export { windowRefused as slotTimeRefused } from '../appointments/appointments.errors.ts';

/** 409 schedule.overlap: the new slot overlaps one the enterprise already published. */
export const slotOverlap = () =>
  new AppError(409, ErrorCode.scheduleOverlap, 'This time overlaps a slot you already published');

/** 409 schedule.booked: an applying or accepted request holds the slot. */
export const slotBooked = () =>
  new AppError(409, ErrorCode.scheduleBooked, 'Someone has booked this slot: answer their request first');
