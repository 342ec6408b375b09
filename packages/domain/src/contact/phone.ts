import { getCountryCodeForRegionCode, getSupportedRegionCodes, parsePhoneNumber } from 'awesome-phonenumber';
import isMobilePhone from 'validator/es/lib/isMobilePhone.js';

/** A phone number in the forms the product stores and shows. */
export type NormalisedPhone = {
  /** E.164, e.g. '+8613800138000': the stored and rate-limited form. */
  e164: string;
  /** Calling code without '+', e.g. '86'. */
  areaCode: string;
  /** National significant number, e.g. '13800138000'. */
  national: string;
  /** ISO region, e.g. 'CN'. */
  region: string;
};

/** §5 helper: keeps only the digits of a text, full-width digits folded to ASCII first. */
export function digitsOnly(text: string): string {
  return text.normalize('NFKC').replace(/\D/g, '');
}

/**
 * Parses a phone typed with an area code (calling code without '+', default '86').
 * Mainland China (86) numbers must be zh-CN mobiles (§5, checked with validator's zh-CN rule); other
 * regions must be valid numbers for their calling code (libphonenumber via awesome-phonenumber).
 * Accepts spaces, dashes, a leading '+<code>' and full-width digits. Returns null when invalid.
 */
export function normalisePhone(input: string, areaCode = '86'): NormalisedPhone | null {
  const text = input.normalize('NFKC').trim();
  if (text === '' || text.length > 40) return null;
  const code = digitsOnly(areaCode) || '86';
  const international = text.startsWith('+') ? `+${digitsOnly(text)}` : `+${code}${digitsOnly(text)}`;
  // A number typed with its own trunk prefix '0' (e.g. UK 07…) is parsed in its region instead.
  const parsed = text.startsWith('+')
    ? parsePhoneNumber(international)
    : parsePhoneNumber(digitsOnly(text), { regionCode: regionOfCallingCode(code) ?? 'ZZ' });
  if (!parsed.valid || !parsed.number) return null;
  const e164 = parsed.number.e164;
  const areaOfNumber = String(parsed.countryCode);
  const national = parsed.number.significant;
  if (areaOfNumber === '86' && !isMobilePhone(national, 'zh-CN')) return null;
  return { e164, areaCode: areaOfNumber, national, region: parsed.regionCode };
}

/** Main region of a calling code ('86' → 'CN', '1' → 'US'), or null when unknown. */
export function regionOfCallingCode(code: string): string | null {
  const wanted = Number(code);
  return callingCodes().find((entry) => entry.code === wanted)?.region ?? null;
}

let callingCodeList: { region: string; code: number }[] | undefined;

/**
 * Every supported region with its calling code, for the area-code picker; the main region of a
 * shared code comes first (US before CA for 1).
 */
export function callingCodes(): { region: string; code: number }[] {
  if (!callingCodeList) {
    const main = new Set(['US', 'GB', 'RU', 'IT', 'NO', 'FI', 'MA', 'AU', 'SH', 'GP', 'RE', 'CW', 'BQ']);
    callingCodeList = getSupportedRegionCodes()
      .map((region) => ({ region, code: getCountryCodeForRegionCode(region) }))
      .sort(
        (a, b) =>
          a.code - b.code ||
          Number(main.has(b.region)) - Number(main.has(a.region)) ||
          a.region.localeCompare(b.region),
      );
  }
  return callingCodeList;
}
