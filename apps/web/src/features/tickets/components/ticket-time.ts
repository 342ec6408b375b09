import type { Language } from '@app/domain';
import { formatDate, formatTime, formatTimeRange } from '../../../lib/time.ts';

/** Isolated left to right (LRI … PDI): '09:00 – 11:30' keeps its order inside Arabic text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * When an activity takes place, in the meeting's time zone: `Thu, 22 Aug 2019 · 09:00 – 11:30`, or
 * both ends with their dates when it spans days. Times are unix seconds.
 */
export function activityWhen(start: number, end: number, timeZone: string, language: Language): string {
  const startMs = start * 1000;
  const endMs = Math.max(end, start) * 1000;
  const startDay = formatDate(startMs, timeZone, language);
  const endDay = formatDate(endMs, timeZone, language);
  if (startDay === endDay) return `${startDay} · ${ltr(formatTimeRange(startMs, endMs, timeZone, language))}`;
  return `${startDay} ${ltr(formatTime(startMs, timeZone, language))} – ${endDay} ${ltr(formatTime(endMs, timeZone, language))}`;
}

/** A moment (unix seconds) as `22 Aug 2019, 09:12` in the meeting's time zone. */
export function momentLabel(seconds: number, timeZone: string, language: Language): string {
  const ms = seconds * 1000;
  const day = formatDate(ms, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${day} ${ltr(formatTime(ms, timeZone, language))}`;
}

/** Upcoming first (soonest first), then past ones (latest first). `now` in unix seconds. */
export function byUpcoming<T>(
  items: T[],
  when: (item: T) => { start: number; end: number } | undefined,
  now: number,
): T[] {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const item of items) {
    const time = when(item);
    if (time && Math.max(time.end, time.start) < now) past.push(item);
    else upcoming.push(item);
  }
  const startOf = (item: T) => when(item)?.start ?? 0;
  upcoming.sort((a, b) => startOf(a) - startOf(b));
  past.sort((a, b) => startOf(b) - startOf(a));
  return [...upcoming, ...past];
}
