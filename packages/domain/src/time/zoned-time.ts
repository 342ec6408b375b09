import { Temporal } from 'temporal-polyfill';

/**
 * The one rule for reading a wall-clock time in an IANA time zone, shared by appointments (§5
 * Appointment) and the schedule importer, on the server and in the browser. It is RFC 5545 §3.3.5's
 * rule, which Temporal names disambiguation 'compatible', and it does not depend on the sign of the
 * zone's offset:
 * - a wall time that happens twice (clocks go back) is its first occurrence
 *   (Berlin 2019-10-27 02:30 → 02:30+02:00; New York 2019-11-03 01:30 → 01:30-04:00);
 * - a wall time that never happens (clocks go forward) is moved forward by the length of the gap
 *   (Berlin 2019-03-31 02:30 → 03:30+02:00; New York 2019-03-10 02:30 → 03:30-04:00).
 * Callers that must refuse a skipped time instead (a meeting request) look at `isSkipped`.
 *
 * Its own entry `@app/domain/zoned-time`, not the package root: it loads Temporal, which the web's
 * home page must not (DESIGN §10).
 */
export const wallTimeDisambiguation = 'compatible' satisfies Temporal.DisambiguationOptions['disambiguation'];

export type ResolvedWallTime = {
  /** The instant, in epoch milliseconds. */
  epochMilliseconds: number;
  /** True when the wall time does not exist in the zone (skipped by a clock change) and was moved forward. */
  isSkipped: boolean;
};

/**
 * The instant of wall-clock `wall` in `timeZone` by the rule above.
 * @throws RangeError for a zone the runtime does not know (callers validate it first).
 */
export function resolveWallTime(wall: Temporal.PlainDateTime, timeZone: string): ResolvedWallTime {
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: wallTimeDisambiguation });
  return { epochMilliseconds: zoned.epochMilliseconds, isSkipped: !zoned.toPlainDateTime().equals(wall) };
}

/**
 * The UTC offset of `timeZone` at the instant `epochMilliseconds`, in whole minutes east of UTC
 * (Europe/Berlin in summer → 120, America/St_Johns in summer → -150).
 * @throws RangeError for an unknown zone.
 */
export function offsetMinutesAt(epochMilliseconds: number, timeZone: string): number {
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMilliseconds).toZonedDateTimeISO(timeZone);
  return Math.trunc(zoned.offsetNanoseconds / 60e9);
}
