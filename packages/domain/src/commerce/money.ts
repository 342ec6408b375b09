/**
 * Money display (§9: amounts are integer cents, shown in yuan with a currency sign and a min–max
 * range; 0 shows 'free'). Shared by the web (D, E) and the server (receipts, C). "Cents" means the
 * currency's minor unit: 1/100 of a yuan, dollar or euro; a yen for JPY (no minor unit).
 */

/** The word 'free' per display language (§1 languages), for a 0 amount (§9). */
export const freeWord: Readonly<Record<string, string>> = {
  zh: '免费',
  en: 'Free',
  ja: '無料',
  ko: '무료',
  es: 'Gratis',
  fr: 'Gratuit',
  de: 'Kostenlos',
  ru: 'Бесплатно',
  ar: 'مجاني',
  vi: 'Miễn phí',
  id: 'Gratis',
  kk: 'Тегін',
  fil: 'Libre',
  hi: 'निःशुल्क',
  ms: 'Percuma',
  it: 'Gratis',
  pt: 'Grátis',
  pl: 'Bezpłatnie',
  cs: 'Zdarma',
  th: 'ฟรี',
};

/** Options of formatMoney. */
export type FormatMoneyOptions = {
  /** 0 → the word 'free' (default true; receipts pass false to print ¥0.00). */
  zeroAsFree?: boolean;
  /** Always show the minor unit (¥80.00); default false: whole amounts without it (¥80). */
  alwaysFraction?: boolean;
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string, language: string, whole: boolean): Intl.NumberFormat {
  const key = `${language}|${currency}|${whole ? 1 : 0}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const probe = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = probe.resolvedOptions().maximumFractionDigits ?? 2;
    let locale = language;
    try {
      new Intl.NumberFormat(language);
    } catch {
      locale = 'en';
    }
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Digits of a currency's minor unit (2 for CNY/USD/EUR, 0 for JPY/KRW). */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * An amount for display: `formatMoney(8000, 'CNY', 'zh')` → '¥80', `formatMoney(8050, 'CNY', 'en')`
 * → '¥80.50', `formatMoney(0, 'CNY', 'en')` → 'Free' (§9).
 * @param cents integer amount in the currency's minor unit (cents); negative amounts get a minus sign
 * @param currency ISO 4217 code (e.g. 'CNY'); an unknown code throws RangeError (Intl)
 * @param language display language (§1 list); an unknown one falls back to 'en'
 */
export function formatMoney(
  cents: number,
  currency: string,
  language: string,
  options: FormatMoneyOptions = {},
): string {
  if (!Number.isInteger(cents)) throw new RangeError(`formatMoney: cents must be an integer, got ${cents}`);
  if (cents === 0 && options.zeroAsFree !== false) return freeWord[language] ?? (freeWord.en as string);
  const digits = minorUnitDigits(currency);
  const scale = 10 ** digits;
  const whole = !options.alwaysFraction && cents % scale === 0;
  return formatterOf(currency, language, whole).format(cents / scale);
}

/**
 * The price line of a set of ticket types (§9 'min–max range'): '¥80 – ¥200', one amount when they
 * are all the same, the word 'free' when every type costs 0, '' for no types. The lower end of a
 * range that starts at 0 shows the amount (¥0), not the word.
 * @param amounts cents of the live types
 */
export function priceRange(amounts: readonly number[], currency: string, language: string): string {
  if (amounts.length === 0) return '';
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  if (min === max) return formatMoney(min, currency, language);
  return `${formatMoney(min, currency, language, { zeroAsFree: false })} – ${formatMoney(max, currency, language)}`;
}
