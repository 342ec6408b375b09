/**
 * Date-times of console editors in the meeting's own time zone (§3: a meeting has its time zone):
 * a `datetime-local` input shows that zone's wall clock whatever the device's zone, and the wire
 * carries unix seconds. The one copy shared by the console areas (meetings, programme, activities).
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

/** The wall clock of `timeZone` at `ms` as [year, month, day, hour, minute, second]. */
function wallClock(ms: number, timeZone: string): [number, number, number, number, number, number] {
  const parts = partsFormatter(timeZone).formatToParts(ms);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return [value('year'), value('month'), value('day'), value('hour') % 24, value('minute'), value('second')];
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** Whether `timeZone` is an IANA zone this browser knows. */
export function isKnownZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to read and write in: `timeZone` when known, else UTC (an unknown zone must not throw). */
const usableZone = (timeZone: string) => (isKnownZone(timeZone) ? timeZone : 'UTC');

/** `YYYY-MM-DDTHH:mm` (a datetime-local value) of unix seconds in `timeZone`; '' for 0 (not set). */
export function toZonedInput(seconds: number, timeZone: string): string {
  if (!seconds) return '';
  const [y, mo, d, h, mi] = wallClock(seconds * 1000, usableZone(timeZone));
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
}

/**
 * Unix seconds of a datetime-local value read as `timeZone`'s wall clock; null when empty or
 * invalid. A time the clock skips (a spring-forward gap) resolves to the instant after the gap.
 */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y = 0, mo = 1, d = 1, h = 0, mi = 0] = match.map(Number);
  const zone = usableZone(timeZone);
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  let guess = wanted;
  // Two passes settle the zone's offset at that instant, also across a daylight-saving change.
  for (let pass = 0; pass < 2; pass += 1) {
    const [gy, gmo, gd, gh, gmi, gs] = wallClock(guess, zone);
    guess += wanted - Date.UTC(gy, gmo - 1, gd, gh, gmi, gs);
  }
  return Math.floor(guess / 1000);
}
