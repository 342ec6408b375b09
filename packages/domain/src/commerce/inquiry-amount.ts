/** The largest amount a price inquiry may name, in the main unit (one billion yuan). */
export const maxInquiryAmount = 1_000_000_000;

/**
 * The amount of a price inquiry as typed (§3 Price inquiry, §5 'Inquiry amount must be a valid
 * number'), in cents: '1200' → 120000, '99.5' → 9950, ' 1,200.00 ' → 120000 (thousands commas and
 * spaces around are accepted), '' / undefined → null (no amount). Shared by the form and the server.
 * @returns cents, null when empty, or 'invalid' for anything that is not a non-negative number with
 *   at most 2 decimals and at most maxInquiryAmount ('abc', '1e3', '-5', '1.234', 'NaN', 'Infinity').
 */
export function parseInquiryAmount(input: string | number | undefined | null): number | null | 'invalid' {
  if (input === undefined || input === null) return null;
  const text = (typeof input === 'number' ? String(input) : input).trim();
  if (text === '') return null;
  if (typeof input === 'number' && !Number.isFinite(input)) return 'invalid';
  const plain = text.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return 'invalid';
  const whole = Number(match[1]);
  if (whole > maxInquiryAmount) return 'invalid';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = whole * 100 + Number(fraction);
  return cents > maxInquiryAmount * 100 ? 'invalid' : cents;
}
