import { describe, expect, it } from 'vitest';
import { foldText, indexWords, parseQuery } from './search.segment.ts';
import { highlightsOf } from './search.service.ts';

describe('search segmentation (§2 /meeting/search)', () => {
  it('cuts Chinese with jieba (search cut on the index side) so a word matches inside a phrase', () => {
    const words = indexWords('人工智能驱动的未来城市论坛').split(' ');
    expect(words).toEqual(expect.arrayContaining(['人工智能', '人工', '智能', '未来', '城市', '论坛']));
    expect(parseQuery('人工智能').tsquery).toContain("'人工智能'");
  });

  it('cuts Japanese with Intl.Segmenter and drops one-letter particles', () => {
    const words = indexWords('東京ロボット展示会で人工知能を語る').split(' ');
    expect(words).toEqual(expect.arrayContaining(['東京', 'ロボット', '人工', '知能']));
    expect(words).not.toContain('で');
    expect(parseQuery('ロボットの展示').tsquery).toBe("('ロボット' & '展示')");
  });

  it('folds Latin words (case, accents, full width) and matches them as prefixes', () => {
    expect(foldText('Café ＲＯＢＯ')).toBe('cafe robo');
    const query = parseQuery('Robo Café');
    expect(query.tsquery).toBe("'robo':* & 'cafe':*");
    expect(query.fuzzyTerms).toEqual(['robo', 'cafe']);
  });

  it('keeps query syntax out of the tsquery', () => {
    expect(parseQuery("'&|!:*()").tsquery).toBeNull();
    expect(parseQuery("robo') | ('x").tsquery).toBe("'robo':* & 'x':*");
  });
});

describe('highlightsOf', () => {
  it('marks every language of a title in code units of the stored value, merging overlaps', () => {
    expect(
      highlightsOf('title', { en: 'Robotics Café', zh: '机器人' }, ['cafe', 'robo', 'robot', '机器人']),
    ).toEqual([
      { field: 'title', lang: 'en', start: 0, length: 5 },
      { field: 'title', lang: 'en', start: 9, length: 4 },
      { field: 'title', lang: 'zh', start: 0, length: 3 },
    ]);
    expect(highlightsOf('summary', 'no match', ['zzz'])).toEqual([]);
  });
});
