/**
 * Calendar arithmetic in a meeting's time zone, on Intl (the zone rules every browser carries): the
 * programme pages need no date library for it (DESIGN §10). Kept apart from time.ts (formatting only).
 */

const dayMs = 86_400_000;
const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Year, month, day, hour, minute, second of an instant on the zone's wall clock. */
function wallClock(ms: number, timeZone: string): number[] {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const value: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) value[part.type] = Number(part.value);
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) => value[type] ?? 0);
}

/** The zone's offset from UTC at an instant, in ms (Berlin in summer: +7,200,000). */
function zoneOffset(ms: number, timeZone: string): number {
  const [year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0] = wallClock(ms, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(ms / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a UTC calendar day given as epoch ms of its midnight. */
const isoDate = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** Calendar date `YYYY-MM-DD` of an instant in a zone. */
export function dateKey(ms: number, timeZone: string): string {
  const [year = 1970, month = 1, day = 1] = wallClock(ms, timeZone);
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** The instant of a wall-clock midnight (`utcMidnight`: that date's midnight read as UTC) in a zone. */
function zonedMidnight(utcMidnight: number, timeZone: string): number {
  // Twice: the offset of the first guess may differ from the one in force at midnight (DST).
  const first = utcMidnight - zoneOffset(utcMidnight, timeZone);
  return utcMidnight - zoneOffset(first, timeZone);
}

/** Start (inclusive) and end (exclusive) instants of a calendar date in a zone. */
export function dayRange(date: string, timeZone: string): { start: number; end: number } {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  return {
    start: zonedMidnight(utcMidnight, timeZone),
    end: zonedMidnight(utcMidnight + dayMs, timeZone),
  };
}

/** Every calendar date from `start` to `end` (inclusive of the day `end` falls in, unless it is its midnight). */
export function datesBetween(start: number, end: number, timeZone: string): string[] {
  const dates: string[] = [];
  let cursor = Date.parse(`${dateKey(start, timeZone)}T00:00:00Z`);
  const last = Date.parse(`${dateKey(Math.max(start, end - 1), timeZone)}T00:00:00Z`);
  while (cursor <= last && dates.length < 60) {
    dates.push(isoDate(cursor));
    cursor += dayMs;
  }
  return dates;
}

/** True when the zone's UTC offset at `at` differs from the device's. */
export function differsFromDevice(timeZone: string, at: number): boolean {
  return zoneOffset(at, timeZone) !== -new Date(at).getTimezoneOffset() * 60_000;
}
