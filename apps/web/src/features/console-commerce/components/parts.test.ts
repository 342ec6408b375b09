import { describe, expect, it } from 'vitest';
import { centsOf, dayOf, dayStartSeconds, daysBefore, yuanText } from './parts.tsx';

describe('console commerce form helpers (§9 cents, validity days in the meeting zone)', () => {
  it('reads yuan text as cents, refusing anything but a number with at most 2 decimals', () => {
    expect(centsOf('12')).toBe(1200);
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf(' 0.01 ')).toBe(1);
    expect(centsOf('99.99')).toBe(9999);
    for (const bad of ['', '-1', '1.234', '1,5', 'abc', '1e3']) expect(centsOf(bad), bad).toBeNull();
    expect(yuanText(12345)).toBe('123.45');
    expect(yuanText(5)).toBe('0.05');
  });

  it('finds the first instant of a day in a zone, across daylight saving, and back', () => {
    expect(dayStartSeconds('2026-03-01', 'Asia/Shanghai')).toBe(Date.UTC(2026, 1, 28, 16) / 1000);
    expect(dayStartSeconds('2026-03-01', 'UTC')).toBe(Date.UTC(2026, 2, 1) / 1000);
    // Berlin moves to summer time on 2026-03-29 at 02:00: that day still starts at 23:00 UTC the day before.
    expect(dayStartSeconds('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23) / 1000);
    expect(dayStartSeconds('2026-03-30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 22) / 1000);
    expect(dayStartSeconds('2026-01-01', 'America/New_York')).toBe(Date.UTC(2026, 0, 1, 5) / 1000);
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC']) {
      const start = dayStartSeconds('2026-03-29', zone);
      expect(dayOf(start, zone), zone).toBe('2026-03-29');
      expect(dayOf(start - 1, zone), zone).toBe('2026-03-28');
    }
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-02-28', -1)).toBe('2026-03-01');
  });
});
