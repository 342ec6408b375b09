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
        const missing = [...english.keys()].filter((key) => !catalogue.has(key));
        const extra = [...catalogue.keys()].filter((key) => !english.has(key));
        expect(missing, `${language}/${namespace} misses keys`).toEqual([]);
        expect(extra, `${language}/${namespace} has extra keys`).toEqual([]);
        for (const [key, value] of catalogue) {
          expect(
            typeof value === 'string' && value.trim() !== '',
            `${language}/${namespace} ${key} is empty`,
          ).toBe(true);
          expect(placeholders(String(value)), `${language}/${namespace} ${key} placeholders`).toEqual(
            placeholders(String(english.get(key))),
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
