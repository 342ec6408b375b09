/**
 * Date-times of the activity editor in the meeting's time zone (§3: a meeting has its time zone):
 * a `datetime-local` input shows the wall-clock time of that zone, whatever the device's zone, and
 * the wire carries unix seconds.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** The wall clock of `timeZone` at `ms` as numbers. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local value) of unix seconds in `timeZone`; '' for 0 (not set). */
export function toZonedInput(seconds: number, timeZone: string): string {
  if (!seconds) return '';
  const c = wallClock(seconds * 1000, timeZone || 'UTC');
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * Unix seconds of a datetime-local value read as the wall clock of `timeZone`; 0 for ''. A time the
 * clock skips (a spring-forward gap) resolves to the instant after the gap.
 */
export function fromZonedInput(value: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return 0;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  // Two rounds settle the zone's offset at that instant (one more than a DST edge needs).
  for (let round = 0; round < 2; round++) {
    const c = wallClock(guess, timeZone || 'UTC');
    const seen = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
    guess += wanted - seen;
  }
  return Math.floor(guess / 1000);
}
