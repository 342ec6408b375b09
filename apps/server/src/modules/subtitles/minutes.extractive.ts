import { indexWords } from '../search/search.segment.ts';
import type { LiveMinutesBody } from './subtitles.tables.ts';

/**
 * Extractive minutes (§1 minutes without a chat provider, or when the model's answer is unusable):
 * the transcript's most representative sentences, in the order they were spoken, plus the sentences
 * that sound like decisions or action items. Nothing is invented and nothing is translated — the
 * minutes are in the transcript's language.
 *
 * - Sentences: cues are joined until one ends a sentence (or a run grows long: speech-to-text of
 *   Chinese often has no punctuation, and a cue is cut at a pause), then cut by
 *   Intl.Segmenter(language, sentence).
 * - Words: the search module's segmenter (jieba for Chinese, Intl.Segmenter for Japanese, folded
 *   Latin words), minus a few function words.
 * - Score: cosine of a sentence's TF-IDF vector with the transcript's centroid (centrality), with
 *   near-duplicates of sentences already chosen skipped.
 */

/** Sizes of extractive (and model) minutes. */
export const minutesLimits = {
  /** Characters of the summary. */
  summaryChars: 1200,
  /** Characters of one key point, decision or action item. */
  itemChars: 300,
  /** Key points, decisions and action items each. */
  items: 8,
  /** Sentences in the summary. */
  summarySentences: 3,
} as const;

/** A cue of the transcript (live_subtitle_cues), in spoken order. */
export type TranscriptCue = { text: string };

const sentenceEnd = /[.!?。！？…]["'”’」』)）]*\s*$/u;
/** A run of cues without a sentence end is cut at this many characters. */
const runChars = 160;
/** Sentences shorter than this (characters, trimmed) carry no content ("OK.", "好的。"); nor do those of function words only. */
const minSentenceChars = 6;

const cjkLanguages = new Set(['zh', 'ja', 'ko', 'th']);

const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his i if in ' +
    'into is it its just me my no not of on or our over she so that the their them then there these they ' +
    'this to too up us very was we were what when where which who will with would you your yes okay ok ' +
    'um uh like also all about more some than out now here well really ' +
    '的 了 是 在 我 我们 你 你们 他 她 它 这 那 这个 那个 就 也 都 和 与 及 有 一个 一下 吧 啊 呢 吗 嗯 呃 然后 就是 所以 因为 但是 还是 还有 对 好 大家'
  ).split(' '),
);

/** The words of a sentence, as the search index cuts them, without function words. */
export function wordsOf(sentence: string): string[] {
  const words = indexWords(sentence);
  if (!words) return [];
  return words.split(' ').filter((word) => !stopWords.has(word) && !/^\d$/u.test(word));
}

/**
 * The transcript's sentences, in order: cues joined (no space between CJK cues) until a sentence
 * end or {@link runChars} characters, then cut by Intl.Segmenter in `language`.
 */
export function sentencesOf(cues: readonly TranscriptCue[], language: string): string[] {
  const joiner = cjkLanguages.has(language) ? '' : ' ';
  const runs: string[] = [];
  let run = '';
  for (const cue of cues) {
    const text = cue.text.trim();
    if (!text) continue;
    run = run ? `${run}${joiner}${text}` : text;
    if (sentenceEnd.test(run) || run.length >= runChars) {
      runs.push(run);
      run = '';
    }
  }
  if (run) runs.push(run);
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  }
  const sentences: string[] = [];
  for (const text of runs) {
    for (const part of segmenter.segment(text)) {
      const sentence = part.segment.trim();
      if (sentence.length >= minSentenceChars && wordsOf(sentence).length > 0) sentences.push(sentence);
    }
  }
  return sentences;
}

type Vector = Map<string, number>;

function norm(vector: Vector): number {
  let sum = 0;
  for (const value of vector.values()) sum += value * value;
  return Math.sqrt(sum);
}

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [word, value] of small) dot += value * (large.get(word) ?? 0);
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/**
 * Each sentence's centrality (0..1): the cosine of its TF-IDF vector (binary term frequency, idf =
 * ln(1 + N / df)) with the centroid of all sentences. Same length and order as `sentences`.
 */
export function centralityOf(sentences: readonly string[]): number[] {
  const bags = sentences.map((sentence) => new Set(wordsOf(sentence)));
  const documentFrequency = new Map<string, number>();
  for (const bag of bags)
    for (const word of bag) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const count = sentences.length;
  const vectors: Vector[] = bags.map((bag) => {
    const vector: Vector = new Map();
    for (const word of bag) vector.set(word, Math.log(1 + count / (documentFrequency.get(word) ?? 1)));
    return vector;
  });
  const centroid: Vector = new Map();
  for (const vector of vectors)
    for (const [word, value] of vector) centroid.set(word, (centroid.get(word) ?? 0) + value);
  return vectors.map((vector) => cosine(vector, centroid));
}

/**
 * The indexes of the `limit` best sentences by centrality, skipping a sentence too similar (cosine
 * of words > 0.7) to one already taken; answered in transcript order.
 */
export function topSentences(sentences: readonly string[], limit: number): number[] {
  const scores = centralityOf(sentences);
  const bags = sentences.map((sentence) => {
    const vector: Vector = new Map();
    for (const word of wordsOf(sentence)) vector.set(word, 1);
    return vector;
  });
  const order = scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: number[] = [];
  for (const { index } of order) {
    if (chosen.length >= limit) break;
    const bag = bags[index] as Vector;
    if (bag.size === 0) continue;
    if (chosen.some((other) => cosine(bag, bags[other] as Vector) > 0.7)) continue;
    chosen.push(index);
  }
  return chosen.sort((a, b) => a - b);
}

/** Sentences that state a decision, in Chinese or English (cue words). */
const decisionCue =
  /决定|决议|一致同意|达成(?:了)?(?:一致|共识)|(?<!不)确定了|拍板|批准|通过了|\b(?:we(?:'ve| have)? decided|decided to|decision|agreed|we agree|approved|resolved|concluded|we will go with|settled on)\b/iu;

/** Sentences that give someone something to do, in Chinese or English (cue words). */
const actionCue =
  /负责|跟进|落实|待办|截止|下周|明天|会后|请.{1,12}(?:准备|提交|发送|整理|完成)|\b(?:action items?|follow[- ]up|to-?do|needs? to|has to|have to|will (?:send|prepare|share|draft|review|follow|contact|set up|update|write|check)|(?:i|we|you|they)'ll (?:send|prepare|share|draft|review|follow|contact|set up|update|write|check)|by (?:next|the end of|monday|tuesday|wednesday|thursday|friday|tomorrow)|deadline)\b/iu;

function clip(text: string, chars: number): string {
  const characters = [...text];
  return characters.length <= chars ? text : `${characters.slice(0, chars - 1).join('')}…`;
}

/**
 * Extractive minutes of a transcript in `language` (the language the cues are in): the summary is
 * the {@link minutesLimits.summarySentences} most central sentences in order; key points the next
 * most central ones (up to {@link minutesLimits.items}); decisions and action items the sentences
 * with decision or action cue words (zh, en), in order. An empty transcript gives empty minutes.
 */
export function extractiveMinutes(cues: readonly TranscriptCue[], language: string): LiveMinutesBody {
  const sentences = sentencesOf(cues, language);
  const joiner = cjkLanguages.has(language) ? '' : ' ';
  const best = topSentences(sentences, minutesLimits.summarySentences + minutesLimits.items);
  // The summary: the best few by rank, shown in spoken order.
  const ranked = topSentences(sentences, minutesLimits.summarySentences);
  const summary = clip(ranked.map((index) => sentences[index]).join(joiner), minutesLimits.summaryChars);
  const keyPoints = best
    .filter((index) => !ranked.includes(index))
    .slice(0, minutesLimits.items)
    .map((index) => clip(sentences[index] as string, minutesLimits.itemChars));
  const matching = (cue: RegExp) =>
    sentences
      .filter((sentence) => cue.test(sentence))
      .slice(0, minutesLimits.items)
      .map((sentence) => clip(sentence, minutesLimits.itemChars));
  const decisions = matching(decisionCue);
  const actionItems = matching(actionCue).filter((sentence) => !decisions.includes(sentence));
  return { summary, key_points: keyPoints, decisions, action_items: actionItems };
}

/**
 * The transcript cut to at most `maxChars` characters for a model: whole when it fits, else its most
 * central sentences in spoken order (so a long live still gets minutes of all of it).
 */
export function transcriptForModel(
  cues: readonly TranscriptCue[],
  language: string,
  maxChars: number,
): string {
  const joiner = cjkLanguages.has(language) ? '' : ' ';
  const whole = cues
    .map((cue) => cue.text.trim())
    .filter(Boolean)
    .join(joiner);
  if (whole.length <= maxChars) return whole;
  const sentences = sentencesOf(cues, language);
  const scores = centralityOf(sentences);
  const order = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const kept = new Set<number>();
  let used = 0;
  for (const { index } of order) {
    const length = (sentences[index] as string).length + 1;
    if (used + length > maxChars) continue;
    kept.add(index);
    used += length;
  }
  return sentences.filter((_, index) => kept.has(index)).join(joiner === '' ? '' : '\n');
}
