import type { ScheduleEntry } from '@app/contracts';
import { nextDate, wallDate } from '../../../lib/device-time.ts';

/**
 * Pure helpers of the schedule screens (§3 Schedule): entries grouped by calendar day in the viewer's time
 * zone, and which entry is happening now or comes next. Entry instants are unix seconds.
 */

/** One day of a schedule: its `YYYY-MM-DD` in the viewer's zone and its entries in list order. */
export type ScheduleDayGroup<T> = { date: string; entries: T[] };

/**
 * Groups entries by the calendar day their start falls on in `timeZone` (the device's), keeping the
 * server's order (soonest first, or latest first for history). An entry starting at 23:30 in the
 * viewer's zone stays on that day even when it is already the next day in the appointment's own zone.
 */
export function groupByDay<T extends Pick<ScheduleEntry, 'start'>>(
  entries: readonly T[],
  timeZone: string,
): ScheduleDayGroup<T>[] {
  const groups: ScheduleDayGroup<T>[] = [];
  const byDate = new Map<string, ScheduleDayGroup<T>>();
  for (const entry of entries) {
    const date = wallDate(entry.start, timeZone);
    let group = byDate.get(date);
    if (!group) {
      group = { date, entries: [] };
      byDate.set(date, group);
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}

export type EntryHighlight = { id: string; kind: 'now' | 'next' };

/**
 * The entry to highlight at `now` (unix seconds): the one under way ('now', the earliest started when
 * several overlap), else the first one still to start ('next'); null when everything has ended.
 * Half-open windows: an entry ending at `now` is over, one starting at `now` is under way.
 */
export function entryHighlight(
  entries: readonly Pick<ScheduleEntry, '_id' | 'start' | 'end'>[],
  now: number,
): EntryHighlight | null {
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  const current = sorted.find((entry) => entry.start <= now && now < entry.end);
  if (current) return { id: current._id.$id, kind: 'now' };
  const next = sorted.find((entry) => entry.start > now);
  return next ? { id: next._id.$id, kind: 'next' } : null;
}

/** Milliseconds at noon UTC of a `YYYY-MM-DD` date: format it in 'UTC' to print that calendar day. */
export function noonOfDate(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day, 12);
}

/** 'today' or 'tomorrow' when `date` ('YYYY-MM-DD' in `timeZone`) is one of them at `nowMs`, else null. */
export function relativeDay(date: string, nowMs: number, timeZone: string): 'today' | 'tomorrow' | null {
  const today = wallDate(Math.floor(nowMs / 1000), timeZone);
  if (date === today) return 'today';
  return date === nextDate(today) ? 'tomorrow' : null;
}
