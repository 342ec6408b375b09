import type { Meeting } from '@app/contracts';
import exhibitors from '@app/i18n/locales/en/exhibitors.json' with { type: 'json' };
import zh from '@app/i18n/locales/zh/exhibitors.json' with { type: 'json' };
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { exhibitPageTitle } from './titles.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { exhibitors }, zh: { exhibitors: zh } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

const meeting = (exhibition: Meeting['exhibition']) => ({ exhibition }) as Meeting;

describe('exhibitPageTitle (§2 title rule)', () => {
  it('uses the default words without a meeting wording', () => {
    const t = i18n.getFixedT('en', 'exhibitors');
    expect(exhibitPageTitle('pavilion', t, meeting({}), 'en')).toBe('Exhibition');
    expect(exhibitPageTitle('exhibitorSearch', t, meeting({}), 'en')).toBe('Search Exhibitors');
    expect(exhibitPageTitle('enterprise', t, meeting({}), 'en')).toBe('Exhibitor details');
  });

  it("puts the meeting's exhibition, exhibitor and exhibit words in the titles", () => {
    const wording = meeting({
      exhibition_txt: { en: 'Online Hall', zh: '云展厅' },
      exhibitor_txt: { en: 'Companies', zh: '参展企业' },
      exhibit_txt: { en: 'Exhibits', zh: '展品' },
    });
    const en = i18n.getFixedT('en', 'exhibitors');
    expect(exhibitPageTitle('pavilion', en, wording, 'en')).toBe('Online Hall');
    expect(exhibitPageTitle('exhibitorSearch', en, wording, 'en')).toBe('Search Companies');
    expect(exhibitPageTitle('productSearch', en, wording, 'en')).toBe('Search Exhibits');
    const zhT = i18n.getFixedT('zh', 'exhibitors');
    expect(exhibitPageTitle('pavilion', zhT, wording, 'zh')).toBe('云展厅');
    expect(exhibitPageTitle('enterprise', zhT, wording, 'zh')).toBe('参展企业详情');
  });
});
