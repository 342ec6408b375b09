import { wallClockText } from '@app/domain';

/**
 * The device's clock next to an appointment's own time zone (§3 Meeting request timezone): which zone the
 * device is in, the wall clock of an instant in a zone, and whether two zones read differently then. Intl
 * only, so the request lists and schedules do not load Temporal (the booking form does, for its checks).
 * Instants are unix seconds.
 */

/** The device's IANA time zone ('Europe/Berlin'), 'UTC' when the runtime does not say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The wall clock of an instant (unix seconds) in a zone, `YYYY-MM-DD HH:mm`; '' for a zone Intl does not know. */
export function wallClock(at: number, timeZone: string): string {
  return wallClockText(at * 1000, timeZone);
}

/** The calendar date `YYYY-MM-DD` of an instant in a zone. */
export function wallDate(at: number, timeZone: string): string {
  return wallClock(at, timeZone).slice(0, 10);
}

/** The calendar date after `date` ('YYYY-MM-DD'): plain calendar arithmetic, whatever the clocks do. */
export function nextDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * Whether a time shown in `timeZone` reads differently on the device's clock at that instant (so the
 * screen repeats it in the device zone). Same offset → false, whatever the zones are called.
 */
export function readsDifferentlyOnDevice(at: number, timeZone: string, deviceZone: string): boolean {
  if (!timeZone || timeZone === deviceZone) return false;
  const there = wallClock(at, timeZone);
  return there !== '' && there !== wallClock(at, deviceZone);
}
