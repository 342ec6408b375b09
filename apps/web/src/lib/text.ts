/** Splits plain text (line breaks, blank lines between paragraphs) into paragraphs. */
export function paragraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Up to two initials of a name, for avatar fallbacks. */
export function initials(name: string): string {
  // Words that start with a letter or digit: "Andreea Belu (EDRi)" → AB.
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '?';
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...(words[words.length - 1] ?? '')][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
