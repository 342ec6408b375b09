/**
 * Date-times of the frab/pretalx schedule JSON (schedule interchange): ISO 8601 text to and
 * from instants, read in the conference's time zone. Instants are epoch milliseconds; offsets are
 * minutes east of UTC.
 *
 * A wall time without an offset is resolved by the one rule every zoned wall time follows
 * (`@app/domain/zoned-time`, RFC 5545 §3.3.5): a repeated time is its first occurrence, a time skipped
 * by a clock change moves forward by the gap — so a file's skipped time does not abort an import, and
 * Berlin and New York read the same wall time the same way relative to the change.
 */
import { offsetMinutesAt, resolveWallTime } from '@app/domain/zoned-time';
import { Temporal } from 'temporal-polyfill';

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 with seconds and an explicit offset: what ajv's `date-time` format accepts. */
const strictDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * True when `timeZone` is an IANA zone name the runtime knows (`Europe/Berlin`, `UTC`). Asked of Intl,
 * not Temporal: Temporal also takes offsets such as `+01:00`, which the Intl formatters that show a
 * meeting's times refuse.
 */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A wall-clock time, or undefined for an impossible one (2019-02-30, 24:00). A leap second (`:60`) or
 * a fraction rounding up to a whole second carries into the next minute or second.
 */
function wallClock(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): Temporal.PlainDateTime | undefined {
  if (second > 60) return undefined;
  try {
    return Temporal.PlainDateTime.from({ year, month, day, hour, minute }, { overflow: 'reject' }).add({
      seconds: second,
      milliseconds: ms,
    });
  } catch {
    return undefined;
  }
}

/** Minutes east of UTC of an offset as written: `Z`, `+02:00`, `-0330`, `+05`. */
function offsetOfZone(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

/**
 * Parses an ISO 8601 date-time (`2019-08-21T11:00:00+02:00`) to epoch milliseconds. Without an offset
 * the wall-clock time is read in `timeZone` (a skipped time moves forward by the gap, a repeated one is
 * its first occurrence). Undefined when malformed.
 * @throws RangeError for an unknown zone (validated before use).
 */
export function parseDateTime(text: string, timeZone = 'UTC'): number | undefined {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const wall = wallClock(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  if (wall === undefined) return undefined;
  if (!zone) return resolveWallTime(wall, timeZone).epochMilliseconds;
  return wall.toZonedDateTime('UTC').epochMilliseconds - offsetOfZone(zone) * 60_000;
}

/**
 * The start of `date` (`YYYY-MM-DD`) in `timeZone` — its midnight, or the end of the gap where a clock
 * change skips midnight (São Paulo, 2018-11-04 → 01:00) — as epoch milliseconds; undefined when malformed.
 */
export function zonedMidnight(date: string, timeZone: string): number | undefined {
  const match = datePattern.exec(date);
  if (!match) return undefined;
  const wall = wallClock(Number(match[1]), Number(match[2]), Number(match[3]));
  return wall === undefined ? undefined : resolveWallTime(wall, timeZone).epochMilliseconds;
}

/** The calendar date after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string): string {
  const ms = zonedMidnight(date, 'UTC') ?? 0;
  return new Date(ms + 86_400_000).toISOString().slice(0, 10);
}

/** Parses a conference `start`/`end`: a date (midnight in `timeZone`) or a date-time. */
export function parseDateOrDateTime(text: string, timeZone: string): number | undefined {
  return datePattern.test(text) ? zonedMidnight(text, timeZone) : parseDateTime(text, timeZone);
}

/** Formats an instant as RFC 3339 with the given offset: `2019-08-21T11:00:00+02:00`. */
export function formatDateTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Formats an instant in `timeZone` with that zone's offset at that instant. */
export function formatInZone(ms: number, timeZone: string): string {
  return formatDateTime(ms, offsetMinutesAt(ms, timeZone));
}

/** The offset written in a date-time string, in minutes; undefined when it has none. */
export function offsetOfText(text: string): number | undefined {
  const zone = dateTimePattern.exec(text.trim())?.[8];
  return zone ? offsetOfZone(zone) : undefined;
}

function isStrictDateTime(text: string | undefined | null): text is string {
  return typeof text === 'string' && strictDateTimePattern.test(text) && parseDateTime(text) !== undefined;
}

/**
 * `text` when it is strict RFC 3339 and still denotes `ms`, else `ms` formatted in `timeZone`.
 * Normalisation: a date-time without seconds or offset becomes strict RFC 3339 (ajv `date-time`).
 */
export function keepOrFormat(
  text: string | null | undefined,
  ms: number,
  timeZone: string,
  offset?: number,
): string {
  if (isStrictDateTime(text) && parseDateTime(text) === ms) return text;
  return offset === undefined ? formatInZone(ms, timeZone) : formatDateTime(ms, offset);
}
