import { describe, expect, it } from 'vitest';
import {
  buildSearchText,
  containsPattern,
  escapeLike,
  searchTerms,
  titleHighlights,
} from './enterprises.search.ts';

describe('buildSearchText', () => {
  it('keeps every language on its own line, folded to lower case and NFKC', () => {
    expect(buildSearchText({ zh: '智能机器人', en: 'Smart ROBOT' }, 'ＡＢＣ１', '', null)).toBe(
      '智能机器人\nsmart robot\nabc1',
    );
  });
});

describe('keywords', () => {
  it('split on white space into folded terms and escape LIKE wildcards', () => {
    expect(searchTerms('  Robot　ＡＲＭ ')).toEqual(['robot', 'arm']);
    expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
    expect(containsPattern('a%')).toBe('%a\\%%');
  });
});

describe('titleHighlights', () => {
  it('gives UTF-16 ranges per language, case-insensitive, merging overlaps', () => {
    expect(
      titleHighlights({ zh: '智能机器人有限公司', en: 'Smart Robot robot' }, ['机器人', 'robot']),
    ).toEqual([
      { field: 'title', lang: 'zh', start: 2, length: 3 },
      { field: 'title', lang: 'en', start: 6, length: 5 },
      { field: 'title', lang: 'en', start: 12, length: 5 },
    ]);
    expect(titleHighlights('Robotics', ['rob', 'bot'])).toEqual([
      { field: 'title', lang: '', start: 0, length: 5 },
    ]);
    expect(titleHighlights('abcd', ['abc', 'bcd'])).toEqual([
      { field: 'title', lang: '', start: 0, length: 4 },
    ]);
  });

  it('counts characters outside the BMP as two code units and treats regex characters literally', () => {
    expect(titleHighlights('𠀀机器 (a+b)', ['机器', '(a+b)'])).toEqual([
      { field: 'title', lang: '', start: 2, length: 2 },
      { field: 'title', lang: '', start: 5, length: 5 },
    ]);
  });
});
