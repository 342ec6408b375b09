import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptDocument } from './receipts.pdf.ts';

const receipt: ReceiptDocument = {
  kind: 'receipt',
  numberText: 'R-000123',
  amount: 18050,
  currency: 'CNY',
  issuedAt: new Date('2026-11-26T10:00:00Z'),
  language: 'zh',
  snapshot: {
    seller: { name: '上海会展有限公司', taxpayer_number: '91350100M000100Y43', address: '上海市浦东新区' },
    buyer: { name: '张三', phone: '+8613800138000' },
    order_number: '2026112612345678',
    lines: [
      {
        title: { zh: '亚洲展览会', en: 'Asia Expo' },
        name: '张三',
        unit_amount: 20000,
        discount: 1950,
        amount: 18050,
      },
    ],
  },
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('renderReceiptPdf (§3 Order: payment receipt, not a tax invoice)', () => {
  it.skipIf(!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))(
    'draws Chinese text with the Simplified Chinese face of Noto Sans CJK',
    async () => {
      const { receiptFontProblem, renderReceiptPdf } = await import('./receipts.pdf.ts');
      expect(receiptFontProblem()).toBeNull();
      const pdf = await renderReceiptPdf(receipt);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.includes('(R-000123)')).toBe(true);
      expect(pdf.includes('NotoSansCJKsc-Regular')).toBe(true);
    },
  );

  it('says once what is missing and prints Latin text only without the font', async () => {
    vi.stubEnv('RECEIPT_FONT', '/nonexistent/NotoSansCJK-Regular.ttc');
    const { receiptFontProblem, renderReceiptPdf } = await import('./receipts.pdf.ts');
    expect(receiptFontProblem()).toMatch(/fonts-noto-cjk/);
    const pdf = await renderReceiptPdf({ ...receipt, kind: 'cancellation', numberText: 'C-000007' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes('(C-000007)')).toBe(true);
    expect(pdf.includes('NotoSansCJK')).toBe(false);
    expect(pdf.includes('Helvetica')).toBe(true);
  });
});
