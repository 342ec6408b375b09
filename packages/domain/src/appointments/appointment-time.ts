import { Temporal } from 'temporal-polyfill';
import { resolveWallTime } from '../time/zoned-time.ts';

/**
 * Meeting-request times (§3 Meeting request, §5 Appointment): a request is typed as a
 * calendar date and two wall-clock times in a chosen IANA time zone, and stored as two UTC instants
 * (unix seconds) plus that zone. The conversion uses Temporal (temporal-polyfill) so the browser and
 * the server agree on daylight-saving edges:
 * - a wall time that does not exist (the hour skipped when clocks go forward) is refused;
 * - a wall time that happens twice (clocks go back) means its first occurrence (RFC 5545 §3.3.5).
 * The second is the rule every zoned wall time follows (time/zoned-time.ts, shared with the schedule
 * importer); the first is this form's own: a person typing a time that never happens is asked again.
 */

/** `YYYY-MM-DD`. */
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** `HH:mm`, 00:00–23:59. */
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export type ZonedConversion =
  | { ok: true; at: number }
  | { ok: false; reason: 'invalid_date' | 'invalid_time' | 'invalid_time_zone' | 'nonexistent_time' };

/** Whether `timeZone` is an IANA zone this runtime knows (e.g. 'Asia/Shanghai', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC instant (unix seconds) of wall-clock `time` ('HH:mm') on `date` ('YYYY-MM-DD') in `timeZone`.
 * Refuses an impossible date (2026-02-30), a malformed time, an unknown zone, and a time skipped by a
 * daylight-saving change; a repeated time resolves to its first occurrence.
 */
export function zonedToUnix(date: string, time: string, timeZone: string): ZonedConversion {
  if (!datePattern.test(date)) return { ok: false, reason: 'invalid_date' };
  if (!timePattern.test(time)) return { ok: false, reason: 'invalid_time' };
  if (!isValidTimeZone(timeZone)) return { ok: false, reason: 'invalid_time_zone' };
  let wall: Temporal.PlainDateTime;
  try {
    wall = Temporal.PlainDateTime.from(`${date}T${time}`, { overflow: 'reject' });
  } catch {
    return { ok: false, reason: 'invalid_date' };
  }
  const resolved = resolveWallTime(wall, timeZone);
  if (resolved.isSkipped) return { ok: false, reason: 'nonexistent_time' };
  return { ok: true, at: Math.floor(resolved.epochMilliseconds / 1000) };
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:mm') of a unix-seconds instant in `timeZone`. */
export function unixToZoned(at: number, timeZone: string): { date: string; time: string } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at * 1000).toZonedDateTimeISO(timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${zoned.year}-${pad(zoned.month)}-${pad(zoned.day)}`,
    time: `${pad(zoned.hour)}:${pad(zoned.minute)}`,
  };
}

/** The zone's UTC offset at an instant, as '+08:00' / '-04:00' / '+05:45'. */
export function zoneOffsetAt(at: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at * 1000).toZonedDateTimeISO(timeZone).offset;
}

/** Why a requested window is refused (§5 Appointment, in the order the form checks them). */
export type AppointmentWindowRefusal =
  /** 'Please choose a date first' — the date is missing or not a real date. */
  | 'date_required'
  /** A start or end time is missing or malformed. */
  | 'time_required'
  | 'time_zone_invalid'
  /** The typed wall time is skipped by a daylight-saving change in that zone. */
  | 'time_nonexistent'
  /** 'The time must be after now'. */
  | 'start_past'
  /** 'The start and end time cannot be the same'. */
  | 'same_time'
  /** The end is before the start (a booth meeting does not run past midnight). */
  | 'end_before_start';

export type AppointmentWindowInput = {
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  /** Unix seconds. */
  now: number;
};

export type AppointmentWindow =
  | { ok: true; start: number; end: number }
  | { ok: false; refusal: AppointmentWindowRefusal };

/**
 * Checks a requested meeting window (§5: date chosen first; time after now; start and end not equal)
 * and converts it to UTC unix seconds. Used by the booking form before it sends and by the server
 * before it stores, so both refuse the same input with the same reason.
 */
export function appointmentWindow(input: AppointmentWindowInput): AppointmentWindow {
  if (!datePattern.test(input.date)) return { ok: false, refusal: 'date_required' };
  if (!timePattern.test(input.startTime) || !timePattern.test(input.endTime)) {
    return { ok: false, refusal: 'time_required' };
  }
  const start = zonedToUnix(input.date, input.startTime, input.timeZone);
  const end = zonedToUnix(input.date, input.endTime, input.timeZone);
  for (const result of [start, end]) {
    if (result.ok) continue;
    if (result.reason === 'invalid_time_zone') return { ok: false, refusal: 'time_zone_invalid' };
    if (result.reason === 'nonexistent_time') return { ok: false, refusal: 'time_nonexistent' };
    if (result.reason === 'invalid_date') return { ok: false, refusal: 'date_required' };
    return { ok: false, refusal: 'time_required' };
  }
  if (!start.ok || !end.ok) return { ok: false, refusal: 'time_required' };
  if (start.at <= input.now) return { ok: false, refusal: 'start_past' };
  if (input.startTime === input.endTime) return { ok: false, refusal: 'same_time' };
  if (end.at <= start.at) return { ok: false, refusal: 'end_before_start' };
  return { ok: true, start: start.at, end: end.at };
}

/** Whether two half-open windows [start, end) overlap (back-to-back meetings do not). */
export function windowsOverlap(
  a: { start: number; end: number },
  b: { start: number; end: number },
): boolean {
  return a.start < b.end && b.start < a.end;
}
