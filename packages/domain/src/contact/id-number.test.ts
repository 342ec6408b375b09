import { describe, expect, it } from 'vitest';
import { maskIdNumber, parseIdNumber } from './id-number.ts';

describe('parseIdNumber', () => {
  it.each([
    ['11010519491231002X', 'mainland'],
    ['11010519491231002x', 'mainland'],
    ['440304198506121230', 'mainland'],
    ['310115199003074560', 'mainland'],
    ['110101200002290018', 'mainland'],
    ['650102197808153335', 'mainland'],
    ['810000199001010019', 'hong_kong_permit'],
    ['820000198812310020', 'macao_permit'],
    ['830000199201300022', 'taiwan_permit'],
    [' 4403 0419 8506 1212 30 ', 'mainland'],
    ['４４０３０４１９８５０６１２１２３０', 'mainland'],
  ])('accepts %s as %s', (input, kind) => {
    expect(parseIdNumber(input)?.kind).toBe(kind);
  });

  it('normalises case and spacing', () => {
    expect(parseIdNumber('11010519491231002x')?.normalised).toBe('11010519491231002X');
    expect(parseIdNumber(' 4403 0419 8506 1212 30 ')?.normalised).toBe('440304198506121230');
  });

  it.each([
    ['11010519491231002Y', 'letter other than X'],
    ['110105194912310021', 'wrong check digit (mainland)'],
    ['440304198506121231', 'wrong check digit (mainland)'],
    ['440304198513121233', 'month 13'],
    ['110101190002290011', '29 February of a non-leap year'],
    ['990304198506121235', 'unknown region 99'],
    ['810000199001010018', 'wrong check digit (Hong Kong permit)'],
    ['820000198812310021', 'wrong check digit (Macao permit)'],
    ['830000199201300023', 'wrong check digit (Taiwan permit)'],
    ['830000199213300020', 'bad birth date (Taiwan permit)'],
    ['831234199201300022', 'Taiwan prefix without 0000'],
    ['440304303006121238', 'birth date in the future'],
    ['440304850612123', 'old 15-digit card'],
    ['44030419850612123', '17 digits'],
    ['4403041985061212300', '19 digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(parseIdNumber(input)).toBeNull();
  });

  it('refuses every single-digit corruption of a valid number', () => {
    const valid = '440304198506121230';
    for (let index = 0; index < 17; index += 1) {
      const digit = Number(valid[index]);
      const corrupted = `${valid.slice(0, index)}${(digit + 1) % 10}${valid.slice(index + 1)}`;
      expect(parseIdNumber(corrupted), corrupted).toBeNull();
    }
  });
});

describe('maskIdNumber', () => {
  it('keeps the first 3 and last 4 characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
});
