import { describe, expect, it } from 'vitest';
import { enabledLanguages, languageFromTag, localize, resolveLanguage, textDirection } from './languages.ts';

describe('enabledLanguages', () => {
  it('keeps languages flagged 1 in product order', () => {
    expect(enabledLanguages({ ar: 1, en: 1, zh: 0, fr: '1' })).toEqual(['en', 'fr', 'ar']);
  });
  it('falls back to zh en ja ko when none is enabled (§5)', () => {
    expect(enabledLanguages(undefined)).toEqual(['zh', 'en', 'ja', 'ko']);
    expect(enabledLanguages({ zh: 0, xx: 1 })).toEqual(['zh', 'en', 'ja', 'ko']);
  });
});

describe('resolveLanguage (§5)', () => {
  it('keeps an enabled choice', () => expect(resolveLanguage('ar', ['en', 'ar'])).toBe('ar'));
  it('falls back to en when the choice is not enabled', () =>
    expect(resolveLanguage('fr', ['zh', 'en'])).toBe('en'));
  it('falls back to the first enabled language without en', () =>
    expect(resolveLanguage('fr', ['ja', 'zh'])).toBe('ja'));
  it('treats unknown codes as not chosen', () => expect(resolveLanguage('xx', ['ko'])).toBe('ko'));
  it('uses the defaults when the meeting enables none', () => expect(resolveLanguage('ja', [])).toBe('ja'));
});

describe('localize (language-map titles, §3)', () => {
  it('picks the wanted language', () => expect(localize({ en: 'Hall', zh: '大厅' }, 'zh')).toBe('大厅'));
  it('falls back to English', () => expect(localize({ en: 'Hall', zh: '大厅' }, 'ar')).toBe('Hall'));
  it('then to the first non-empty value', () =>
    expect(localize({ zh: '', de: 'Halle', fr: 'Salle' }, 'ar')).toBe('Halle'));
  it('skips an empty wanted and empty English value', () =>
    expect(localize({ ja: '  ', en: '', ko: '홀' }, 'ja')).toBe('홀'));
  it('returns plain strings as they are and empty for nothing', () => {
    expect(localize('Plain', 'zh')).toBe('Plain');
    expect(localize(null)).toBe('');
    expect(localize({})).toBe('');
  });
  it("never reads Object.prototype: a language named 'constructor' falls back like an unknown one", () => {
    for (const language of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(localize({ en: 'Hall', zh: '大厅' }, language)).toBe('Hall');
      expect(localize({ zh: '大厅' }, language)).toBe('大厅');
    }
  });
});

describe('languageFromTag and textDirection', () => {
  it('maps browser tags', () => {
    expect(languageFromTag('zh-CN')).toBe('zh');
    expect(languageFromTag('pt_BR')).toBe('pt');
    expect(languageFromTag('tl')).toBe('fil');
    expect(languageFromTag('xx-YY')).toBeUndefined();
  });
  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
  });
});
