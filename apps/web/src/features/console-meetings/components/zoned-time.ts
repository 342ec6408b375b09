/**
 * Date-times of the meeting editor in the meeting's own time zone (§3 Meeting time zone): a
 * `datetime-local` input shows that zone's wall clock whatever the device's zone; the wire carries
 * unix seconds.
 */

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

function wallClock(ms: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return [value('year'), value('month'), value('day'), value('hour') % 24, value('minute'), value('second')];
}

/** Whether `timeZone` is an IANA zone this browser knows. */
export function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.trim() !== '';
  } catch {
    return false;
  }
}

/** `YYYY-MM-DDTHH:mm` of unix seconds in `timeZone` ('' for 0). */
export function toZonedInput(seconds: number, timeZone: string): string {
  if (!seconds) return '';
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = wallClock(
    seconds * 1000,
    isKnownZone(timeZone) ? timeZone : 'UTC',
  );
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
}

/** Unix seconds of a `datetime-local` value read as `timeZone`'s wall clock; null when empty or invalid. */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // Two passes settle the zone's offset, also across a daylight-saving change.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const [gy = 0, gmo = 1, gd = 1, gh = 0, gmi = 0, gs = 0] = wallClock(guess, zone);
    const shown = Date.UTC(gy, gmo - 1, gd, gh, gmi, gs);
    guess += asUtc - shown;
  }
  return Math.floor(guess / 1000);
}
