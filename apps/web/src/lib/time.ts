import type { Language } from '@app/domain';
import { deviceTimeZone } from './device-time.ts';

/**
 * Dates and times of a meeting, always in the meeting's time zone (`meeting.time_zone`), formatted
 * for the display language with Intl. Instants are epoch milliseconds.
 *
 * The one time rule (§3: a meeting and an appointment each have their time zone): a time shown in a
 * zone whose clock reads differently from the device's at that instant carries the zone's short
 * name in the display language (`09:30 GMT+1`, `09:30 GMT+01:00`, `09:30 EST`); in the device's own
 * zone (or one that reads the same) it is the bare time. Every time on screen goes through
 * {@link formatTimeParts} (or the helpers built on it) so the agenda, activities, tickets and
 * appointments follow it alike.
 */

const localeTags: Partial<Record<Language, string>> = { zh: 'zh-CN', pt: 'pt-BR', ar: 'ar-u-nu-latn' };

/** BCP-47 tag for Intl formatting; Arabic keeps Latin digits so times line up with the room signs. */
export function intlLocale(language: Language): string {
  return localeTags[language] ?? language;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

let device: string | undefined;
/** The device's zone, read once (a page does not change zones while it is open). */
export function currentDeviceZone(): string {
  device ??= deviceTimeZone();
  return device;
}

/**
 * Loads the browser's date formatting data for `language` ahead of the first screen: a page's first
 * Intl.DateTimeFormat costs tens of milliseconds (about 40 ms on a desktop, four times that on a slow
 * phone), later ones under one. main.tsx calls it while the first page's meeting and code are on the
 * way, so the first render (the home's dates) does not pay it. Formats nothing that is shown.
 */
export function preloadDateFormatting(language: Language): void {
  currentDeviceZone();
  formatter(language, 'UTC', timeOptions).format(0);
}

const offsetOptions = { timeZoneName: 'longOffset' } as Intl.DateTimeFormatOptions;

/**
 * Whether the clock of `timeZone` reads differently from the clock of `deviceZone` at the instant
 * `ms` (their UTC offsets differ then). Same zone, or zones on the same offset → false; an empty or
 * unknown zone → false (nothing better to say).
 */
export function readsDifferently(ms: number, timeZone: string, deviceZone: string): boolean {
  if (!timeZone || timeZone === deviceZone) return false;
  try {
    const offset = (zone: string) =>
      formatter('en', zone, offsetOptions)
        .formatToParts(ms)
        .find((part) => part.type === 'timeZoneName')?.value;
    return offset(timeZone) !== offset(deviceZone);
  } catch {
    return false;
  }
}

/** `14:30`, the bare wall-clock time in a zone: only for text that adds {@link zoneSuffix} itself. */
export function clockTime(ms: number, timeZone: string, language: Language): string {
  return formatter(language, timeZone, timeOptions).format(ms);
}

/**
 * A time and, when the zone reads differently from the device (the rule above), the zone's short
 * name in the display language: `{ time: '09:30', zone: 'GMT+1' }`, `zone` '' otherwise.
 * For layouts that set the zone apart (a smaller line); text uses {@link formatTime}.
 */
export function formatTimeParts(
  ms: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): { time: string; zone: string } {
  const time = clockTime(ms, timeZone, language);
  if (!readsDifferently(ms, timeZone, deviceZone)) return { time, zone: '' };
  return { time, zone: zonePart(timeZone, ms, language, 'short') || timeZone };
}

/** `' GMT+1'` (a space and the zone's short name) when the zone reads differently from the device, else ''. */
export function zoneSuffix(
  ms: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  const { zone } = formatTimeParts(ms, timeZone, language, deviceZone);
  return zone ? ` ${zone}` : '';
}

/** `14:30`, or `14:30 GMT+1` when the zone reads differently from the device's. */
export function formatTime(
  ms: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  return `${clockTime(ms, timeZone, language)}${zoneSuffix(ms, timeZone, language, deviceZone)}`;
}

/** `14:30 – 15:15`, or `14:30 – 15:15 GMT+1` (one zone name, read at the start) when it reads differently. */
export function formatTimeRange(
  start: number,
  end: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  return `${clockTime(start, timeZone, language)} – ${clockTime(end, timeZone, language)}${zoneSuffix(start, timeZone, language, deviceZone)}`;
}

/** `Thu, 22 Aug 2019` (style per locale). */
export function formatDate(
  ms: number,
  timeZone: string,
  language: Language,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
): string {
  return formatter(language, timeZone, options).format(ms);
}

/**
 * `Thu, 22 Aug 2019 14:30` from seconds: a date and time in the meeting's zone (an activity's
 * registration opening, a vote's deadline), the zone named after the time when it reads differently.
 */
export function formatMoment(
  seconds: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  return `${formatDate(seconds * 1000, timeZone, language)} ${formatTime(seconds * 1000, timeZone, language, deviceZone)}`;
}

/** `21 – 25 Aug 2019`, collapsing shared parts (Intl formatRange). */
export function formatDateRange(start: number, end: number, timeZone: string, language: Language): string {
  const f = formatter(language, timeZone, { day: 'numeric', month: 'short', year: 'numeric' });
  // The end instant is exclusive (midnight after the last day) when it falls exactly on a day start.
  const isMidnight = clockTime(end, timeZone, 'en') === '00:00';
  const lastDay = isMidnight && end > start ? end - 1 : end;
  return typeof f.formatRange === 'function'
    ? f.formatRange(start, lastDay)
    : `${f.format(start)} – ${f.format(lastDay)}`;
}

function zonePart(timeZone: string, at: number, language: Language, style: string): string {
  try {
    const options = { timeZoneName: style } as Intl.DateTimeFormatOptions;
    const parts = formatter(language, timeZone, options).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Zone name in the display language with its offset, e.g. `Central European Time (GMT+2)`. */
export function zoneLabel(timeZone: string, at: number, language: Language): string {
  const name = zonePart(timeZone, at, language, 'longGeneric') || zonePart(timeZone, at, language, 'long');
  const offset = zonePart(timeZone, at, language, 'shortOffset') || zonePart(timeZone, at, language, 'short');
  if (name && offset && name !== offset) return `${name} (${offset})`;
  return name || offset || timeZone;
}
