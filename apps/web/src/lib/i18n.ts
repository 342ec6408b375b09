import { allLanguages, isLanguage, type Language, languageFromTag, textDirection } from '@app/domain';
import { type Catalogue, type Namespace, namespaces, startupNamespaces } from '@app/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { getStoredLanguage, setStoredLanguage } from './session.ts';
import { intlLocale } from './time.ts';

/**
 * i18n runtime (§5): i18next with the catalogues of packages/i18n, loaded per language (only the
 * active language's namespaces are downloaded), no fallback language (the catalogue test keeps every
 * locale complete), `<html lang dir>` kept in step.
 */

const isNamespace = (value: string): value is Namespace => (namespaces as readonly string[]).includes(value);

/**
 * Fetches one namespace of one language: the build writes each catalogue as a JSON file at an address
 * made of the language and namespace (vite.config.ts `catalogues`), so only the active language's
 * files are downloaded and no table of file names ships with the app (DESIGN §10).
 *
 * @throws Error when the catalogue cannot be fetched
 */
async function loadCatalogue(language: Language, namespace: Namespace): Promise<Catalogue> {
  const response = await fetch(`${import.meta.env.VITE_CATALOGUES}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`Catalogue ${language}/${namespace} answered ${response.status}`);
  return (await response.json()) as Catalogue;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`Unknown catalogue ${language}/${namespace}`), false);
      return;
    }
    loadCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Settles once initI18n is done: the router starts before the catalogues arrive (main.tsx). */
let initialised: Promise<void> = Promise.resolve();

export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = textDirection(language);
}

/** Loads the language's catalogues and sets up i18next; resolves when the first screen can render. */
export function initI18n(language: Language): Promise<void> {
  initialised = setUpI18n(language);
  return initialised;
}

async function setUpI18n(language: Language): Promise<void> {
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      ns: [...startupNamespaces],
      defaultNS: 'common',
      fallbackLng: false,
      supportedLngs: [...allLanguages],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      react: { useSuspense: false },
    });
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyDocumentLanguage(next);
  });
}

/** The language a visitor asked for: `lang` query, then the stored choice, then the browser's. */
export function requestedLanguage(search: URLSearchParams): string | undefined {
  const fromQuery = search.get('lang');
  if (fromQuery) return fromQuery;
  return (
    getStoredLanguage() ?? languageFromTag(typeof navigator === 'undefined' ? undefined : navigator.language)
  );
}

/** Switches the display language once its catalogues are loaded, and remembers it. */
export async function changeLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) setStoredLanguage(language);
  await initialised;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The current display language. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'en';
}

/**
 * Each language's name in its own script, as Intl.DisplayNames spells it (first letter upper-case).
 * Written out: the switcher is on every page, and the first Intl.DisplayNames call costs a long
 * start-up task (and some web views lack it).
 */
const ownNames: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
  vi: 'Tiếng Việt',
  id: 'Indonesia',
  kk: 'Қазақ тілі',
  fil: 'Filipino',
  hi: 'हिन्दी',
  ms: 'Melayu',
  it: 'Italiano',
  pt: 'Português',
  pl: 'Polski',
  cs: 'Čeština',
  th: 'ไทย',
};

/** A language's name in its own script (中文, العربية, Español …) for the language switcher. */
export function languageName(language: Language): string {
  return ownNames[language];
}

/** A language's name in the display language (a session held in `de` shows as German / 德语). */
export function languageNameIn(code: string, displayLanguage: Language): string {
  try {
    return new Intl.DisplayNames([intlLocale(displayLanguage)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
