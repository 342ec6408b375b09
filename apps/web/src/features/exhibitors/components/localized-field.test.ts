import { describe, expect, it } from 'vitest';
import { localizedEntries } from './localized-field.ts';

describe('localizedEntries', () => {
  it('replaces one language of a map and keeps the others', () => {
    expect(localizedEntries('title', { zh: '旧', en: 'Old' }, 'zh', '新')).toEqual({
      'title[zh]': '新',
      'title[en]': 'Old',
    });
  });

  it('adds the language when the map lacks it', () => {
    expect(localizedEntries('title', { en: 'Old' }, 'ja', '新しい')).toEqual({
      'title[en]': 'Old',
      'title[ja]': '新しい',
    });
  });

  it('replaces a plain string or an unknown language as a whole', () => {
    expect(localizedEntries('title', 'Old', 'en', 'New')).toEqual({ title: 'New' });
    expect(localizedEntries('description', { en: 'Old' }, '', 'New')).toEqual({ description: 'New' });
  });
});
