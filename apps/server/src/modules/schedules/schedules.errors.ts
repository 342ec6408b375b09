import { ErrorCode } from '@app/contracts';
import type { AppointmentWindowRefusal } from '@app/domain/appointments';
import { AppError } from '../../errors.ts';

/**
 * Refusals of the schedule calls (§5 Appointment, §7 Enterprises schedules, issue 6). Each is an
 * AppError with the stable code the client translates.
 */

/** Code and message of each §5 time refusal; the same texts the booking form's refusals use. */
const windowRefusals: Record<AppointmentWindowRefusal, { code: string; message: string }> = {
  date_required: { code: ErrorCode.appointmentDateRequired, message: 'Please choose a date first' },
  time_required: { code: ErrorCode.appointmentTimeRequired, message: 'Please choose a time' },
  time_zone_invalid: { code: ErrorCode.appointmentTimeZoneInvalid, message: 'Unknown time zone' },
  time_nonexistent: {
    code: ErrorCode.appointmentTimeNonexistent,
    message: 'This time does not exist in that time zone (the clocks change)',
  },
  start_past: { code: ErrorCode.appointmentStartPast, message: 'The time must be after now' },
  same_time: { code: ErrorCode.appointmentSameTime, message: 'The start and end time cannot be the same' },
  end_before_start: { code: ErrorCode.appointmentEndBeforeStart, message: 'The end must be after the start' },
};

/** 400 appointment.* for a refusal of `appointmentWindow` (§5), e.g. 'The time must be after now'. */
export const slotTimeRefused = (refusal: AppointmentWindowRefusal) => {
  const { code, message } = windowRefusals[refusal];
  return new AppError(400, code, message);
};

/** 409 schedule.overlap: the new slot overlaps one the enterprise already published. */
export const slotOverlap = () =>
  new AppError(409, ErrorCode.scheduleOverlap, 'This time overlaps a slot you already published');

/** 409 schedule.booked: an applying or accepted request holds the slot. */
export const slotBooked = () =>
  new AppError(409, ErrorCode.scheduleBooked, 'Someone has booked this slot: answer their request first');
