import { describe, expect, it } from 'vitest';
import { parseInquiryAmount } from './inquiry-amount.ts';

describe('parseInquiryAmount (§5 inquiry amount must be a valid number)', () => {
  it.each([
    ['1200', 120000],
    ['99.5', 9950],
    ['0.01', 1],
    [' 1,200.00 ', 120000],
    [1200, 120000],
    ['0', 0],
  ] as const)('%s → %s cents', (input, cents) => {
    expect(parseInquiryAmount(input)).toBe(cents);
  });
  it.each([
    ['abc'],
    ['1e3'],
    ['-5'],
    ['1.234'],
    ['NaN'],
    ['Infinity'],
    ['12abc'],
    ['1000000001'],
    [Number.NaN],
  ])('%s is invalid', (input) => {
    expect(parseInquiryAmount(input)).toBe('invalid');
  });
  it('empty is no amount', () => {
    expect(parseInquiryAmount('')).toBeNull();
    expect(parseInquiryAmount('  ')).toBeNull();
    expect(parseInquiryAmount(undefined)).toBeNull();
  });
});
