import { inflateSync } from 'node:zlib';

/**
 * Test helpers of credits: the text of a PDF pdfkit wrote, read without a PDF library — the streams
 * inflated, the fonts' ToUnicode maps read, and the hex glyph strings of every Tj / TJ turned back
 * into text through them (literal strings for the standard fonts). Enough for pdfkit's own output.
 */
export function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  const source = pdf.toString('latin1');
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      streams.push((/FlateDecode/.test(match[1] ?? '') ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // An image or a font program that is not deflate: nothing to read.
    }
  }
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const stream of streams.filter((s) => s.includes('begincmap'))) {
    for (const block of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        map.set((pair[1] ?? '').toLowerCase(), utf16(pair[2] ?? ''));
      }
    }
    for (const block of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      const body = block[1] ?? '';
      for (const range of body.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const width = (range[1] ?? '').length;
        const lo = Number.parseInt(range[1] ?? '0', 16);
        const hi = Number.parseInt(range[2] ?? '0', 16);
        const target = range[3] ?? '';
        const key = (n: number) => n.toString(16).padStart(width, '0');
        if (target.startsWith('[')) {
          const items = [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) =>
            (m[1] ?? '').replace(/\s/g, ''),
          );
          for (const [index, hex] of items.entries()) map.set(key(lo + index), utf16(hex));
        } else {
          const base = Number.parseInt(target.slice(1, -1), 16);
          for (let n = lo; n <= hi; n += 1) map.set(key(n), String.fromCharCode(base + n - lo));
        }
      }
    }
  }
  const decodeHex = (hex: string) => {
    if (map.size === 0) return Buffer.from(hex, 'hex').toString('latin1');
    let text = '';
    for (let at = 0; at + 4 <= hex.length; at += 4)
      text += map.get(hex.slice(at, at + 4).toLowerCase()) ?? '';
    return text;
  };
  const lines: string[] = [];
  for (const stream of streams.filter((s) => /\bBT\b/.test(s))) {
    for (const op of stream.matchAll(/\[([^\]]*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const body = op[1] ?? op[2] ?? '';
      let text = '';
      for (const part of body.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        text += part[1] !== undefined ? decodeHex(part[1]) : (part[2] ?? '').replace(/\\(.)/g, '$1');
      }
      lines.push(text);
    }
  }
  return lines.join('\n');
}
