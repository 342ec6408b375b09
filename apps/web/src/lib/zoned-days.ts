import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Calendar arithmetic in a meeting's time zone (dayjs utc + timezone). Kept apart from time.ts (Intl
 * formatting only) so pages that only format times do not load dayjs.
 */

/** Calendar date `YYYY-MM-DD` of an instant in a zone. */
export function dateKey(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
}

/** Start (inclusive) and end (exclusive) instants of a calendar date in a zone. */
export function dayRange(date: string, timeZone: string): { start: number; end: number } {
  const start = dayjs.tz(date, timeZone);
  return { start: start.valueOf(), end: start.add(1, 'day').valueOf() };
}

/** Every calendar date from `start` to `end` (inclusive of the day `end` falls in, unless it is its midnight). */
export function datesBetween(start: number, end: number, timeZone: string): string[] {
  const dates: string[] = [];
  let cursor = dayjs(start).tz(timeZone).startOf('day');
  const last = dayjs(Math.max(start, end - 1)).tz(timeZone);
  while (!cursor.isAfter(last, 'day') && dates.length < 60) {
    dates.push(cursor.format('YYYY-MM-DD'));
    cursor = cursor.add(1, 'day');
  }
  return dates;
}

/** True when the zone's UTC offset at `at` differs from the device's. */
export function differsFromDevice(timeZone: string, at: number): boolean {
  return dayjs(at).tz(timeZone).utcOffset() !== dayjs(at).utcOffset();
}
