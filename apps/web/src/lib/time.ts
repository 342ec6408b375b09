import type { Language } from '@app/domain';

/**
 * Dates and times of a meeting, always in the meeting's time zone (`meeting.time_zone`), formatted
 * for the display language with Intl. Instants are epoch milliseconds.
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

/** `14:30` */
export function formatTime(ms: number, timeZone: string, language: Language): string {
  return formatter(language, timeZone, timeOptions).format(ms);
}

/** `14:30 – 15:15` */
export function formatTimeRange(start: number, end: number, timeZone: string, language: Language): string {
  return `${formatTime(start, timeZone, language)} – ${formatTime(end, timeZone, language)}`;
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

/** `21 – 25 Aug 2019`, collapsing shared parts (Intl formatRange). */
export function formatDateRange(start: number, end: number, timeZone: string, language: Language): string {
  const f = formatter(language, timeZone, { day: 'numeric', month: 'short', year: 'numeric' });
  // The end instant is exclusive (midnight after the last day) when it falls exactly on a day start.
  const isMidnight = formatTime(end, timeZone, 'en') === '00:00';
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
