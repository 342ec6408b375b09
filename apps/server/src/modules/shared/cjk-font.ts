import { existsSync, readFileSync } from 'node:fs';

/**
 * The CJK font of generated PDFs (receipts §3 Order, credit certificates §7 Activities): Noto Sans
 * CJK from Debian's fonts-noto-cjk (installed by .ci/run). Without it PDFs print Latin text only.
 */

/** Where Debian's fonts-noto-cjk puts the collection; RECEIPT_FONT overrides it (tests, other systems). */
export const cjkFontPath =
  process.env.RECEIPT_FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** The Simplified Chinese face of the collection, by PostScript name. */
export const cjkFace = 'NotoSansCJKsc-Regular';

let fontBytes: Buffer | null | undefined;

/** The font collection's bytes, read once (about 20 MB); null when the file is missing. */
export function cjkFont(): Buffer | null {
  if (fontBytes === undefined) fontBytes = existsSync(cjkFontPath) ? readFileSync(cjkFontPath) : null;
  return fontBytes;
}

/** Whether the font file exists (without reading it). */
export function hasCjkFont(): boolean {
  return existsSync(cjkFontPath);
}

/** Latin-only fallback: accents folded, other characters '?' (the standard fonts are WinAnsi). */
export function latinOnly(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}
