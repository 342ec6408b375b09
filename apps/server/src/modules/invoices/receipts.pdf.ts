import { formatMoney } from '@app/domain/commerce';
import PDFDocument from 'pdfkit';
import { cjkFace, cjkFont, cjkFontPath, hasCjkFont, latinOnly } from '../shared/cjk-font.ts';
import type { ReceiptKind, ReceiptSnapshot } from './receipts.tables.ts';

/**
 * Receipt PDFs (§3 Order): a payment receipt or a refund cancellation, never a tax invoice, drawn with
 * pdfkit. Chinese, Japanese and Korean text needs Noto Sans CJK (Debian's fonts-noto-cjk, installed
 * by .ci/run); without it the PDF is Latin-only (other characters print as '?') and the server says
 * so once at start ({@link receiptFontProblem}).
 */

/** Where the CJK font is read from (modules/shared/cjk-font.ts; RECEIPT_FONT overrides it). */
export const receiptFontPath = cjkFontPath;

/**
 * One line for the start-up log when receipts cannot print CJK text (font missing), else null.
 * Only checks that the file exists (reading 20 MB happens at the first receipt).
 */
export function receiptFontProblem(): string | null {
  return hasCjkFont()
    ? null
    : `receipts: font ${receiptFontPath} missing (apt-get install fonts-noto-cjk) — receipt PDFs print Latin text only`;
}

/** What the PDF shows besides the snapshot. */
export type ReceiptDocument = {
  kind: ReceiptKind;
  /** Printed number, e.g. R-000123. */
  numberText: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** When the receipt was issued. */
  issuedAt: Date;
  snapshot: ReceiptSnapshot;
  /** Display language of titles and amounts ('zh' or 'en' labels; titles pick this language). */
  language: string;
};

/** Text of a language map in `language`, else English, else the first non-empty value (§3). */
function textIn(value: string | Record<string, string> | undefined, language: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value[language] || value.en || Object.values(value).find((text) => text !== '') || '';
}

/** Date of a receipt as YYYY-MM-DD HH:mm in China time (the product's default time zone). */
function dateText(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600 * 1000);
  return `${shifted.toISOString().slice(0, 16).replace('T', ' ')} (UTC+8)`;
}

/**
 * Renders a receipt or cancellation as an A4 PDF: heading 'Payment receipt — not a tax invoice'
 * (or 'Refund cancellation — not a tax invoice'), its number, seller (commerce_settings.seller at
 * issue), buyer, order number, lines (title, registrant, unit, discount, amount) and the total, all
 * amounts in the receipt's currency via formatMoney (0 printed as an amount, not 'free'). Labels are
 * bilingual (Chinese and English). Resolves with the PDF bytes.
 */
export function renderReceiptPdf(input: ReceiptDocument): Promise<Buffer> {
  const font = cjkFont();
  const show = font ? (text: string) => text : latinOnly;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: input.numberText, Subject: 'Payment receipt — not a tax invoice' },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font, cjkFace);
  const bodyFont = font ? 'body' : 'Helvetica';
  const money = (cents: number) =>
    formatMoney(cents, input.currency, input.language, { zeroAsFree: false, alwaysFraction: true });
  const isReceipt = input.kind === 'receipt';
  const { snapshot } = input;

  doc
    .font(bodyFont)
    .fontSize(18)
    .text(show(isReceipt ? '付款收据 Payment receipt' : '退款冲销单 Refund cancellation'));
  doc
    .fontSize(10)
    .fillColor('#a33')
    .text(
      show(
        isReceipt
          ? '非税务发票 · Payment receipt — not a tax invoice'
          : '非税务发票 · Refund cancellation — not a tax invoice',
      ),
    )
    .fillColor('black');
  doc
    .moveDown(0.6)
    .fontSize(12)
    .text(show(`No. ${input.numberText}`));
  doc.fontSize(10).text(show(`开具时间 Issued: ${dateText(input.issuedAt)}`));
  if (snapshot.cancels_number) {
    doc.text(show(`冲销收据 Cancels receipt: R-${String(snapshot.cancels_number).padStart(6, '0')}`));
  }
  doc.moveDown(0.8);

  doc.fontSize(11).text(show('收款方 Seller'));
  doc.fontSize(10).text(show(snapshot.seller.name || '—'));
  if (snapshot.seller.taxpayer_number)
    doc.text(show(`税号 Taxpayer no.: ${snapshot.seller.taxpayer_number}`));
  if (snapshot.seller.address) doc.text(show(snapshot.seller.address));
  doc.moveDown(0.6);
  doc.fontSize(11).text(show('付款方 Buyer'));
  doc.fontSize(10).text(show(snapshot.buyer.name || '—'));
  const contact = [snapshot.buyer.phone, snapshot.buyer.email].filter(Boolean).join('  ');
  if (contact) doc.text(show(contact));
  doc.text(show(`订单号 Order: ${snapshot.order_number}`));
  doc.moveDown(0.8);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columns = [
    { label: '项目 Item', x: left, width: width * 0.46 },
    { label: '单价 Unit', x: left + width * 0.46, width: width * 0.18 },
    { label: '优惠 Discount', x: left + width * 0.64, width: width * 0.18 },
    { label: '金额 Amount', x: left + width * 0.82, width: width * 0.18 },
  ];
  const row = (cells: string[], size: number) => {
    const top = doc.y;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.fontSize(size).text(show(cell), column.x, top, {
        width: column.width - 4,
        align: index === 0 ? 'left' : 'right',
      });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(
    columns.map((column) => column.label),
    9,
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  for (const line of snapshot.lines) {
    const item = [textIn(line.title, input.language), textIn(line.price_title, input.language), line.name]
      .filter(Boolean)
      .join(' · ');
    row([item, money(line.unit_amount), money(line.discount), money(line.amount)], 9);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 6;
  doc
    .fontSize(12)
    .text(show(`${isReceipt ? '实收 Paid' : '退款 Refunded'}: ${money(input.amount)}`), left, doc.y, {
      width,
      align: 'right',
    });
  doc.moveDown(1.5);
  doc
    .fontSize(8)
    .fillColor('#666')
    .text(
      show(
        '本收据仅为付款凭证，不作为税务发票使用。 This receipt confirms a payment; it is not a tax invoice (request an invoice from the order page).',
      ),
      left,
      doc.y,
      { width },
    );
  doc.end();
  return bytes;
}
