/**
 * Time rules of agenda items: all instants are epoch milliseconds.
 */

export type TimeRange = { start: number; end: number };

/** True while start <= now < end (the "now" marker of the programme, like the live rule of §4). */
export function isOngoing(range: TimeRange, now: number): boolean {
  return range.start <= now && now < range.end;
}

/** Minutes between start and end, rounded down, never negative. */
export function durationMinutes(range: TimeRange): number {
  return Math.max(0, Math.floor((range.end - range.start) / 60_000));
}

/** Formats minutes as the schedule-JSON `hh:mm` duration (`90` → `01:30`). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Parses a schedule-JSON `hh:mm` (or `h:mm`, or `d:hh:mm`) duration into minutes; NaN when malformed. */
export function parseDuration(text: string): number {
  const parts = text.trim().split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isInteger(n) || n < 0))
    return Number.NaN;
  const [a = 0, b = 0, c] = parts;
  return c === undefined ? a * 60 + b : a * 1440 + b * 60 + c;
}
