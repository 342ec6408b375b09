import { describe, expect, it } from 'vitest';
import { contentDispositionFor } from './documents.service.ts';

/** The RFC 5987 `filename*` of a header, decoded. */
const extendedName = (header: string) =>
  decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1] ?? '');

describe('contentDispositionFor (RFC 6266 / RFC 5987)', () => {
  it('names a Chinese file exactly in filename* and gives an ASCII fallback', () => {
    const header = contentDispositionFor('attachment', '大会日程 2019.pdf');
    expect(header).toBe(
      `attachment; filename="____ 2019.pdf"; filename*=UTF-8''${encodeURIComponent('大会日程 2019.pdf')}`,
    );
    expect(extendedName(header)).toBe('大会日程 2019.pdf');
  });

  it('cannot be broken out of: quotes, backslashes, slashes, line breaks, semicolons, apostrophes', () => {
    const header = contentDispositionFor('inline', `a"b\\c/d\r\ne;f%'g.pdf`);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('inline; filename="a_b_c_d__e_f_\'g.pdf"; ')).toBe(true);
    expect(extendedName(header)).toBe(`a_b_c_d__e;f%'g.pdf`);
    expect(header.match(/;/g)).toHaveLength(2);
  });

  it('never sends an empty name', () => {
    expect(contentDispositionFor('attachment', '')).toContain('filename="file"');
  });
});
