/**
 * Timestamp rules of §9: a 13-digit number is milliseconds, anything shorter is seconds.
 */

/** Converts a unix timestamp in seconds or milliseconds (13 digits) to epoch milliseconds. */
export function toMilliseconds(timestamp: number): number {
  const digits = Math.trunc(Math.abs(timestamp)).toString().length;
  return digits >= 13 ? Math.trunc(timestamp) : Math.trunc(timestamp * 1000);
}

/** Converts a unix timestamp in seconds or milliseconds to a Date. */
export function toDate(timestamp: number): Date {
  return new Date(toMilliseconds(timestamp));
}

/** Unix seconds (integer) of a Date or epoch-milliseconds value. */
export function toUnixSeconds(value: Date | number): number {
  const ms = typeof value === 'number' ? value : value.getTime();
  return Math.floor(ms / 1000);
}
