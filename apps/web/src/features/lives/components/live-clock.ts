import { timing } from '@app/contracts/wire/limits.ts';
import { liveCountdown } from '@app/domain';
import { useEffect, useState } from 'react';

/**
 * The server's clock in unix seconds, ticking every 1000 ms (§9 countdown tick): `serverNow` is an
 * answer's `now` and `receivedAt` the device time (ms) it arrived, so a device whose clock is off
 * still counts down to the right moment.
 */
export function useServerClock(serverNow: number | undefined, receivedAt: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), timing.countdownTickMs);
    return () => clearInterval(timer);
  }, []);
  if (serverNow === undefined) return Math.floor(deviceNow / 1000);
  return serverNow + Math.max(0, deviceNow - receivedAt) / 1000;
}

/** `2d 03:04:05` parts until `startSeconds` on the server clock (never negative). */
export function countdownParts(startSeconds: number, nowSeconds: number) {
  const left = liveCountdown(startSeconds, Math.floor(nowSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    total: left.total,
    days: left.days,
    clock: `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`,
  };
}
