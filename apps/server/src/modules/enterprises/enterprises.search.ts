import type { Highlight, LocalizedText } from '@app/contracts';

/**
 * Keyword search of enterprises, exhibitors and products (§7 Enterprises and Exhibitors search calls), the
 * parts with no I/O: the searchable text stored in `search_text`, the LIKE patterns of a keyword, and the
 * highlight ranges of a title. In SQL (enterprises.repository matchesAllTerms) a term matches as a substring
 * of the folded `search_text` (`LIKE`, served by a pg_trgm GIN index: it finds 机器人 inside 智能机器人有限公司, where no
 * spaces separate words) or as a full-text word with English stemming (`robotics` finds "Robot"). Highlights
 * mark the substring matches.
 */

/** Folds full-width letters and digits (ＡＢＣ１) to their plain forms and lower-cases. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The `search_text` of a row: every language of every given text, folded (NFKC, lower case), one
 * value per line so a keyword never matches across two languages. Used by every write of
 * enterprises and products, and by the data generator.
 */
export function buildSearchText(...texts: (LocalizedText | null | undefined)[]): string {
  const values = texts.flatMap((text) => {
    if (!text) return [];
    return typeof text === 'string' ? [text] : Object.values(text);
  });
  return values
    .map((value) => foldForSearch(value).trim())
    .filter((value) => value !== '')
    .join('\n');
}

/** Escapes LIKE wildcards (`%`, `_`) and the escape character so the keyword matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The keyword as searched: folded and split on white space into at most 8 terms (every term must
 * match; a keyword without spaces is one term). Empty when nothing is left.
 */
export function searchTerms(keyword: string): string[] {
  return foldForSearch(keyword)
    .split(/\s+/u)
    .filter((term) => term !== '')
    .slice(0, 8);
}

/** `%term%` with the term's wildcards escaped, for `search_text LIKE`. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the search terms occur in a (localized) title: one range per occurrence, in UTF-16 code
 * units of the value as stored, case-insensitive; overlapping ranges are merged. For a language map
 * the ranges carry its language key, for a plain string ''.
 */
export function titleHighlights(title: LocalizedText, terms: string[]): Highlight[] {
  const entries: [string, string][] = typeof title === 'string' ? [['', title]] : Object.entries(title);
  const usable = terms.filter((term) => term !== '');
  if (usable.length === 0) return [];
  // One scan per term, so overlapping matches of different terms (rob + bot in Robot) both count.
  const matchers = usable.map((term) => new RegExp(escapeRegExp(term), 'giu'));
  const highlights: Highlight[] = [];
  for (const [lang, value] of entries) {
    // NFKC may change lengths; only a value whose folded form keeps its length can be matched
    // position by position, the others are matched as written.
    const folded = value.normalize('NFKC');
    const text = folded.length === value.length ? folded : value;
    const found = matchers
      .flatMap((matcher) => [...text.matchAll(matcher)])
      .filter((match) => match[0].length > 0)
      .map((match) => ({ start: match.index, end: match.index + match[0].length }))
      .sort((a, b) => a.start - b.start);
    const ranges: { start: number; end: number }[] = [];
    for (const range of found) {
      const last = ranges.at(-1);
      if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
      else ranges.push({ ...range });
    }
    for (const range of ranges) {
      highlights.push({ field: 'title', lang, start: range.start, length: range.end - range.start });
    }
  }
  return highlights;
}
