import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskIdNumber, parseIdNumber } from './id-number.ts';

/**
 * Property tests of the ID number check (§5 "ID number valid"): the ISO 7064 MOD 11-2 check
 * character (GB 11643) of mainland cards and HK/Macao/Taiwan residence permits, computed here apart
 * from the implementation. Every well-formed number with its own check character is accepted; any
 * other check character, any single changed digit and any swap of two neighbouring different
 * digits is refused (the weights are non-zero and pairwise different modulo the prime 11).
 */
const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function check(first17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += (weights[index] as number) * Number(first17[index]);
  return '10X98765432'[sum % 11] as string;
}

/** Mainland region codes (county level) of several provinces. */
const regions = ['110105', '310101', '440304', '510107', '330106', '420111', '610113', '650102'];
const permitPrefixes = {
  '810000': 'hong_kong_permit',
  '820000': 'macao_permit',
  '830000': 'taiwan_permit',
} as const;

const birthDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2020-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10).replaceAll('-', ''));
const sequence = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'));
const first17 = (prefixes: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...prefixes), birthDate, sequence)
    .map(([prefix, date, seq]) => prefix + date + seq);
const mainland17 = first17(regions);
const any17 = first17([...regions, ...Object.keys(permitPrefixes)]);

describe('ID number check character (property)', () => {
  it('accepts every mainland number with its own check character, x in either case, spaces ignored', () => {
    fc.assert(
      fc.property(mainland17, (digits) => {
        const number = digits + check(digits);
        expect(parseIdNumber(number)).toEqual({ kind: 'mainland', normalised: number });
        const typed = `${number.slice(0, 6)} ${number.slice(6, 14)} ${number.slice(14).toLowerCase()}`;
        expect(parseIdNumber(typed)?.normalised).toBe(number);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the permit kind from its prefix', () => {
    fc.assert(
      fc.property(first17(Object.keys(permitPrefixes)), (digits) => {
        const parsed = parseIdNumber(digits + check(digits));
        expect(parsed?.kind).toBe(permitPrefixes[digits.slice(0, 6) as keyof typeof permitPrefixes]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every other check character', () => {
    fc.assert(
      fc.property(any17, fc.constantFrom(...'0123456789X'), (digits, other) => {
        fc.pre(other !== check(digits));
        expect(parseIdNumber(digits + other)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any single changed digit', () => {
    fc.assert(
      fc.property(
        any17,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, shift) => {
          const number = digits + check(digits);
          const changed = String((Number(number[at]) + shift) % 10);
          expect(parseIdNumber(number.slice(0, at) + changed + number.slice(at + 1))).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a swap of two neighbouring different digits', () => {
    fc.assert(
      fc.property(any17, fc.integer({ min: 0, max: 15 }), (digits, at) => {
        const number = digits + check(digits);
        fc.pre(number[at] !== number[at + 1]);
        const swapped = number.slice(0, at) + number[at + 1] + number[at] + number.slice(at + 2);
        expect(parseIdNumber(swapped)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('masks keep the length, the first 3 and the last 4 characters', () => {
    fc.assert(
      fc.property(any17, (digits) => {
        const number = digits + check(digits);
        const mask = maskIdNumber(number);
        expect(mask).toHaveLength(18);
        expect(mask).toBe(`${number.slice(0, 3)}${'*'.repeat(11)}${number.slice(-4)}`);
      }),
    );
  });
});
