/**
 * Characters of scripts written without spaces between words (Han, kana, Hangul, Thai): word-list
 * entries in them match anywhere, and separators between two of them are dropped ("法 轮-功" → "法轮功").
 */
const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** True when the character belongs to a script written without spaces (see `unspaced`). */
export function isUnspacedChar(char: string): boolean {
  return unspaced.test(char);
}

/**
 * The form texts and word-list entries are compared in (§5 sensitive content): NFKC (full-width →
 * half-width, compatibility forms folded), lower case, every run of spaces, punctuation, symbols and
 * emoji becomes one space — or nothing between two CJK characters — and a space separates a CJK
 * character from a Latin letter. The result starts and ends with one space, so a Latin entry padded
 * with spaces (`patternForm`) only matches whole words ("ass" never matches "class").
 * Example: "Ｂｕｙ  ＶＩＡＧＲＡ!! 法 轮。功" → " buy viagra 法轮功 ".
 */
export function normalizeText(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word.length > 0);
  let out = '';
  for (const word of words) {
    if (out.length > 0 && !(isUnspacedChar(out.at(-1) ?? '') && isUnspacedChar(word[0] ?? ''))) out += ' ';
    out += word;
  }
  // A space where a CJK character meets a Latin letter or digit inside one word ("买viagra" → "买 viagra").
  out = out.replace(
    /(\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}|\p{Script=Thai})(?=[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])/gu,
    '$1 ',
  );
  out = out.replace(
    /([^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])(?=\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}|\p{Script=Thai})/gu,
    '$1 ',
  );
  return ` ${out} `;
}

/**
 * A word-list entry in its matching form: normalised like texts, then padded with a space on each
 * side that ends in a Latin letter or digit (whole-word match) and bare on a CJK side (match anywhere).
 * Empty when the entry has no letters or digits.
 */
export function patternForm(word: string): string {
  const core = normalizeText(word).trim();
  if (core.length === 0) return '';
  const first = core[0] ?? '';
  const last = core.at(-1) ?? '';
  return `${isUnspacedChar(first) ? '' : ' '}${core}${isUnspacedChar(last) ? '' : ' '}`;
}
