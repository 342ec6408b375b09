import { describe, expect, it } from 'vitest';
import { formatMoney, freeWord, minorUnitDigits, priceRange } from './money.ts';

describe('formatMoney (§9 amounts in cents, shown in yuan)', () => {
  it('shows yuan with the ¥ sign, whole amounts without fen', () => {
    expect(formatMoney(8000, 'CNY', 'zh')).toBe('¥80');
    expect(formatMoney(8000, 'CNY', 'en')).toBe('¥80');
  });
  it('shows fen when there are any', () => {
    expect(formatMoney(8050, 'CNY', 'en')).toBe('¥80.50');
    expect(formatMoney(1, 'CNY', 'en')).toBe('¥0.01');
  });
  it('groups thousands', () => expect(formatMoney(123456789, 'CNY', 'en')).toBe('¥1,234,567.89'));
  it('shows 0 as the word free in every language', () => {
    expect(formatMoney(0, 'CNY', 'zh')).toBe('免费');
    expect(formatMoney(0, 'CNY', 'en')).toBe('Free');
    expect(Object.keys(freeWord)).toHaveLength(20);
  });
  it('prints ¥0 when asked not to say free (receipts)', () => {
    expect(formatMoney(0, 'CNY', 'en', { zeroAsFree: false })).toBe('¥0');
    expect(formatMoney(0, 'CNY', 'en', { zeroAsFree: false, alwaysFraction: true })).toBe('¥0.00');
  });
  it('knows currencies without a minor unit', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(500, 'USD', 'en')).toBe('$5');
  });
  it('falls back to en for an unknown language', () =>
    expect(formatMoney(100, 'CNY', 'xx-bad-tag-!!')).toBe('¥1'));
  it('refuses fractional cents', () => expect(() => formatMoney(1.5, 'CNY', 'en')).toThrow(RangeError));
});

describe('priceRange (§9 min–max range)', () => {
  it('is empty without types', () => expect(priceRange([], 'CNY', 'en')).toBe(''));
  it('shows min – max', () => expect(priceRange([20000, 8000, 12000], 'CNY', 'en')).toBe('¥80 – ¥200'));
  it('shows one amount when all are equal', () => expect(priceRange([8000, 8000], 'CNY', 'en')).toBe('¥80'));
  it('says free when all are free', () => expect(priceRange([0, 0], 'CNY', 'en')).toBe('Free'));
  it('starts a range at ¥0, not the word', () => expect(priceRange([0, 5000], 'CNY', 'en')).toBe('¥0 – ¥50'));
});
