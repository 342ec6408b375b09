/** Keyboard rows (QWERTY) whose neighbouring keys mark a mashed text ("asdfghjkl", "qwerqwer"). */
const keyboardRows = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

const keyNeighbours = (() => {
  const pairs = new Set<string>();
  for (const row of keyboardRows) {
    for (let i = 0; i + 1 < row.length; i++) {
      pairs.add(`${row[i]}${row[i + 1]}`);
      pairs.add(`${row[i + 1]}${row[i]}`);
    }
  }
  return pairs;
})();

/**
 * The §5 'meaningless' check, defined by its unit tests (meaningless.test.ts): true for text with no
 * letter or digit (punctuation or emoji only), one repeated character at least 5 times ("aaaaaaa",
 * "哈哈哈哈哈哈"), at most two distinct letters over at least 6 ("hahahaha", "啊啊啊哦哦哦"), and
 * keyboard mashing — a Latin-only text of at least 6 letters where ≥ 70 % of neighbouring letters are
 * neighbouring keys of one keyboard row ("asdfghjkl", "qwerqwer"). "OK", "好的", "Nice booth!" pass.
 */
export function isMeaningless(text: string): boolean {
  const content = [...text.normalize('NFKC').toLowerCase()].filter((char) => /[\p{L}\p{N}]/u.test(char));
  if (content.length === 0) return true;
  const distinct = new Set(content);
  if (content.length >= 5 && distinct.size === 1) return true;
  const hasDigit = content.some((char) => /\p{N}/u.test(char));
  if (content.length >= 6 && distinct.size <= 2 && !hasDigit) return true;
  if (content.length >= 6 && content.every((char) => /[a-z]/.test(char))) {
    let adjacent = 0;
    for (let i = 0; i + 1 < content.length; i++) {
      const pair = `${content[i]}${content[i + 1]}`;
      if (keyNeighbours.has(pair) || content[i] === content[i + 1]) adjacent++;
    }
    if (adjacent / (content.length - 1) >= 0.7) return true;
  }
  return false;
}
