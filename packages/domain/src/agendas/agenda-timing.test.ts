import { describe, expect, it } from 'vitest';
import { durationMinutes, formatDuration, isOngoing, parseDuration } from './agenda-timing.ts';

describe('agenda timing', () => {
  it('is ongoing while start <= now < end', () => {
    const range = { start: 1000, end: 2000 };
    expect(isOngoing(range, 999)).toBe(false);
    expect(isOngoing(range, 1000)).toBe(true);
    expect(isOngoing(range, 1999)).toBe(true);
    expect(isOngoing(range, 2000)).toBe(false);
  });
  it('formats and parses hh:mm durations', () => {
    expect(formatDuration(90)).toBe('01:30');
    expect(formatDuration(5)).toBe('00:05');
    expect(parseDuration('01:30')).toBe(90);
    expect(parseDuration('1:2:03')).toBe(1440 + 123);
    expect(parseDuration('abc')).toBeNaN();
    expect(parseDuration('1')).toBeNaN();
  });
  it('counts whole minutes, never negative', () => {
    expect(durationMinutes({ start: 0, end: 90 * 60_000 + 59_000 })).toBe(90);
    expect(durationMinutes({ start: 10, end: 0 })).toBe(0);
  });
});
