import { allLanguages } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { languageName } from './i18n.ts';
import { intlLocale } from './time.ts';

describe('languageName', () => {
  it('spells each language as Intl.DisplayNames does in that language, first letter upper-case', () => {
    for (const language of allLanguages) {
      const locale = intlLocale(language);
      const own = new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
      expect(languageName(language)).toBe(own.charAt(0).toLocaleUpperCase(locale) + own.slice(1));
    }
  });
});
