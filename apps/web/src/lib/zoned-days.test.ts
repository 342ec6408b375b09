import { describe, expect, it } from 'vitest';
import { formatDateRange, formatTime } from './time.ts';
import { dateKey, datesBetween, dayRange, differsFromDevice } from './zoned-days.ts';

const berlin = 'Europe/Berlin';

describe('meeting time zone', () => {
  it('finds calendar dates and day ranges in the meeting zone', () => {
    // 2019-08-21 23:30 UTC is already the 22nd in Berlin (UTC+2).
    expect(dateKey(Date.UTC(2019, 7, 21, 23, 30), berlin)).toBe('2019-08-22');
    const range = dayRange('2019-08-22', berlin);
    expect(new Date(range.start).toISOString()).toBe('2019-08-21T22:00:00.000Z');
    expect(range.end - range.start).toBe(86_400_000);
  });

  it('gives days of 23 and 25 hours where the clocks change', () => {
    const spring = dayRange('2019-03-31', berlin);
    expect(new Date(spring.start).toISOString()).toBe('2019-03-30T23:00:00.000Z');
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    const autumn = dayRange('2019-10-27', berlin);
    expect(new Date(autumn.start).toISOString()).toBe('2019-10-26T22:00:00.000Z');
    expect(autumn.end - autumn.start).toBe(25 * 3_600_000);
    expect(dateKey(autumn.end - 1, berlin)).toBe('2019-10-27');
    const kolkata = dayRange('2019-08-22', 'Asia/Kolkata');
    expect(new Date(kolkata.start).toISOString()).toBe('2019-08-21T18:30:00.000Z');
  });

  it('tells whether the zone reads differently from the device', () => {
    const at = Date.UTC(2019, 7, 22, 10, 0);
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(differsFromDevice(device, at)).toBe(false);
    const other = new Date(at).getTimezoneOffset() === -540 ? 'Europe/Berlin' : 'Asia/Tokyo';
    expect(differsFromDevice(other, at)).toBe(true);
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
    // (On a device in the same zone: no zone name, lib/time.test.ts covers the other case.)
    expect(formatTime(Date.UTC(2019, 7, 22, 10, 0), berlin, 'en', berlin)).toBe('12:00');
    expect(formatTime(Date.UTC(2019, 7, 22, 10, 0), 'Asia/Shanghai', 'zh', 'Asia/Shanghai')).toBe('18:00');
    const range = formatDateRange(
      dayRange('2019-08-21', berlin).start,
      dayRange('2019-08-26', berlin).start,
      berlin,
      'en',
    );
    expect(range).toMatch(/^Aug 21\s–\s25, 2019$/);
  });
});
