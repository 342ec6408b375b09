import { describe, expect, it } from 'vitest';
import { localizeWithKey, splitHighlights } from './highlight.tsx';

const join = (pieces: { text: string }[]) => pieces.map((piece) => piece.text).join('');

describe('splitHighlights', () => {
  it('wraps the matched ranges and keeps the rest', () => {
    const pieces = splitHighlights('深圳机器人科技有限公司', [{ lang: 'zh', start: 2, length: 3 }], 'zh');
    expect(pieces).toEqual([
      { text: '深圳', isMatch: false },
      { text: '机器人', isMatch: true },
      { text: '科技有限公司', isMatch: false },
    ]);
  });

  it('merges overlapping and touching ranges, sorts them and clamps to the text', () => {
    const text = 'Robot Robotics';
    const pieces = splitHighlights(
      text,
      [
        { lang: 'en', start: 6, length: 5 },
        { lang: 'en', start: 0, length: 3 },
        { lang: 'en', start: 2, length: 3 },
        { lang: 'en', start: 11, length: 99 },
      ],
      'en',
    );
    expect(pieces).toEqual([
      { text: 'Robot', isMatch: true },
      { text: ' ', isMatch: false },
      { text: 'Robotics', isMatch: true },
    ]);
    expect(join(pieces)).toBe(text);
  });

  it('ignores ranges of another language and empty or outside ranges', () => {
    const pieces = splitHighlights(
      'Acme',
      [
        { lang: 'zh', start: 0, length: 2 },
        { lang: 'en', start: 10, length: 2 },
        { lang: 'en', start: 1, length: 0 },
      ],
      'en',
    );
    expect(pieces).toEqual([{ text: 'Acme', isMatch: false }]);
  });

  it('gives no pieces for an empty text', () => {
    expect(splitHighlights('', [{ lang: '', start: 0, length: 1 }], '')).toEqual([]);
  });
});

describe('localizeWithKey', () => {
  it('follows the language, English, then the first non-empty value', () => {
    expect(localizeWithKey({ zh: '机器人', en: 'Robot' }, 'zh')).toEqual({ text: '机器人', lang: 'zh' });
    expect(localizeWithKey({ zh: '机器人', en: 'Robot' }, 'ar')).toEqual({ text: 'Robot', lang: 'en' });
    expect(localizeWithKey({ ja: 'ロボット', en: ' ' }, 'ar')).toEqual({ text: 'ロボット', lang: 'ja' });
    expect(localizeWithKey('Plain', 'zh')).toEqual({ text: 'Plain', lang: '' });
    expect(localizeWithKey({}, 'zh')).toEqual({ text: '', lang: '' });
  });
});
