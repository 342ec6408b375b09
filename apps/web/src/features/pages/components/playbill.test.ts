import { describe, expect, it } from 'vitest';
import { type Performance, performancesOf, playbillDays } from './playbill.ts';

// 2030-08-21 19:00 in Berlin (summer time, UTC+2) = 17:00 UTC.
const evening = Date.UTC(2030, 7, 21, 17, 0) / 1000;
const show = (title: string, start: number, minutes = 60): Performance => ({
  title,
  start,
  end: start + minutes * 60,
});

describe('playbillDays (§2 /sichuan-culture/playbill)', () => {
  const list = [
    show('late', evening + 3 * 3600),
    show('first', evening),
    // 23:30 Berlin on the 21st is 21:30 UTC: still the 21st in Berlin.
    show('midnight', evening + 4.5 * 3600),
    show('next day', evening + 24 * 3600),
  ];

  it('groups by day in the meeting zone, in time order', () => {
    const days = playbillDays(list, 'Europe/Berlin', 0);
    expect(days.map((day) => day.date)).toEqual(['2030-08-21', '2030-08-22']);
    expect(days[0]?.items.map((item) => item.performance.title)).toEqual(['first', 'late', 'midnight']);
    // The same instants in Shanghai (UTC+8): 01:00 and later fall on the next date.
    const shanghai = playbillDays(list, 'Asia/Shanghai', 0);
    expect(shanghai.map((day) => day.date)).toEqual(['2030-08-22', '2030-08-23']);
  });

  it('marks what is on now, else the next one to start', () => {
    const before = playbillDays(list, 'Europe/Berlin', evening - 60).flatMap((day) => day.items);
    expect(before.map((item) => item.mark)).toEqual(['next', null, null, null]);
    const during = playbillDays(list, 'Europe/Berlin', evening + 30 * 60).flatMap((day) => day.items);
    expect(during.map((item) => item.mark)).toEqual(['now', null, null, null]);
    const between = playbillDays(list, 'Europe/Berlin', evening + 2 * 3600).flatMap((day) => day.items);
    expect(between.map((item) => item.mark)).toEqual([null, 'next', null, null]);
    const after = playbillDays(list, 'Europe/Berlin', evening + 48 * 3600).flatMap((day) => day.items);
    expect(after.every((item) => item.mark === null)).toBe(true);
  });

  it('drops performances without a title or ending before they start', () => {
    expect(
      performancesOf({
        performances: [show('ok', 100), { title: '', start: 1, end: 2 }, { title: 'x', start: 5, end: 5 }],
      }),
    ).toHaveLength(1);
    expect(performancesOf({})).toEqual([]);
  });
});
