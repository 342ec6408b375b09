import { describe, expect, it } from 'vitest';
import { offsetMinutes, timeZoneOptions } from './time-zones.ts';

describe('timeZoneOptions', () => {
  // 2026-07-01 00:00 UTC: New York on summer time.
  const at = Date.UTC(2026, 6, 1) / 1000;

  it('labels each zone with its offset then, ordered by offset', () => {
    const options = timeZoneOptions(at, [], ['Asia/Shanghai', 'America/New_York', 'UTC', 'Asia/Kathmandu']);
    expect(options).toEqual([
      { value: 'America/New_York', label: '(UTC-04:00) America/New York' },
      { value: 'UTC', label: '(UTC+00:00) UTC' },
      { value: 'Asia/Kathmandu', label: '(UTC+05:45) Asia/Kathmandu' },
      { value: 'Asia/Shanghai', label: '(UTC+08:00) Asia/Shanghai' },
    ]);
  });

  it('keeps the device zone and the current choice, once, and drops unknown names', () => {
    const options = timeZoneOptions(at, ['Europe/Paris', 'UTC', ''], ['UTC', 'Mars/Olympus']);
    expect(options.map((option) => option.value)).toEqual(['UTC', 'Europe/Paris']);
  });

  it('lists the browser zones by default', () => {
    expect(timeZoneOptions(at, ['UTC']).length).toBeGreaterThan(1);
  });
});

describe('offsetMinutes', () => {
  it('reads signed offsets', () => {
    expect(offsetMinutes('+05:45')).toBe(345);
    expect(offsetMinutes('-03:30')).toBe(-210);
    expect(offsetMinutes('+00:00')).toBe(0);
    expect(offsetMinutes('bogus')).toBe(0);
  });
});
