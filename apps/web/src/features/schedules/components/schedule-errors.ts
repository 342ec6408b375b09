import type { AppointmentWindowRefusal } from '@app/domain/appointments';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import type { SlotPlanRefusal } from './slot-plan.ts';

/** Catalogue key (namespace `schedules`) of each refusal the publish form checks before sending (§5). */
const refusalKeys = {
  date_required: 'errors.dateRequired',
  time_required: 'errors.timeRequired',
  time_zone_invalid: 'errors.timeZoneInvalid',
  time_nonexistent: 'errors.timeNonexistent',
  start_past: 'errors.startPast',
  same_time: 'errors.sameTime',
  end_before_start: 'errors.endBeforeStart',
  shorter_than_slot: 'errors.shorterThanSlot',
} as const satisfies Record<SlotPlanRefusal, string>;

/** Catalogue key (namespace `schedules`) of the API error codes these screens can meet. */
const codeKeys: Record<string, (typeof refusalKeys)[SlotPlanRefusal] | 'errors.overlap' | 'errors.booked'> = {
  'appointment.date_required': refusalKeys.date_required,
  'appointment.time_required': refusalKeys.time_required,
  'appointment.time_zone_invalid': refusalKeys.time_zone_invalid,
  'appointment.time_nonexistent': refusalKeys.time_nonexistent,
  'appointment.start_past': refusalKeys.start_past,
  'appointment.same_time': refusalKeys.same_time,
  'appointment.end_before_start': refusalKeys.end_before_start,
  'schedule.overlap': 'errors.overlap',
  'schedule.booked': 'errors.booked',
};

/** The message of a refusal found before sending. */
export function refusalMessage(
  refusal: SlotPlanRefusal | AppointmentWindowRefusal,
  t: TFunction<'schedules'>,
) {
  return t(refusalKeys[refusal]);
}

/**
 * The message of a failed call: the schedule.* and appointment.* codes in this namespace, the others
 * as the app words them ('Request failed' at worst).
 */
export function scheduleErrorMessage(
  error: unknown,
  t: TFunction<'schedules'>,
  tc: TFunction<'common'>,
): string {
  if (error instanceof ApiError) {
    const key = codeKeys[String(error.code)];
    if (key) return t(key);
  }
  return apiErrorMessage(error, tc);
}

/** Whether a failed call is this code (e.g. 'schedule.booked'). */
export function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && String(error.code) === code;
}

/** Whether a failed call is a 403 (type=exhibitor without a binding). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
