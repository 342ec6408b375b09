import { describe, expect, it } from 'vitest';
import { textPdf } from './demo-documents.ts';

describe('textPdf (the demo programme)', () => {
  it('writes a PDF of as many A4 pages as the lines need', async () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      i % 40 === 0 ? `# Day ${i / 40 + 1}` : `10:00  Hall  Talk ${i} (ü → ?)`,
    );
    const pdf = await textPdf('Programme', lines);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // 120 lines at 9.5 pt with three headings: two pages.
    expect(/\/Count (\d+)/.exec(text)?.[1]).toBe('2');
    expect((await textPdf('Short', ['one line'])).toString('latin1')).toMatch(/\/Count 1\b/);
  });
});
