import { zoneOffsetAt } from '@app/domain/appointments';

/**
 * The time-zone choices of the booking form: every IANA zone the browser knows
 * (`Intl.supportedValuesOf('timeZone')`), each with its UTC offset at `at` (unix seconds), ordered by
 * offset then name; `always` (the device zone, the current choice) is kept even when the list lacks
 * it (older browsers list only canonical names, or nothing).
 */
export function timeZoneOptions(
  at: number,
  always: readonly string[],
  listed: readonly string[] = supportedZones(),
): { value: string; label: string }[] {
  const zones = [...new Set([...listed, ...always.filter(Boolean)])];
  const options: { value: string; label: string; minutes: number }[] = [];
  for (const zone of zones) {
    let offset: string;
    try {
      offset = zoneOffsetAt(at, zone);
    } catch {
      continue;
    }
    options.push({
      value: zone,
      label: `(UTC${offset}) ${zone.replace(/_/g, ' ')}`,
      minutes: offsetMinutes(offset),
    });
  }
  return options
    .sort((a, b) => a.minutes - b.minutes || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map(({ value, label }) => ({ value, label }));
}

/** '+05:45' → 345, '-03:30' → -210. */
export function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function supportedZones(): string[] {
  try {
    return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}
