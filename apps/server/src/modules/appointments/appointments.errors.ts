import type { Appointment } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import type { AppointmentWindowRefusal } from '@app/domain/appointments';
import { AppError } from '../../errors.ts';

/**
 * Refusals of meeting requests and their handling (§5 Appointment, §6, §8 meeting time conflict /
 * accept failed / already booked). Each is an AppError with the stable code the client maps
 * to its field message or dialog.
 */

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

/** 400 for a refusal of the domain's `appointmentWindow` (§5: date first, time after now, start ≠ end …). */
export const windowRefused = (refusal: AppointmentWindowRefusal) => {
  const { code, message } = windowRefusals[refusal];
  return new AppError(400, code, message);
};

/** 400 'The time must be after now' (a slot that has already started). */
export const startPast = () => windowRefused('start_past');

/** 400 'Please describe the matter' (§5 matter description required). */
export const matterRequired = () =>
  new AppError(400, ErrorCode.appointmentMatterRequired, 'Please describe the matter');

/** 400 an exhibitor asking their own enterprise for a meeting. */
export const ownEnterprise = () =>
  new AppError(400, ErrorCode.appointmentOwnEnterprise, 'You cannot book a meeting with your own enterprise');

/** 403 only registered participants (an approved ticket in the meeting) book meetings (§6). */
export const participantRequired = () =>
  new AppError(
    403,
    ErrorCode.appointmentParticipantRequired,
    'Only registered participants of this meeting can book meetings',
  );

/** 409 §8 'meeting time conflict' with the caller's overlapping appointments in `data.conflicts`. */
export const timeConflict = (conflicts: Appointment[]) =>
  new AppError(409, ErrorCode.appointmentTimeConflict, 'You already have a meeting at this time', undefined, {
    data: { conflicts },
  });

/** 409 §8 'already booked': the slot is held, or the exhibitor has an accepted meeting then. */
export const alreadyBooked = () =>
  new AppError(409, ErrorCode.appointmentAlreadyBooked, 'This time is already booked');

/** 409 §8 'accept failed': the action no longer applies (answered, withdrawn or ended). */
export const acceptFailed = () =>
  new AppError(
    409,
    ErrorCode.appointmentAcceptFailed,
    'The request could not be handled: it was already answered, withdrawn or has ended',
  );
