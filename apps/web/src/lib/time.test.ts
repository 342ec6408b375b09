import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeParts, formatTimeRange, readsDifferently, zoneSuffix } from './time.ts';

// Wednesday 2026-12-16 09:30 in Berlin (winter time, +01:00) = 08:30 UTC = 03:30 in New York.
const at = Date.UTC(2026, 11, 16, 8, 30);
const berlin = 'Europe/Berlin';

describe('the one time rule (lib/time.ts)', () => {
  it('shows the bare time on a device in the same zone, or one on the same clock', () => {
    expect(formatTime(at, berlin, 'en', berlin)).toBe('09:30');
    expect(formatTime(at, berlin, 'en', 'Europe/Paris')).toBe('09:30');
    expect(formatTimeParts(at, berlin, 'zh', berlin)).toEqual({ time: '09:30', zone: '' });
    expect(zoneSuffix(at, berlin, 'en', 'Africa/Lagos')).toBe('');
  });

  it("names the zone after the meeting's wall-clock time when the device's clock reads differently", () => {
    expect(formatTime(at, berlin, 'en', 'America/New_York')).toBe('09:30 GMT+1');
    expect(formatTime(at, berlin, 'zh', 'Asia/Shanghai')).toBe('09:30 GMT+1');
    expect(formatTime(at, 'America/New_York', 'en', berlin)).toBe('03:30 EST');
    expect(formatTime(at, 'Asia/Shanghai', 'en', berlin)).toBe('16:30 GMT+8');
    // Localised: Arabic names GMT in Arabic (Latin digits), German has its own abbreviation.
    expect(formatTimeParts(at, berlin, 'ar', 'Asia/Shanghai').zone).toBe('غرينتش+1');
    expect(formatTimeParts(at, berlin, 'de', 'Asia/Shanghai').zone).toBe('MEZ');
  });

  it('names the zone once for a range', () => {
    expect(formatTimeRange(at, at + 3_600_000, berlin, 'en', berlin)).toBe('09:30 – 10:30');
    expect(formatTimeRange(at, at + 3_600_000, berlin, 'en', 'Asia/Shanghai')).toBe('09:30 – 10:30 GMT+1');
  });

  it('decides by the clocks at that instant: the same two zones agree in one season and not the other', () => {
    // London and Lisbon always agree; London and Lagos (+01:00 all year) only in British summer.
    expect(readsDifferently(Date.UTC(2026, 6, 1), 'Europe/London', 'Europe/Lisbon')).toBe(false);
    expect(readsDifferently(Date.UTC(2026, 6, 1), 'Europe/London', 'Africa/Lagos')).toBe(false);
    expect(readsDifferently(Date.UTC(2026, 11, 1), 'Europe/London', 'Africa/Lagos')).toBe(true);
    expect(readsDifferently(at, '', 'UTC')).toBe(false);
    expect(readsDifferently(at, 'Not/AZone', 'UTC')).toBe(false);
  });
});
