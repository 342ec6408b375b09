import { describe, expect, it } from 'vitest';
import { deepEqual, textOf, toLanguageMap } from './schedule.document.ts';

describe('language maps', () => {
  it('stores text under the language and keeps "" apart from null', () => {
    expect(toLanguageMap('Hallo', 'de')).toEqual({ de: 'Hallo' });
    expect(toLanguageMap('', 'en')).toEqual({ en: '' });
    expect(toLanguageMap(null, 'en')).toBe('');
    expect(toLanguageMap(undefined, 'en')).toBe('');
    expect(textOf({ de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(textOf({ en: '' }, 'en')).toBe('');
    expect(textOf('', 'en')).toBeNull();
    expect(textOf('plain', 'en')).toBe('plain');
  });

  it('falls back to English, then the first non-empty entry, for maps edited in other languages', () => {
    expect(textOf({ zh: '开幕', en: 'Opening' }, 'de')).toBe('Opening');
    expect(textOf({ zh: '开幕' }, null)).toBe('开幕');
    expect(textOf({}, 'en')).toBeNull();
  });
});

describe('deepEqual', () => {
  it('ignores key order and undefined keys, compares dates by instant', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual(new Date(5), new Date(5))).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false);
    expect(deepEqual('', {})).toBe(false);
  });
});
