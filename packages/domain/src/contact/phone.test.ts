import { describe, expect, it } from 'vitest';
import { isOptionalEmailValid, normaliseEmail } from './email.ts';
import { callingCodes, digitsOnly, normalisePhone, regionOfCallingCode } from './phone.ts';

describe('normalisePhone', () => {
  it('gives one E.164 form for the ways a mainland mobile is typed', () => {
    for (const typed of [
      '+86 138 0013 8000',
      '13800138000',
      '138-0013-8000',
      '１３８００１３８０００',
      '+８６１３８００１３８０００',
    ]) {
      expect(normalisePhone(typed)?.e164, typed).toBe('+8613800138000');
    }
  });

  it('refuses mainland numbers that are not zh-CN mobiles', () => {
    expect(normalisePhone('1380013800')).toBeNull();
    expect(normalisePhone('01012345678')).toBeNull(); // Beijing landline
    expect(normalisePhone('12345678901')).toBeNull();
  });

  it('validates other regions by their own rules', () => {
    expect(normalisePhone('650 253 0000', '1')).toMatchObject({
      e164: '+16502530000',
      areaCode: '1',
      region: 'US',
    });
    expect(normalisePhone('07400 123456', '44')?.e164).toBe('+447400123456');
    expect(normalisePhone('123', '44')).toBeNull();
    expect(normalisePhone('', '1')).toBeNull();
  });

  it('keeps digits only', () => {
    expect(digitsOnly('+86 (138) 0013-8000')).toBe('8613800138000');
    expect(digitsOnly('１２３')).toBe('123');
  });

  it('lists calling codes with the main region first', () => {
    expect(regionOfCallingCode('1')).toBe('US');
    expect(regionOfCallingCode('86')).toBe('CN');
    expect(callingCodes().length).toBeGreaterThan(200);
  });
});

describe('normaliseEmail', () => {
  it('lower-cases and trims valid addresses and refuses others', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normaliseEmail('not-an-email')).toBeNull();
    expect(isOptionalEmailValid('')).toBe(true);
    expect(isOptionalEmailValid('x@')).toBe(false);
  });
});
