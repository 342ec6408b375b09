import type { LocalizedText } from '@app/contracts';
import type { NavigationLinkFields } from '../../../lib/navigation-link.ts';
import { dateKey } from '../../../lib/zoned-days.ts';

/** A performance as the server stored it (blockDataInputs.playbill): times in unix seconds. */
export type Performance = NavigationLinkFields & {
  title: LocalizedText;
  start: number;
  end: number;
  venue?: LocalizedText;
  cover?: string;
  description?: LocalizedText;
};

/** now: on stage at this moment; next: the first one still to start when none is on; null: neither. */
export type PerformanceMark = 'now' | 'next' | null;

/** One day of the playbill: its date (`YYYY-MM-DD` in the meeting's zone) and its performances in order. */
export type PlaybillDay = { date: string; items: { performance: Performance; mark: PerformanceMark }[] };

/** The performances of a playbill block that have a title and a start before their end. */
export function performancesOf(data: Record<string, unknown>): Performance[] {
  const list = Array.isArray(data.performances) ? (data.performances as Performance[]) : [];
  return list.filter(
    (item) =>
      typeof item.start === 'number' && typeof item.end === 'number' && item.end > item.start && item.title,
  );
}

/**
 * The playbill by day in the meeting's zone (§2 /sichuan-culture/playbill), each day and its
 * performances in time order, marked: every performance on stage at `nowSeconds` is 'now'; when none
 * is, the first one still to start is 'next'.
 */
export function playbillDays(
  performances: Performance[],
  timeZone: string,
  nowSeconds: number,
): PlaybillDay[] {
  const sorted = [...performances].sort((a, b) => a.start - b.start || a.end - b.end);
  const isOn = (item: Performance) => item.start <= nowSeconds && nowSeconds < item.end;
  const anyOn = sorted.some(isOn);
  const next = anyOn ? undefined : sorted.find((item) => item.start > nowSeconds);
  const days: PlaybillDay[] = [];
  for (const performance of sorted) {
    const date = dateKey(performance.start * 1000, timeZone);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, items: [] };
      days.push(day);
    }
    day.items.push({ performance, mark: isOn(performance) ? 'now' : performance === next ? 'next' : null });
  }
  return days;
}
