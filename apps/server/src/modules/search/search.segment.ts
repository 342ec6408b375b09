import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Word segmentation of the meeting search (/meeting/search, §2), the same on the index and the query
 * side: neither PGlite nor Debian's PostgreSQL has a Chinese or Japanese parser, so words are cut
 * here and stored space-separated under PostgreSQL's `simple` configuration.
 * - Chinese (Han runs): @node-rs/jieba, its dictionary shipped inside the npm package (no download
 *   at run time); the index stores the search cut (人工智能 → 人工, 智能, 人工智能), a query its
 *   plain cut, so a query word matches inside longer phrases.
 * - Japanese (runs with kana): Intl.Segmenter('ja', word); kanji-only runs are also cut this way on
 *   the index side, so a Japanese title written in kanji matches a query cut either way.
 * - Latin and other alphabets: NFKC, lower case, accents removed (é → e), split on non-letters.
 */

let jieba: Jieba | undefined;

/** The jieba instance, built once per process from the bundled dictionary (~250 ms). */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const japaneseWords = new Intl.Segmenter('ja', { granularity: 'word' });

const hanRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu;
const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const onlyHiragana = /^\p{Script=Hiragana}$/u;
const wordChar = /[^\p{L}\p{N}]+/gu;

/** NFKC, lower case, and combining accents of Latin letters removed: what every search text is compared as. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}

/** A token as a tsquery lexeme: letters and digits only, so quoting it is always safe. */
function clean(token: string): string {
  return token.replace(wordChar, '');
}

function japaneseSegments(run: string): string[] {
  return [...japaneseWords.segment(run)].filter((part) => part.isWordLike).map((part) => part.segment);
}

/** Drops one-letter hiragana tokens (particles: の, を, で …) that would make every query too strict. */
function isUseful(token: string): boolean {
  return token !== '' && !onlyHiragana.test(token);
}

function unique(tokens: string[]): string[] {
  return [...new Set(tokens.map(clean).filter(isUseful))];
}

/** Words of a text (folded) and its CJK runs, in order. */
function split(folded: string): { latin: string[]; runs: string[] } {
  const runs = folded.match(hanRun) ?? [];
  const latin = folded.replace(hanRun, ' ').split(wordChar).filter(Boolean);
  return { latin, runs };
}

/**
 * The words of an indexed text, space-separated, for `to_tsvector('simple', …)`: Latin words,
 * jieba's search cut of Han runs, Intl.Segmenter's cut of runs with kana (and of Han runs too).
 */
export function indexWords(text: string): string {
  const { latin, runs } = split(foldText(text));
  const words = [...latin];
  for (const run of runs) {
    if (!kana.test(run)) words.push(...segmenter().cutForSearch(run, true));
    words.push(...japaneseSegments(run));
  }
  return unique(words).join(' ');
}

/**
 * Whether a folded word takes part in typo matching (the search_terms vocabulary and the query words
 * corrected against it): Latin script, 4 letters or more.
 */
export function isVocabularyWord(word: string): boolean {
  return word.length >= 4 && /^\p{Script=Latin}+$/u.test(word);
}

/** What a query searches for. */
export type SearchQuery = {
  /** `to_tsquery('simple', …)` text (lexemes quoted, Latin ones as prefixes), null when nothing is left. */
  tsquery: string | null;
  /** Latin words of 4+ letters, matched against titles by trigram word similarity (typos). */
  fuzzyTerms: string[];
  /** The folded query when it holds CJK text: matched as a substring of titles too. */
  cjkPhrase: string | null;
  /** Strings to mark in results (the folded query and its words), longest first. */
  highlightTerms: string[];
};

const quote = (token: string) => `'${token}'`;

/**
 * Segments a keyword like the index: every word must match (AND). Latin words match as prefixes
 * (`robo` → robotics); a Han run matches by jieba's cut or Intl.Segmenter's (OR of the two).
 */
export function parseQuery(keyword: string): SearchQuery {
  const folded = foldText(keyword).trim();
  const { latin, runs } = split(folded);
  const parts: string[] = [];
  const latinWords = unique(latin);
  for (const word of latinWords) parts.push(`${quote(word)}:*`);
  const cjkWords: string[] = [];
  for (const run of runs) {
    const jiebaCut = kana.test(run) ? [] : unique(segmenter().cut(run, false));
    const japaneseCut = unique(japaneseSegments(run));
    cjkWords.push(...jiebaCut, ...japaneseCut);
    const alternatives = [jiebaCut, japaneseCut]
      .filter((cut) => cut.length > 0)
      .map((cut) => `(${cut.map(quote).join(' & ')})`);
    const distinct = [...new Set(alternatives)];
    if (distinct.length > 0)
      parts.push(distinct.length === 1 ? (distinct[0] ?? '') : `(${distinct.join(' | ')})`);
  }
  const highlightTerms = [...new Set([folded, ...latinWords, ...cjkWords, ...runs])]
    .filter((term) => term.trim() !== '')
    .sort((a, b) => b.length - a.length);
  return {
    tsquery: parts.length > 0 ? parts.join(' & ') : null,
    fuzzyTerms: latinWords.filter(isVocabularyWord),
    cjkPhrase: runs.length > 0 ? folded : null,
    highlightTerms,
  };
}
