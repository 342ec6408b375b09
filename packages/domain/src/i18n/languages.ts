/**
 * Display languages and the language rules of §5 and §3.
 */

/** Every language the product knows, in the order of §9. */
export const allLanguages = [
  'zh',
  'en',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'ru',
  'ar',
  'vi',
  'id',
  'kk',
  'fil',
  'hi',
  'ms',
  'it',
  'pt',
  'pl',
  'cs',
  'th',
] as const;
export type Language = (typeof allLanguages)[number];

/** Languages offered when a meeting enables none (§5). */
export const defaultLanguages: readonly Language[] = ['zh', 'en', 'ja', 'ko'];

/** Languages written right to left. */
export const rtlLanguages: readonly Language[] = ['ar'];

/** True when `value` is one of the twenty known language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (allLanguages as readonly string[]).includes(value);
}

/** `rtl` for Arabic, else `ltr`. */
export function textDirection(language: Language): 'rtl' | 'ltr' {
  return rtlLanguages.includes(language) ? 'rtl' : 'ltr';
}

/**
 * The languages a meeting offers, from its `config.language` map (`{ en: 1, zh: 1, ja: 0 }`, 1 means
 * enabled), in the product's order; the four defaults when the map enables none (§5).
 */
export function enabledLanguages(languageMap: Record<string, unknown> | null | undefined): Language[] {
  const enabled = allLanguages.filter((code) => Number(languageMap?.[code]) === 1);
  return enabled.length > 0 ? enabled : [...defaultLanguages];
}

/**
 * Chooses the display language (§5): the requested one when enabled; otherwise `en` when enabled;
 * otherwise the first enabled language.
 *
 * @param requested a language code from the `lang` query, storage or the browser (may be unknown)
 * @param enabled the meeting's enabled languages (see enabledLanguages)
 */
export function resolveLanguage(
  requested: string | null | undefined,
  enabled: readonly Language[],
): Language {
  const offered = enabled.length > 0 ? enabled : defaultLanguages;
  if (isLanguage(requested) && offered.includes(requested)) return requested;
  if (offered.includes('en')) return 'en';
  return offered[0] ?? 'en';
}

/**
 * Maps a browser language tag (`zh-CN`, `pt-BR`, `tl`) to a known code, or undefined.
 */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'tl') return 'fil';
  if (base === 'in') return 'id';
  return isLanguage(base) ? base : undefined;
}

/** A title that is either a plain string or a language map `{ en: '…', zh: '…' }` (§3). */
export type LocalizedText = string | Partial<Record<string, string | null>> | null | undefined;

/**
 * Picks the text to show from a language-map title (§3): the wanted language when non-empty, else
 * English, else the first non-empty value; a plain string is returned as it is; '' when nothing.
 */
export function localize(text: LocalizedText, language?: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  // Own keys only: a language such as 'constructor' must not reach Object.prototype.
  const wanted = language && Object.hasOwn(text, language) ? text[language] : undefined;
  if (typeof wanted === 'string' && wanted.trim() !== '') return wanted;
  const english = Object.hasOwn(text, 'en') ? text.en : undefined;
  if (typeof english === 'string' && english.trim() !== '') return english;
  for (const value of Object.values(text)) {
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
