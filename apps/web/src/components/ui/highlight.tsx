import type { LocalizedText } from '@app/contracts';
import { cx } from './cx.ts';

/** One matched range of a text in UTF-16 code units, as the search answers send it. */
export type MatchRange = { lang: string; start: number; length: number };
/** A piece of a highlighted text: matched pieces are wrapped in <mark>. */
export type TextPiece = { text: string; isMatch: boolean };

/**
 * The text `localize` would show for `language` together with the key it came from ('' for a plain
 * string): the language, then English, then the first non-empty value (§3). Search highlights name
 * the key their range belongs to, so only the shown language's ranges apply.
 */
export function localizeWithKey(text: LocalizedText, language: string): { text: string; lang: string } {
  if (typeof text === 'string') return { text, lang: '' };
  const wanted = text[language];
  if (wanted && wanted.trim() !== '') return { text: wanted, lang: language };
  if (text.en && text.en.trim() !== '') return { text: text.en, lang: 'en' };
  for (const [key, value] of Object.entries(text)) {
    if (typeof value === 'string' && value.trim() !== '') return { text: value, lang: key };
  }
  return { text: '', lang: '' };
}

/**
 * Splits `text` into plain and matched pieces from the ranges of language key `lang`. Ranges are
 * clamped to the text, sorted and merged when they overlap or touch; a range in another language is
 * ignored. Joining the pieces always gives `text` back.
 */
export function splitHighlights(text: string, ranges: readonly MatchRange[], lang: string): TextPiece[] {
  const spans = ranges
    .filter((range) => range.lang === lang && range.length > 0)
    .map((range) => [Math.max(0, range.start), Math.min(text.length, range.start + range.length)] as const)
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const pieces: TextPiece[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) pieces.push({ text: text.slice(cursor, start), isMatch: false });
    pieces.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), isMatch: false });
  return pieces;
}

/**
 * A text with its matched pieces in <mark> (search results). Built from text nodes only: the server
 * sends ranges, never HTML.
 */
export function HighlightedText({
  text,
  ranges,
  lang,
  className,
}: {
  text: string;
  ranges: readonly MatchRange[] | undefined;
  lang: string;
  className?: string;
}) {
  const pieces = splitHighlights(text, ranges ?? [], lang);
  return (
    <span className={className}>
      <bdi>
        {pieces.map((piece, index) =>
          piece.isMatch ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces are a fixed split of one text
            <mark key={index} className={cx('rounded-sm bg-amber-200/70 px-px text-inherit')}>
              {piece.text}
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces are a fixed split of one text
            <span key={index}>{piece.text}</span>
          ),
        )}
      </bdi>
    </span>
  );
}
