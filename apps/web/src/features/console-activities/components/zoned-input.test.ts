import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zoned-input.ts';

describe('activity editor times in the meeting time zone', () => {
  it('reads and writes the wall clock of the zone', () => {
    const seconds = Date.UTC(2026, 4, 20, 1, 30) / 1000;
    expect(toZonedInput(seconds, 'Asia/Shanghai')).toBe('2026-05-20T09:30');
    expect(fromZonedInput('2026-05-20T09:30', 'Asia/Shanghai')).toBe(seconds);
    expect(toZonedInput(seconds, 'America/New_York')).toBe('2026-05-19T21:30');
    expect(fromZonedInput('2026-05-19T21:30', 'America/New_York')).toBe(seconds);
  });

  it('treats 0 and empty as not set', () => {
    expect(toZonedInput(0, 'UTC')).toBe('');
    expect(fromZonedInput('', 'UTC')).toBe(0);
  });
});
