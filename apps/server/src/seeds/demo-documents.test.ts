import { describe, expect, it } from 'vitest';
import { textPdf } from './demo-documents.ts';

describe('textPdf (the demo programme)', () => {
  it('writes a PDF whose cross-reference table points at every object', () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      i % 40 === 0 ? `# Day ${i / 40 + 1}` : `10:00  Hall  Talk ${i} (ü → ?)`,
    );
    const pdf = textPdf('Programme', lines);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, index) => {
      expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    // 120 lines at 48 a page: three pages.
    expect(/\/Count 3 >>/.test(text)).toBe(true);
    // Only what Helvetica can show: the arrow became '?', parentheses are escaped.
    expect(text).toContain('Talk 1 \\(u ? ?\\)');
  });
});
