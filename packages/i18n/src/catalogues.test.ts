import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allLanguages } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { namespaces, serverNamespaces } from './index.ts';

/**
 * Completeness of the catalogues (DESIGN §4.9): every locale has every namespace with exactly the keys
 * of `en`, the same `{{placeholders}}` in each value, and no empty value.
 */

const localesDir = fileURLToPath(new URL('./locales', import.meta.url));
type Tree = { [key: string]: string | Tree };

function read(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) entries.set(k, v);
    else entries.set(path, value);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** i18next plural suffixes (CLDR categories). */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a locale must have and may have, given en's: a plural key of en (`x_one`, `x_other`)
 * needs every CLDR plural category of the language (`x_few`, `x_many` in Russian, six forms in
 * Arabic, only `x_other` in Chinese), as i18next picks them with Intl.PluralRules; en's own forms
 * stay allowed.
 */
function expectedKeys(english: Map<string, unknown>, language: string) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const required = new Set<string>();
  const allowed = new Set<string>();
  for (const key of english.keys()) {
    allowed.add(key);
    if (!pluralSuffix.test(key)) {
      required.add(key);
      continue;
    }
    const base = key.replace(pluralSuffix, '');
    for (const category of categories) {
      required.add(`${base}_${category}`);
      allowed.add(`${base}_${category}`);
    }
  }
  return { required, allowed };
}

describe('catalogues', () => {
  it('has a folder for each of the twenty languages and nothing else', () => {
    const folders = readdirSync(localesDir).sort();
    expect(folders).toEqual([...allLanguages].sort());
  });

  for (const namespace of [...namespaces, ...serverNamespaces]) {
    const english = flatten(read('en', namespace));

    it(`en/${namespace} has only non-empty strings`, () => {
      for (const [key, value] of english) {
        expect(typeof value, `en/${namespace} ${key}`).toBe('string');
        expect((value as string).trim(), `en/${namespace} ${key}`).not.toBe('');
      }
    });

    for (const language of allLanguages.filter((code) => code !== 'en')) {
      it(`${language}/${namespace} matches en`, () => {
        const catalogue = flatten(read(language, namespace));
        const expected = expectedKeys(english, language);
        const missing = [...expected.required].filter((key) => !catalogue.has(key));
        const extra = [...catalogue.keys()].filter((key) => !expected.allowed.has(key));
        expect(missing, `${language}/${namespace} misses keys`).toEqual([]);
        expect(extra, `${language}/${namespace} has extra keys`).toEqual([]);
        for (const [key, value] of catalogue) {
          expect(
            typeof value === 'string' && value.trim() !== '',
            `${language}/${namespace} ${key} is empty`,
          ).toBe(true);
          expect(placeholders(String(value)), `${language}/${namespace} ${key} placeholders`).toEqual(
            placeholders(String(english.get(key) ?? english.get(key.replace(pluralSuffix, '_other')))),
          );
        }
      });
    }
  }

  // A catalogue copied from English passes the key checks; this catches it. Some words are the same in
  // another language (Format, Sessions, Agenda, proper nouns), so a few identical values are allowed.
  for (const language of allLanguages.filter((code) => code !== 'en')) {
    it(`${language} is translated, not a copy of en`, () => {
      let total = 0;
      let same = 0;
      for (const namespace of [...namespaces, ...serverNamespaces]) {
        const english = flatten(read('en', namespace));
        for (const [key, value] of flatten(read(language, namespace))) {
          total += 1;
          if (value === english.get(key)) same += 1;
        }
      }
      expect(same / total, `${language}: ${same} of ${total} values equal the English ones`).toBeLessThan(
        0.2,
      );
    });
  }
});
