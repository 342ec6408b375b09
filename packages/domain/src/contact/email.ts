import isEmail from 'validator/es/lib/isEmail.js';

/**
 * Normalises an e-mail for storage, rate limits and uniqueness: NFKC, trimmed, lower-cased. Returns
 * null when it is not a valid address (validator's isEmail).
 */
export function normaliseEmail(input: string): string | null {
  const text = input.normalize('NFKC').trim().toLowerCase();
  if (text.length > 254 || !isEmail(text)) return null;
  return text;
}

/** §5 optional e-mail: empty is accepted, otherwise it must be valid. */
export function isOptionalEmailValid(input: string): boolean {
  return input.trim() === '' || normaliseEmail(input) !== null;
}
