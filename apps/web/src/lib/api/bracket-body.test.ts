import { describe, expect, it } from 'vitest';
import { bracketBody } from './bracket-body.ts';

describe('bracketBody', () => {
  it('flattens answers and group members into qs bracket entries', () => {
    expect(
      bracketBody({
        activity_id: 'a',
        price_version: 3,
        source_id: undefined,
        data: { q1: 'Li', q2: { area_code: '86', number: '139' }, q3: ['x', 'y'] },
        members: [{ price_id: 'p', data: { q1: 'Wang' } }],
      }),
    ).toEqual({
      activity_id: 'a',
      price_version: 3,
      'data[q1]': 'Li',
      'data[q2][area_code]': '86',
      'data[q2][number]': '139',
      'data[q3][0]': 'x',
      'data[q3][1]': 'y',
      'members[0][price_id]': 'p',
      'members[0][data][q1]': 'Wang',
    });
  });

  it('leaves out null, undefined and empty lists, and sends booleans as 1 / 0', () => {
    expect(
      bracketBody({
        title: { en: 'Expo', zh: '展' },
        config: { language: { en: 1 }, is_open: true, is_shown: false },
        cover: '',
        gone: undefined,
        cleared: null,
        questions: [],
      }),
    ).toEqual({
      'title[en]': 'Expo',
      'title[zh]': '展',
      'config[language][en]': 1,
      'config[is_open]': 1,
      'config[is_shown]': 0,
      cover: '',
    });
  });
});
