import { describe, expect, it } from 'vitest';
import { nextDate, readsDifferentlyOnDevice, wallDate } from './device-time.ts';

describe('readsDifferentlyOnDevice', () => {
  // 2026-03-29 12:00 UTC: London already on summer time (+01:00), Lisbon too; Shanghai +08:00.
  const at = Date.UTC(2026, 2, 29, 12, 0) / 1000;
  it('is false for the same zone or the same wall clock', () => {
    expect(readsDifferentlyOnDevice(at, 'Asia/Shanghai', 'Asia/Shanghai')).toBe(false);
    expect(readsDifferentlyOnDevice(at, 'Asia/Shanghai', 'Asia/Singapore')).toBe(false);
    expect(readsDifferentlyOnDevice(at, 'Europe/London', 'Europe/Lisbon')).toBe(false);
  });
  it('is true when the clocks read differently', () => {
    expect(readsDifferentlyOnDevice(at, 'Europe/London', 'Asia/Shanghai')).toBe(true);
    expect(readsDifferentlyOnDevice(at, 'America/New_York', 'UTC')).toBe(true);
  });
  it('is false for an empty zone', () => {
    expect(readsDifferentlyOnDevice(at, '', 'UTC')).toBe(false);
  });
});

describe('wallDate and nextDate', () => {
  it('reads the calendar date in a zone and steps it across month ends and clock changes', () => {
    const at = Date.parse('2026-10-24T22:30:00Z') / 1000;
    expect(wallDate(at, 'Europe/Berlin')).toBe('2026-10-25');
    expect(wallDate(at, 'America/New_York')).toBe('2026-10-24');
    expect(nextDate('2026-10-25')).toBe('2026-10-26');
    expect(nextDate('2026-10-31')).toBe('2026-11-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });
});
