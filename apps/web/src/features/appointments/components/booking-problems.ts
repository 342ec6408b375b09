import type { Appointment } from '@app/contracts';
import type { AppointmentWindowRefusal } from '@app/domain/appointments';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * What the booking form shows for a refused window (§5, checked before sending with
 * `appointmentWindow`) or a refused call (§8): a message beside the field it concerns, a dialog, or
 * the time-conflict warning with its conflicts. Keys are under `errors.` in the `appointments`
 * catalogue.
 */

export type BookingField = 'slot' | 'date' | 'time' | 'timezone' | 'matter';

export type BookingErrorKey =
  | 'dateRequired'
  | 'timeRequired'
  | 'timeZoneInvalid'
  | 'timeNonexistent'
  | 'startPast'
  | 'sameTime'
  | 'endBeforeStart'
  | 'matterRequired'
  | 'slotRequired'
  | 'ownEnterprise'
  | 'participantRequired'
  | 'alreadyBooked'
  | 'timeTaken'
  | 'acceptFailed'
  | 'notFound';

/** The field and message of each §5 refusal of `appointmentWindow`. */
export const refusalProblems: Record<
  AppointmentWindowRefusal,
  { field: BookingField; key: BookingErrorKey }
> = {
  date_required: { field: 'date', key: 'dateRequired' },
  time_required: { field: 'time', key: 'timeRequired' },
  time_zone_invalid: { field: 'timezone', key: 'timeZoneInvalid' },
  time_nonexistent: { field: 'time', key: 'timeNonexistent' },
  start_past: { field: 'time', key: 'startPast' },
  same_time: { field: 'time', key: 'sameTime' },
  end_before_start: { field: 'time', key: 'endBeforeStart' },
};

/** API codes answered beside a field (the server's own §5 checks). */
const fieldCodes: Record<string, { field: BookingField; key: BookingErrorKey }> = {
  'appointment.date_required': refusalProblems.date_required,
  'appointment.time_required': refusalProblems.time_required,
  'appointment.time_zone_invalid': refusalProblems.time_zone_invalid,
  'appointment.time_nonexistent': refusalProblems.time_nonexistent,
  'appointment.start_past': refusalProblems.start_past,
  'appointment.same_time': refusalProblems.same_time,
  'appointment.end_before_start': refusalProblems.end_before_start,
  'appointment.matter_required': { field: 'matter', key: 'matterRequired' },
};

/** API codes answered with an acknowledge-only dialog. */
const noticeCodes: Record<string, BookingErrorKey> = {
  'appointment.own_enterprise': 'ownEnterprise',
  'appointment.participant_required': 'participantRequired',
  'appointment.accept_failed': 'acceptFailed',
  not_found: 'notFound',
};

export type BookingProblem =
  /** 409 appointment.time_conflict: ask, listing the caller's overlapping appointments. */
  | { kind: 'conflict'; conflicts: Appointment[] }
  /** 409 appointment.already_booked: the slot went meanwhile; tell and reload the slots. */
  | { kind: 'booked' }
  | { kind: 'field'; field: BookingField; key: BookingErrorKey }
  | { kind: 'notice'; key: BookingErrorKey }
  /** Anything else: the common message of the code (apiErrorMessage). */
  | { kind: 'other' };

/** Sorts a failed booking call into what the form shows. */
export function bookingProblem(error: unknown): BookingProblem {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  const code = String(error.code);
  if (code === 'appointment.time_conflict') {
    const conflicts = error.data?.conflicts;
    return { kind: 'conflict', conflicts: Array.isArray(conflicts) ? (conflicts as Appointment[]) : [] };
  }
  if (code === 'appointment.already_booked') return { kind: 'booked' };
  const field = fieldCodes[code];
  if (field) return { kind: 'field', ...field };
  const notice = noticeCodes[code];
  if (notice) return { kind: 'notice', key: notice };
  return { kind: 'other' };
}

/**
 * The message key of a failed accept / ignore / cancel / delete (§8 accept failed, already booked), or
 * null for the common message.
 */
export function actionProblemKey(error: unknown): BookingErrorKey | null {
  if (!(error instanceof ApiError)) return null;
  const code = String(error.code);
  if (code === 'appointment.already_booked') return 'timeTaken';
  if (code === 'appointment.accept_failed') return 'acceptFailed';
  if (code === 'not_found') return 'notFound';
  return null;
}
