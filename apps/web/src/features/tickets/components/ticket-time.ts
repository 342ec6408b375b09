import type { Language } from '@app/domain';
import {
  clockTime,
  currentDeviceZone,
  formatDate,
  formatTime,
  formatTimeRange,
  zoneSuffix,
} from '../../../lib/time.ts';

/** Isolated left to right (LRI … PDI): '09:00 – 11:30' keeps its order inside Arabic text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * When an activity takes place, in the meeting's time zone: `Thu, 22 Aug 2019 · 09:00 – 11:30`, or
 * both ends with their dates when it spans days; the zone's name after the last time when the
 * device's clock reads differently (lib/time.ts, the one time rule). Times are unix seconds.
 */
export function activityWhen(
  start: number,
  end: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  const startMs = start * 1000;
  const endMs = Math.max(end, start) * 1000;
  const startDay = formatDate(startMs, timeZone, language);
  const endDay = formatDate(endMs, timeZone, language);
  if (startDay === endDay)
    return `${startDay} · ${ltr(formatTimeRange(startMs, endMs, timeZone, language, deviceZone))}`;
  const zone = zoneSuffix(startMs, timeZone, language, deviceZone);
  return `${startDay} ${ltr(clockTime(startMs, timeZone, language))} – ${endDay} ${ltr(`${clockTime(endMs, timeZone, language)}${zone}`)}`;
}

/** A moment (unix seconds) as `22 Aug 2019, 09:12` in the meeting's time zone (zone named as lib/time.ts says). */
export function momentLabel(
  seconds: number,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
): string {
  const ms = seconds * 1000;
  const day = formatDate(ms, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${day} ${ltr(formatTime(ms, timeZone, language, deviceZone))}`;
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
