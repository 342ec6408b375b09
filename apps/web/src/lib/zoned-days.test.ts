import { describe, expect, it } from 'vitest';
import { formatDateRange, formatTime } from './time.ts';
import { dateKey, datesBetween, dayRange } from './zoned-days.ts';

const berlin = 'Europe/Berlin';

describe('meeting time zone', () => {
  it('finds calendar dates and day ranges in the meeting zone', () => {
    // 2019-08-21 23:30 UTC is already the 22nd in Berlin (UTC+2).
    expect(dateKey(Date.UTC(2019, 7, 21, 23, 30), berlin)).toBe('2019-08-22');
    const range = dayRange('2019-08-22', berlin);
    expect(new Date(range.start).toISOString()).toBe('2019-08-21T22:00:00.000Z');
    expect(range.end - range.start).toBe(86_400_000);
  });

  it('lists the dates a meeting spans, an end at midnight excluded', () => {
    const start = dayRange('2019-08-21', berlin).start;
    const end = dayRange('2019-08-26', berlin).start;
    expect(datesBetween(start, end, berlin)).toEqual([
      '2019-08-21',
      '2019-08-22',
      '2019-08-23',
      '2019-08-24',
      '2019-08-25',
    ]);
  });

  it('formats times in the meeting zone, not the device one', () => {
    expect(formatTime(Date.UTC(2019, 7, 22, 10, 0), berlin, 'en')).toBe('12:00');
    expect(formatTime(Date.UTC(2019, 7, 22, 10, 0), 'Asia/Shanghai', 'zh')).toBe('18:00');
    const range = formatDateRange(
      dayRange('2019-08-21', berlin).start,
      dayRange('2019-08-26', berlin).start,
      berlin,
      'en',
    );
    expect(range).toMatch(/^Aug 21\s–\s25, 2019$/);
  });
});
