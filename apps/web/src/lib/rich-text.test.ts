import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasNativeGunzip, readRichText } from './rich-text.ts';

/** Cuts text into `size`-byte UTF-8 pieces on character boundaries and gzips each (as the server does). */
function chunked(text: string, size: number): { chunks: string[] } {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + size, bytes.length);
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    chunks.push(gzipSync(bytes.subarray(start, end)).toString('base64'));
    start = end;
  }
  return { chunks };
}

describe('readRichText (§5, §9)', () => {
  const text = '<p>展会新闻 news أخبار 😀</p>'.repeat(3_000);

  it('returns plain text as is, and empty for null', async () => {
    expect(await readRichText('<p>x</p>')).toBe('<p>x</p>');
    expect(await readRichText(null)).toBe('');
  });

  it('inflates and joins chunks with DecompressionStream', async () => {
    expect(hasNativeGunzip()).toBe(true);
    expect(await readRichText(chunked(text, 30_720))).toBe(text);
  });

  it('inflates and joins chunks with the fflate fallback', async () => {
    expect(await readRichText(chunked(text, 30_720), { forceFallback: true })).toBe(text);
  });

  it('rejects a corrupt chunk', async () => {
    await expect(readRichText({ chunks: ['bm90IGd6aXA='] })).rejects.toThrow();
    await expect(readRichText({ chunks: ['bm90IGd6aXA='] }, { forceFallback: true })).rejects.toThrow();
  });
});
