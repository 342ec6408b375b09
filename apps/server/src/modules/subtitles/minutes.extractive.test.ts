import { describe, expect, it } from 'vitest';
import { extractiveMinutes, sentencesOf, topSentences, transcriptForModel } from './minutes.extractive.ts';

/**
 * Extractive minutes (§1 minutes without a chat provider): sentences cut from cues in Chinese and
 * English, the central ones chosen in spoken order, decisions and action items by cue words.
 */

const cues = (texts: string[]) => texts.map((text) => ({ text }));

const english = cues([
  'Good morning everyone, and welcome to the battery supply session.',
  'Today we talk about battery supply for electric buses in the region.',
  'Battery supply for electric buses was short last year,',
  'because the battery cell factories were full.',
  'Um, okay.',
  'The weather was nice on the way here.',
  'After a long discussion we decided to order battery cells from two factories instead of one.',
  'Battery prices for electric buses should fall next year as new battery cell factories open.',
  'Anna will send the battery supply forecast to all members by Friday.',
  'Thank you all for coming.',
]);

const chinese = cues([
  '大家好，欢迎参加本次新能源汽车电池供应论坛。',
  '今年电池供应紧张，主要原因是电池产能不足',
  '新能源汽车的电池成本下降了百分之十五。',
  '今天天气不错。',
  '经过讨论，我们决定与两家电池厂签订长期供应协议。',
  '电池回收是新能源汽车行业的下一个重点。',
  '张经理负责在下周五之前整理电池供应报告。',
  '谢谢大家。',
]);

describe('sentencesOf', () => {
  it('joins cues cut mid-sentence and drops fillers', () => {
    const sentences = sentencesOf(english, 'en');
    expect(sentences).toContain(
      'Battery supply for electric buses was short last year, because the battery cell factories were full.',
    );
    expect(sentences).not.toContain('Um, okay.');
  });

  it('cuts Chinese by its full stops and joins without spaces', () => {
    const sentences = sentencesOf(chinese, 'zh');
    expect(sentences).toContain(
      '今年电池供应紧张，主要原因是电池产能不足新能源汽车的电池成本下降了百分之十五。',
    );
    expect(sentences).toContain('今天天气不错。');
    expect(sentences.every((sentence) => !sentence.includes(' '))).toBe(true);
  });
});

describe('extractiveMinutes', () => {
  it('English: central sentences in order, the decision and the action item', () => {
    const minutes = extractiveMinutes(english, 'en');
    expect(minutes.summary).toContain('battery');
    expect(minutes.summary).not.toContain('weather');
    expect(minutes.decisions).toEqual([
      'After a long discussion we decided to order battery cells from two factories instead of one.',
    ]);
    expect(minutes.action_items).toEqual([
      'Anna will send the battery supply forecast to all members by Friday.',
    ]);
    const all = [minutes.summary, ...minutes.key_points].join(' ');
    // Spoken order is kept: the summary's sentences appear as in the transcript.
    const summaryParts = minutes.summary.split(/(?<=\.) /u);
    const positions = summaryParts.map((part) =>
      english.findIndex((cue) => part.includes(cue.text.slice(0, 20))),
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(all).not.toContain('Um, okay');
  });

  it('Chinese: words by the search segmenter, 决定 and 负责 sentences', () => {
    const minutes = extractiveMinutes(chinese, 'zh');
    expect(minutes.summary).toContain('电池');
    expect(minutes.summary).not.toContain('天气');
    expect(minutes.decisions).toEqual(['经过讨论，我们决定与两家电池厂签订长期供应协议。']);
    expect(minutes.action_items).toEqual(['张经理负责在下周五之前整理电池供应报告。']);
    expect(minutes.summary).not.toContain(' ');
  });

  it('an empty transcript gives empty minutes', () => {
    expect(extractiveMinutes([], 'en')).toEqual({
      summary: '',
      key_points: [],
      decisions: [],
      action_items: [],
    });
  });

  it('never repeats a sentence between the summary and the key points', () => {
    const many = cues(
      Array.from(
        { length: 40 },
        (_, i) => `Point ${i}: the battery plan for depot ${i % 7} needs review and budget.`,
      ),
    );
    const minutes = extractiveMinutes(many, 'en');
    for (const point of minutes.key_points) expect(minutes.summary).not.toContain(point);
    expect(minutes.key_points.length).toBeLessThanOrEqual(8);
  });
});

describe('transcriptForModel', () => {
  it('keeps a short transcript whole and a long one to its central sentences in order', () => {
    expect(transcriptForModel(english, 'en', 10_000)).toContain('Good morning everyone');
    const cut = transcriptForModel(english, 'en', 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toContain('battery');
    const indexes = topSentences(sentencesOf(english, 'en'), 3);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });
});
