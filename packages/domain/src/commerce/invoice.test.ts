import { describe, expect, it } from 'vitest';
import {
  type InvoiceRequestInput,
  isUnifiedSocialCreditCode,
  mainlandMobileOf,
  validateInvoiceRequest,
} from './invoice.ts';

/** Codes of real companies, as printed on their business licences (GB 32100-2015). */
const realCodes = [
  '91350100M000100Y43',
  '9144030071526726XG',
  '91330100716105852F',
  '914403001922038216',
  '91110000802100433B',
  '91110108551385082Q',
  '91440300708461136T',
  '91110000710925462X',
];

describe('isUnifiedSocialCreditCode (GB 32100-2015)', () => {
  it.each(realCodes)('accepts %s', (code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(true);
  });

  it('ignores case and spaces', () => {
    expect(isUnifiedSocialCreditCode(' 9144 0300 7152 6726xg ')).toBe(true);
  });

  it('refuses every single-character corruption of a real code', () => {
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    for (const code of realCodes) {
      for (let index = 0; index < 18; index += 1) {
        const value = alphabet.indexOf(code.charAt(index));
        const other = alphabet.charAt((value + 1) % 31);
        const corrupted = `${code.slice(0, index)}${other}${code.slice(index + 1)}`;
        expect(isUnifiedSocialCreditCode(corrupted), corrupted).toBe(false);
      }
    }
  });

  it.each([
    ['', 'empty'],
    ['9144030071526726X', '17 characters'],
    ['9144030071526726XGG', '19 characters'],
    ['9144030071526726XI', 'letter I is not in the alphabet'],
    ['91440A0071526726XG', 'letters in the division code'],
    ['Z144030071526726XG', 'unknown registration authority'],
  ])('refuses %s (%s)', (code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(false);
  });
});

describe('mainlandMobileOf (§5 invoice phone: a mainland China mobile)', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['+86 138-0013-8000', '13800138000'],
    ['008613800138000', '13800138000'],
    ['8613800138000', '13800138000'],
    ['１３８００１３８０００', '13800138000'],
    ['19912345678', '19912345678'],
  ])('reads %s as %s', (input, national) => {
    expect(mainlandMobileOf(input)).toBe(national);
  });

  it.each([
    ['+1 202 555 0142', 'another country'],
    ['+852 6123 4567', 'Hong Kong'],
    ['12345678901', 'no mobile prefix'],
    ['1380013800', '10 digits'],
    ['010-12345678', 'a Beijing landline'],
    ['138OO138000', 'letters'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(mainlandMobileOf(input)).toBeNull();
  });
});

const regular: InvoiceRequestInput = {
  type: 'regular',
  title: '深圳市腾讯计算机系统有限公司',
  taxpayer_number: '9144030071526726xg',
  registered_address: '',
  phone: '',
  bank: '',
  bank_account: '',
  mobile: '138 0013 8000',
  email: '',
  delivery: 'electronic',
  mailing_address: '',
};

describe('validateInvoiceRequest (§3 Invoice, §5)', () => {
  it('accepts a regular electronic invoice and normalises code and mobile', () => {
    const result = validateInvoiceRequest(regular);
    expect(result).toEqual({
      ok: true,
      value: { ...regular, taxpayer_number: '9144030071526726XG', mobile: '13800138000' },
    });
  });

  it('names every bad field of an empty special express request', () => {
    const result = validateInvoiceRequest({
      ...regular,
      type: 'special',
      delivery: 'express',
      title: ' ',
      taxpayer_number: '',
      mobile: '',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => [error.path, error.code])).toEqual([
      ['title', 'required'],
      ['taxpayer_number', 'required'],
      ['registered_address', 'required'],
      ['phone', 'required'],
      ['bank', 'required'],
      ['bank_account', 'required'],
      ['mobile', 'required'],
      ['mailing_address', 'required'],
    ]);
  });

  it('accepts a complete special invoice', () => {
    const result = validateInvoiceRequest({
      ...regular,
      type: 'special',
      registered_address: '深圳市南山区科技中一路腾讯大厦',
      phone: '0755-86013388',
      bank: '招商银行深圳分行',
      bank_account: '8171 2345 6789 0012',
      email: 'Finance@Example.COM',
      delivery: 'express',
      mailing_address: '北京市朝阳区某路 1 号',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bank_account).toBe('8171234567890012');
    expect(result.value.email).toBe('finance@example.com');
  });

  it.each([
    [{ taxpayer_number: '9144030071526726XA' }, 'taxpayer_number', 'invalid'],
    [{ mobile: '+1 202 555 0142' }, 'mobile', 'invalid'],
    [{ mobile: '12345678901' }, 'mobile', 'invalid'],
    [{ email: 'not-an-email' }, 'email', 'invalid'],
    [{ bank_account: '12ab' }, 'bank_account', 'invalid'],
    [{ phone: 'call me' }, 'phone', 'invalid'],
    [{ title: 'x'.repeat(101) }, 'title', 'too_long'],
    [{ type: 'other' as never }, 'type', 'invalid'],
    [{ delivery: 'drone' as never }, 'delivery', 'invalid'],
  ])('refuses %o at %s', (patch, path, code) => {
    const result = validateInvoiceRequest({ ...regular, ...patch });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([expect.objectContaining({ path, code })]);
  });

  it('drops the mailing address unless the invoice is sent by express', () => {
    const result = validateInvoiceRequest({ ...regular, mailing_address: 'somewhere' });
    expect(result.ok && result.value.mailing_address).toBe('');
  });
});
