import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDate, toMilliseconds, toUnixSeconds } from './timestamps.ts';

describe('13- vs 10-digit timestamps (§9)', () => {
  it('reads 13 digits as milliseconds', () => expect(toMilliseconds(1566378000123)).toBe(1566378000123));
  it('reads 10 digits as seconds', () => expect(toMilliseconds(1566378000)).toBe(1566378000000));
  it('reads short values as seconds', () => expect(toMilliseconds(60)).toBe(60_000));
  it('gives the same instant either way', () => {
    expect(toDate(1566378000).toISOString()).toBe(toDate(1566378000000).toISOString());
  });
  it('round-trips seconds for every date between 2001 and 2286', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), (seconds) => {
        expect(toUnixSeconds(toDate(seconds))).toBe(seconds);
        expect(toUnixSeconds(toMilliseconds(seconds * 1000))).toBe(seconds);
      }),
    );
  });
});
