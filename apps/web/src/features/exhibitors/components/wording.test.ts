import { describe, expect, it } from 'vitest';
import { exhibitWords } from './wording.ts';

const defaults = {
  exhibition: 'Exhibition',
  exhibitors: 'Exhibitors',
  exhibitor: 'Exhibitor',
  products: 'Products',
};

describe('exhibitWords', () => {
  it('keeps the default words when the meeting sets none', () => {
    expect(exhibitWords(undefined, 'en', defaults)).toEqual(defaults);
    expect(exhibitWords({}, 'zh', defaults)).toEqual(defaults);
  });

  it("uses the meeting's wording in the display language", () => {
    const exhibition = {
      exhibition_txt: { zh: '云展厅', en: 'Online Hall' },
      exhibitor_txt: { zh: '参展企业', en: 'Companies' },
      exhibit_txt: 'Exhibits',
    };
    expect(exhibitWords(exhibition, 'zh', defaults)).toEqual({
      exhibition: '云展厅',
      exhibitors: '参展企业',
      exhibitor: '参展企业',
      products: 'Exhibits',
    });
    expect(exhibitWords(exhibition, 'ar', defaults).exhibition).toBe('Online Hall');
  });

  it('treats a blank wording as unset', () => {
    expect(exhibitWords({ exhibitor_txt: { en: '  ' }, exhibition_txt: '' }, 'en', defaults)).toEqual(
      defaults,
    );
  });
});
