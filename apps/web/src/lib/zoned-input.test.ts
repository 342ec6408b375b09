import { describe, expect, it } from 'vitest';
import { fromZonedInput, isKnownZone, toZonedInput } from './zoned-input.ts';

describe('console date-times in the meeting time zone (§3)', () => {
  it('shows and reads the wall clock of the meeting zone', () => {
    // 2030-01-01T00:00:00Z is 08:00 in Shanghai and 19:00 the day before in New York.
    expect(toZonedInput(1_893_456_000, 'Asia/Shanghai')).toBe('2030-01-01T08:00');
    expect(toZonedInput(1_893_456_000, 'America/New_York')).toBe('2029-12-31T19:00');
    expect(fromZonedInput('2030-01-01T08:00', 'Asia/Shanghai')).toBe(1_893_456_000);
    expect(fromZonedInput('2029-12-31T19:00', 'America/New_York')).toBe(1_893_456_000);
  });

  it('reads a wall clock across a daylight-saving change', () => {
    // 2030-07-01 12:00 in Berlin is CEST (UTC+2), 2030-01-01 12:00 is CET (UTC+1).
    expect(fromZonedInput('2030-07-01T12:00', 'Europe/Berlin')).toBe(Date.UTC(2030, 6, 1, 10) / 1000);
    expect(fromZonedInput('2030-01-01T12:00', 'Europe/Berlin')).toBe(Date.UTC(2030, 0, 1, 11) / 1000);
  });

  it('is empty for no time and null for an empty input', () => {
    expect(toZonedInput(0, 'UTC')).toBe('');
    expect(fromZonedInput('', 'UTC')).toBeNull();
  });

  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(isKnownZone('Mars/Olympus')).toBe(false);
    expect(isKnownZone('')).toBe(false);
    expect(isKnownZone('Asia/Shanghai')).toBe(true);
    expect(toZonedInput(1_893_456_000, 'Mars/Olympus')).toBe('2030-01-01T00:00');
    expect(fromZonedInput('2030-01-01T00:00', '')).toBe(1_893_456_000);
  });
});
