/**
 * The lives' clock (§4 Live states, §9 reminders). Every lives service reads `liveClock.now()`; tests
 * replace `now` to stand on either side of a start, an end or a reminder time.
 */
export const liveClock = { now: (): Date => new Date() };
