import PDFDocument from 'pdfkit';
import { cjkFace, cjkFont, latinOnly } from '../shared/cjk-font.ts';

/**
 * The credits certificate PDF (§7 GET /activities/{id}/credits): landscape A4 drawn with pdfkit in
 * Noto Sans CJK (embedded, subset) so Chinese, Japanese and Korean names print; Latin text only when
 * the font is missing (modules/shared/cjk-font.ts). Labels are bilingual (Chinese and English).
 */

/** What the certificate shows. */
export type CertificateDocument = {
  /** The registrant's name on the ticket. */
  name: string;
  activityTitle: string;
  meetingTitle: string;
  /** Credits as printed, e.g. '1.5'. */
  creditsText: string;
  /** What the credits are called ('CME credits'); '' prints 'credits' / '学分'. */
  creditsTitle: string;
  signer: string;
  /** Check-in time (the day printed in the meeting's zone). */
  checkedInAt: Date;
  timeZone: string;
  number: string;
};

/** YYYY-MM-DD of `date` in `timeZone` (UTC when the zone is unknown). */
function dayIn(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/**
 * Renders the certificate: heading, the name, 'attended' the activity (and meeting), the credits
 * earned, the check-in day, the certificate number and the signer. Resolves with the PDF bytes.
 */
export function renderCertificatePdf(input: CertificateDocument): Promise<Buffer> {
  const font = cjkFont();
  const show = font ? (text: string) => text : latinOnly;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `Certificate ${input.number}`, Subject: 'Certificate of credits' },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font, cjkFace);
  doc.font(font ? 'body' : 'Helvetica');
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#1f4e79')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  const left = 72;
  const boxWidth = width - 144;
  const centred = { width: boxWidth, align: 'center' as const };

  doc.fillColor('#1f4e79').fontSize(30).text(show('学分证书'), left, 80, centred);
  doc.fontSize(16).text(show('Certificate of Credits'), centred);
  doc.moveDown(1.2).fillColor('black').fontSize(13).text(show('兹证明 This certifies that'), centred);
  doc
    .moveDown(0.4)
    .fontSize(26)
    .text(show(input.name || '—'), centred);
  doc.moveDown(0.4).fontSize(13).text(show('参加了 attended'), centred);
  doc.moveDown(0.3).fontSize(18).text(show(input.activityTitle), centred);
  if (input.meetingTitle) doc.fontSize(12).fillColor('#444').text(show(input.meetingTitle), centred);
  const unit = input.creditsTitle || '学分 credits';
  doc
    .moveDown(0.8)
    .fillColor('black')
    .fontSize(15)
    .text(show(`获得 earned: ${input.creditsText} ${unit}`), centred);
  doc
    .moveDown(0.5)
    .fontSize(11)
    .text(show(`签到日期 Checked in: ${dayIn(input.checkedInAt, input.timeZone)}`), centred);

  const footY = height - 120;
  doc
    .fontSize(10)
    .fillColor('#444')
    .text(show(`证书编号 Certificate No. ${input.number}`), left, footY, {
      width: boxWidth / 2,
    });
  if (input.signer) {
    doc.text(show(`签发 Signed: ${input.signer}`), left + boxWidth / 2, footY, {
      width: boxWidth / 2,
      align: 'right',
    });
  }
  doc.end();
  return bytes;
}
