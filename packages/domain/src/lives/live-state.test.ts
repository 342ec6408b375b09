import { describe, expect, it } from 'vitest';
import { isLiveOngoing, liveCountdown, liveStateOf } from './live-state.ts';

describe('liveStateOf (§4 Live)', () => {
  const live = { start: 1000, end: 2000, paused: 0 as const, has_replay: 0 as const };

  it('is coming soon until the second of the start, streaming from it', () => {
    expect(liveStateOf(live, 999)).toBe('coming_soon');
    expect(liveStateOf(live, 1000)).toBe('streaming');
    expect(liveStateOf(live, 1999)).toBe('streaming');
  });

  it('has ended at the second of the end, or shows the replay when one is set', () => {
    expect(liveStateOf(live, 2000)).toBe('ended');
    expect(liveStateOf({ ...live, has_replay: 1 }, 2000)).toBe('replay');
    expect(liveStateOf({ ...live, has_replay: 1 }, 1999)).toBe('streaming');
  });

  it('is paused only while ongoing', () => {
    const paused = { ...live, paused: 1 as const };
    expect(liveStateOf(paused, 999)).toBe('coming_soon');
    expect(liveStateOf(paused, 1000)).toBe('paused');
    expect(liveStateOf(paused, 2000)).toBe('ended');
    expect(isLiveOngoing(paused, 1000)).toBe(true);
    expect(isLiveOngoing(paused, 2000)).toBe(false);
  });

  it('counts down in whole seconds and stops at zero', () => {
    expect(liveCountdown(1000 + 86_400 + 3661, 1000)).toEqual({
      total: 90_061,
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 1,
    });
    expect(liveCountdown(1000, 1000.4).total).toBe(0);
    expect(liveCountdown(1000, 5000).total).toBe(0);
  });
});
