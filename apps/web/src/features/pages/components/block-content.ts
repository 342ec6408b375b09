import type { BlockContent, LocalizedText, RichTextWire } from '@app/contracts';

/**
 * A block's content in the visitor's language with the §3 fallback (the language, English, then the
 * first non-empty value): a rich-text block's RichTextWire (HTML, or chunks to inflate, §5).
 */
export function contentIn(content: BlockContent, language: string): RichTextWire {
  if (typeof content === 'string') return content;
  const isFilled = (value: RichTextWire | undefined): value is RichTextWire =>
    value !== undefined && (typeof value !== 'string' || value.trim() !== '');
  const wanted = content[language];
  if (isFilled(wanted)) return wanted;
  const english = content.en;
  if (isFilled(english)) return english;
  return Object.values(content).find(isFilled) ?? '';
}

/** The plain-text content of an `intro` block (only `rich_text` blocks carry chunked HTML). */
export const plainContent = (content: BlockContent): LocalizedText => content as LocalizedText;
