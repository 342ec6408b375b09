import { describe, expect, it } from 'vitest';
import { intentOf, wordingOf } from './copilot.builtin.templates.ts';
import { questionWords } from './copilot.builtin.ts';

describe('intentOf', () => {
  it.each([
    ['Does Suzhou Hanbit Energy have free appointment slots?', 'slots'],
    ['苏州韩光新能源有空闲的洽谈时段吗？', 'slots'],
    ['How can I get an invoice for my ticket?', 'invoice'],
    ['我的门票在哪里查看？', 'ticket'],
    ['怎么报名硬件黑客工作坊？', 'register'],
    ['How do I contact the organisers?', 'contact'],
    ['When does the camp take place?', 'dates'],
    ['大会在哪里举办？', 'venue'],
    ['Who speaks about drones?', 'speaker'],
    ['Which exhibitors make EV chargers?', 'exhibitor'],
    ['When is the card10 Badge talk?', 'session'],
    ['Is there Wi-Fi?', 'search'],
  ])('%s → %s', (question, intent) => {
    expect(intentOf(question)).toBe(intent);
  });
});

describe('questionWords', () => {
  it('keeps content words, drops question and cue words, cuts plurals (matched as prefixes)', () => {
    const words = questionWords('Which exhibitors make EV chargers?');
    expect(words.map((word) => word.lexeme)).toEqual(['ev', 'charger']);
    expect(words.find((word) => word.lexeme === 'charger')).toMatchObject({
      isPrefix: true,
      exact: 'chargers',
    });
  });

  it('cuts Chinese with the search segmenter and adds the English of glossary words', () => {
    const lexemes = questionWords('蓝牙开锁的演讲在哪里？').map((word) => word.lexeme);
    expect(lexemes).toEqual(expect.arrayContaining(['蓝牙', 'bluetooth', 'lockpicking']));
    expect(lexemes).not.toContain('演讲');
  });

  it('answers no word for a question made of function words only', () => {
    expect(questionWords('What is it?')).toEqual([]);
  });
});

describe('wordingOf', () => {
  it('speaks Chinese for zh variants and English for every other language', () => {
    expect(wordingOf('zh-TW').cannot('x')).toContain('无法回答');
    expect(wordingOf('fr').cannot('x')).toContain("I can't answer that here");
  });
});
