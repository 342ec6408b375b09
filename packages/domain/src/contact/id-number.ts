import isIdentityCard from 'validator/es/lib/isIdentityCard.js';

/** Kinds of ID the registration forms recognise (§5: mainland ID cards and HK/Macao/Taiwan permits). */
export type IdNumberKind = 'mainland' | 'hong_kong_permit' | 'macao_permit' | 'taiwan_permit';

export type IdNumber = {
  kind: IdNumberKind;
  /** 18 characters, check character upper-cased: the stored and compared form. */
  normalised: string;
};

const permitPrefixes: Record<string, IdNumberKind> = {
  '810000': 'hong_kong_permit',
  '820000': 'macao_permit',
  '830000': 'taiwan_permit',
};

/** ISO 7064 MOD 11-2 check character of the first 17 digits (GB 11643, also used by the permits). */
function checkCharacter(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return '10X98765432'[sum % 11] as string;
}

function isPastDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getTime() <= Date.now()
  );
}

/**
 * Validates an ID number (§5 "ID number valid"): an 18-character mainland resident ID card (region,
 * birth date and check character, via validator's zh-CN rule) or a Hong Kong / Macao / Taiwan
 * residents' residence permit (prefix 810000 / 820000 / 830000, birth date, same MOD 11-2 check).
 * Spaces are ignored and a lower-case x accepted. Returns null when invalid; old 15-digit cards,
 * expired since 2013, are refused.
 */
export function parseIdNumber(input: string): IdNumber | null {
  const text = input.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  if (!/^\d{17}[\dX]$/.test(text)) return null;
  const permitKind = permitPrefixes[text.slice(0, 6)];
  if (permitKind) {
    if (!isPastDate(text.slice(6, 14))) return null;
    if (checkCharacter(text.slice(0, 17)) !== text[17]) return null;
    return { kind: permitKind, normalised: text };
  }
  // 81, 82 and 83 without the permit's 0000 are not region codes of a mainland card.
  if (['81', '82', '83'].includes(text.slice(0, 2))) return null;
  if (!isIdentityCard(text, 'zh-CN')) return null;
  return { kind: 'mainland', normalised: text };
}

/** An ID number for display: first 3 and last 4 characters kept ('110***********1234'). */
export function maskIdNumber(normalised: string): string {
  if (normalised.length <= 7) return '*'.repeat(normalised.length);
  return `${normalised.slice(0, 3)}${'*'.repeat(normalised.length - 7)}${normalised.slice(-4)}`;
}
