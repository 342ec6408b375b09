import { describe, expect, it } from 'vitest';
import { wallClockText } from './wall-clock.ts';

describe('wallClockText', () => {
  it('reads an instant in zones of both offset signs, 24-hour', () => {
    const at = Date.UTC(2026, 2, 29, 0, 30); // 00:30 UTC, the night Berlin moves to summer time
    expect(wallClockText(at, 'UTC')).toBe('2026-03-29 00:30');
    expect(wallClockText(at, 'Europe/Berlin')).toBe('2026-03-29 01:30');
    expect(wallClockText(new Date(at + 3600_000), 'Europe/Berlin')).toBe('2026-03-29 03:30');
    expect(wallClockText(at, 'America/New_York')).toBe('2026-03-28 20:30');
    expect(wallClockText(Date.UTC(2026, 0, 1, 16), 'Asia/Shanghai')).toBe('2026-01-02 00:00');
  });

  it("answers '' for a zone the runtime does not know", () => {
    expect(wallClockText(0, 'Mars/Olympus')).toBe('');
  });
});
