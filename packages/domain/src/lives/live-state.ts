/**
 * A live's shown state (§4 Live): ongoing while start ≤ now < end. Shown states:
 * - 'coming_soon' before the start (the room counts down, tick 1000 ms, §9);
 * - 'streaming' while ongoing;
 * - 'paused' while ongoing but paused by the organiser;
 * - 'replay' from the end on when a recording URL is set;
 * - 'ended' from the end on without one.
 * Times are unix seconds; `now` comes from the server (the answer's `now`), never only the device.
 */
export type LiveState = 'coming_soon' | 'streaming' | 'paused' | 'ended' | 'replay';

/** The fields of a live the state depends on: start and end in unix seconds, flags 0/1. */
export type LiveTiming = { start: number; end: number; paused: 0 | 1; has_replay: 0 | 1 };

/** The §4 state of `live` at `nowSeconds` (unix seconds). */
export function liveStateOf(live: LiveTiming, nowSeconds: number): LiveState {
  if (nowSeconds < live.start) return 'coming_soon';
  if (nowSeconds < live.end) return live.paused === 1 ? 'paused' : 'streaming';
  return live.has_replay === 1 ? 'replay' : 'ended';
}

/** True while start ≤ now < end (§4 'ongoing'), paused or not. */
export function isLiveOngoing(live: Pick<LiveTiming, 'start' | 'end'>, nowSeconds: number): boolean {
  return live.start <= nowSeconds && nowSeconds < live.end;
}

/**
 * Whole seconds left until the start (0 once started), split for a countdown display
 * (days, hours, minutes, seconds).
 */
export function liveCountdown(
  startSeconds: number,
  nowSeconds: number,
): { total: number; days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(startSeconds - nowSeconds));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
