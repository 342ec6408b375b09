import isMobilePhone from 'validator/es/lib/isMobilePhone.js';
import { normaliseEmail } from '../contact/email.ts';

/**
 * Invoice requests (§3 Invoice, §4 Invoice, §5): the checks shared by the web form (each field's error
 * at the field) and the server (400 with one detail per bad field). Pure functions, no I/O.
 */

/** VAT invoice types (§3 Invoice: VAT regular or special). */
export const invoiceTypes = ['regular', 'special'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/** Delivery methods (§3 Invoice: electronic, express, venue pick-up). */
export const invoiceDeliveries = ['electronic', 'express', 'venue'] as const;
export type InvoiceDelivery = (typeof invoiceDeliveries)[number];

/** The fields a buyer fills in (§3 Invoice); every text may be '' where the rules allow. */
export type InvoiceRequestInput = {
  type: InvoiceType;
  title: string;
  taxpayer_number: string;
  registered_address: string;
  phone: string;
  bank: string;
  bank_account: string;
  mobile: string;
  email: string;
  delivery: InvoiceDelivery;
  mailing_address: string;
};

/** Why a field is refused; the web shows a localised message per code at the field. */
export type InvoiceFieldProblem = 'required' | 'invalid' | 'too_long';

export type InvoiceFieldError = {
  path: keyof InvoiceRequestInput;
  code: InvoiceFieldProblem;
  message: string;
};

/** Longest accepted text per field, in characters. */
export const invoiceFieldMax = {
  title: 100,
  taxpayer_number: 18,
  registered_address: 200,
  phone: 30,
  bank: 100,
  bank_account: 40,
  mobile: 20,
  email: 254,
  mailing_address: 200,
} as const;

/** The 31 characters of GB 32100-2015 (no I, O, S, V, Z), in value order. */
const usccAlphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Position weights 3^i mod 31 for the 17 characters before the check character (GB 32100-2015 §5). */
const usccWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The 11 national digits of a mainland China mobile number (§5: "China mobile phone number check
 * (zh-CN); invoice phone must be a mainland China mobile"), or null. Accepts spaces, dashes,
 * brackets, full-width digits and a +86 / 0086 / 86 prefix; any other country code is refused.
 * Checked with validator's zh-CN rule, as the contact helpers do, without the phone-number library
 * (so the invoice form stays light).
 */
export function mainlandMobileOf(input: string): string | null {
  const text = input.normalize('NFKC').trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) {
    if (!digits.startsWith('86')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0086')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2);
  return digits.length === 11 && isMobilePhone(digits, 'zh-CN') ? digits : null;
}

/** Upper-cases and drops spaces (ASCII and full-width) of a typed code. */
export function normaliseCreditCode(input: string): string {
  return input.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether `input` is a unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters of the
 * 31-character alphabet, registration authority (1–9, A–G, Y) and kind in position 1–2, a six-digit
 * administrative division in 3–8, and the check character in 18: value 31 − (Σ value·weight mod 31),
 * 31 read as 0. Case and spaces are ignored (see {@link normaliseCreditCode}).
 */
export function isUnifiedSocialCreditCode(input: string): boolean {
  const code = normaliseCreditCode(input);
  if (!/^[1-9A-GY][0-9A-HJ-NP-RTUWXY][0-9]{6}[0-9A-HJ-NP-RTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += usccAlphabet.indexOf(code.charAt(index)) * (usccWeights[index] ?? 0);
  }
  return usccAlphabet.charAt((31 - (sum % 31)) % 31) === code.charAt(17);
}

/**
 * Checks an invoice request and answers the normalised values or every bad field:
 * - title and taxpayer number (unified social credit code) always required;
 * - a special VAT invoice also needs registered address, phone, bank and bank account (digits, 8–32);
 * - mobile required, a mainland China mobile (§5: invoice phone must be a mainland China mobile),
 *   answered as its 11 national digits;
 * - email optional: '' or valid (§5), answered lower-cased;
 * - delivery by express needs the mailing address.
 * A regular invoice may carry the optional company fields too (checked when given); the mailing
 * address is answered only for express delivery.
 */
export function validateInvoiceRequest(
  input: InvoiceRequestInput,
): { ok: true; value: InvoiceRequestInput } | { ok: false; errors: InvoiceFieldError[] } {
  const errors: InvoiceFieldError[] = [];
  const fail = (path: keyof InvoiceRequestInput, code: InvoiceFieldProblem, message: string) => {
    errors.push({ path, code, message });
  };
  const text = (path: keyof typeof invoiceFieldMax, isRequired: boolean): string => {
    const value = (input[path] ?? '').normalize('NFC').trim();
    if (value === '') {
      if (isRequired) fail(path, 'required', 'This is a required field');
    } else if ([...value].length > invoiceFieldMax[path]) {
      fail(path, 'too_long', `At most ${invoiceFieldMax[path]} characters`);
    }
    return value;
  };
  const isSpecial = input.type === 'special';
  if (!invoiceTypes.includes(input.type)) fail('type', 'invalid', 'Unknown invoice type');
  if (!invoiceDeliveries.includes(input.delivery)) fail('delivery', 'invalid', 'Unknown delivery method');

  const title = text('title', true);
  const taxpayerNumber = normaliseCreditCode(input.taxpayer_number ?? '');
  if (taxpayerNumber === '') fail('taxpayer_number', 'required', 'This is a required field');
  else if (!isUnifiedSocialCreditCode(taxpayerNumber)) {
    fail('taxpayer_number', 'invalid', 'Not a valid unified social credit code');
  }

  const registeredAddress = text('registered_address', isSpecial);
  const phone = text('phone', isSpecial);
  if (phone !== '' && !/^\+?[0-9][0-9\s()-]{5,28}$/.test(phone))
    fail('phone', 'invalid', 'Not a valid phone number');
  const bank = text('bank', isSpecial);
  const bankAccount = text('bank_account', isSpecial).replace(/[\s-]/g, '');
  if (bankAccount !== '' && !/^[0-9]{8,32}$/.test(bankAccount)) {
    fail('bank_account', 'invalid', 'A bank account has 8 to 32 digits');
  }

  let mobile = text('mobile', true);
  if (mobile !== '') {
    const national = mainlandMobileOf(mobile);
    if (national) mobile = national;
    else fail('mobile', 'invalid', 'Not a mainland China mobile number');
  }

  let email = text('email', false);
  if (email !== '') {
    const normalised = normaliseEmail(email);
    if (normalised === null) fail('email', 'invalid', 'Not a valid e-mail address');
    else email = normalised;
  }
  const mailingAddress = text('mailing_address', input.delivery === 'express');

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      type: input.type,
      title,
      taxpayer_number: taxpayerNumber,
      registered_address: registeredAddress,
      phone: phone.replace(/\s+/g, ' '),
      bank,
      bank_account: bankAccount,
      mobile,
      email,
      delivery: input.delivery,
      mailing_address: input.delivery === 'express' ? mailingAddress : '',
    },
  };
}
