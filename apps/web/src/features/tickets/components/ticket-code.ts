/**
 * Ticket codes as people read and type them (§4 Ticket): 26 Crockford base32 characters shown in
 * groups of four so a person can read one aloud or type it from a screen.
 */

/** `ABCD-EFGH-…-YZ`: the code in groups of `size` characters joined by a hyphen. */
export function groupCode(code: string, size = 4): string {
  const plain = normalizeCode(code);
  const groups: string[] = [];
  for (let index = 0; index < plain.length; index += size) groups.push(plain.slice(index, index + size));
  return groups.join('-');
}

/**
 * A typed or scanned code in its canonical form: upper-case, without spaces or hyphens, with the
 * Crockford look-alikes folded (O → 0, I and L → 1).
 */
export function normalizeCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
