import { describe, expect, it } from 'vitest';
import { createLocalModerationProvider } from './local-moderation.ts';
import { isMeaningless } from './meaningless.ts';
import { normalizeText, patternForm } from './normalize.ts';
import { readStarterWordLists, WordMatcher } from './word-matcher.ts';

describe('meaningless check (§5 "meaningless", defined by these cases)', () => {
  it.each([
    'asdfghjkl',
    'qwerqwer',
    'ASDF ASDF',
    'zxcvbnm',
    'aaaaaaa',
    '哈哈哈哈哈哈哈哈哈哈哈哈',
    '!!!...',
    '？？？！！！',
    '😀😀😀',
    '👍',
    '   ',
    'hahahaha',
    '啊啊啊哦哦哦',
    '1111111',
  ])('%s is meaningless', (text) => {
    expect(isMeaningless(text)).toBe(true);
  });
  it.each([
    'OK',
    '好的',
    'Nice booth!',
    '哈哈',
    '谢谢！',
    'Where is hall 3?',
    '请问展位在几号馆？',
    '100000',
    'Great',
    'typewriter',
    'Bye bye',
    'قاعة المعرض',
  ])('%s passes', (text) => {
    expect(isMeaningless(text)).toBe(false);
  });
});

describe('normalisation and word matching', () => {
  it('folds width and case, drops separators between CJK characters, keeps Latin words apart', () => {
    expect(normalizeText('Ｂｕｙ  ＶＩＡＧＲＡ!! 法 轮。功')).toBe(' buy viagra 法轮功 ');
    expect(normalizeText('买viagra')).toBe(' 买 viagra ');
    expect(patternForm('Buy Now')).toBe(' buy now ');
    expect(patternForm('加微信')).toBe('加微信');
    expect(patternForm('!!!')).toBe('');
  });

  it('Latin entries match whole words only; CJK entries anywhere, through spaces and punctuation', () => {
    const matcher = new WordMatcher([
      { word: 'ass', category: 'abuse' },
      { word: '加微信', category: 'ad' },
    ]);
    expect(matcher.firstIn('This is my class')).toBeNull();
    expect(matcher.firstIn('you ass!')).toEqual({ word: 'ass', category: 'abuse' });
    expect(matcher.firstIn('请 加-微-信 了解')).toEqual({ word: '加微信', category: 'ad' });
    expect(matcher.firstIn('请加微信', new Set(['加微信']))).toBeNull();
  });

  it('ships a starter list for each word-based §5 category, zh and en', () => {
    const entries = readStarterWordLists();
    for (const category of [
      'spam',
      'ad',
      'politics',
      'terrorism',
      'abuse',
      'porn',
      'contraband',
      'harmful',
    ]) {
      const words = entries.filter((entry) => entry.category === category).map((entry) => entry.word);
      expect(
        words.some((word) => /\p{Script=Han}/u.test(word)),
        category,
      ).toBe(true);
      expect(
        words.some((word) => /[a-z]/.test(word)),
        category,
      ).toBe(true);
    }
  });

  it('the local provider rejects a listed word with its category and allows the rest', async () => {
    const local = createLocalModerationProvider();
    await expect(local.checkText('Limited time offer, buy now')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'ad',
    });
    await expect(local.checkText('出售冰毒')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'contraband',
    });
    await expect(local.checkText('Welcome to our booth in hall 3')).resolves.toEqual({ verdict: 'allow' });
    await expect(local.checkImage?.(new Uint8Array([1]), 'image/png')).resolves.toEqual({ verdict: 'allow' });
  });
});
