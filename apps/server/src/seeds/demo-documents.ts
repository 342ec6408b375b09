import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { agendas, rooms } from '../modules/agendas/agendas.tables.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { meetingAttachments } from '../modules/documents/documents.tables.ts';
import { originalStorageKey } from '../modules/media/media.keys.ts';
import { insertUploadThen } from '../modules/media/media.repository.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import type { Storage } from '../providers/storage/storage.ts';

/**
 * Demo documents of the demo meeting (§2 /meeting/doc): two `meeting_attachment` categories and
 * three files made here, at seed time, with nothing downloaded — the programme as a real multi-page
 * PDF listing every session of the imported programme (day, time, room, title), a one-page PDF of
 * house rules, and a site map drawn as a PNG. Stored like uploads (the attachment bucket) when a
 * storage provider is given; without one nothing is seeded.
 */

const categoryIds = { programme: '646f63730000000000000c01', venue: '646f63730000000000000c02' };

/** Text the PDF standard fonts can show (WinAnsi): accents folded, other characters become '?'. */
function pdfText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

/**
 * A PDF of A4 pages of text lines, written with pdfkit (Helvetica; a bold heading for a line that
 * starts with '# ', "Page n of m" at each foot). Resolves with the file's bytes.
 */
export function textPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, bufferPages: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(pdfText(title)).moveDown(0.6);
  for (const line of lines) {
    if (line.startsWith('# '))
      doc
        .moveDown(0.4)
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(pdfText(line.slice(2)));
    else
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .text(pdfText(line) || ' ');
  }
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const { margins, height } = doc.page;
    const bottom = margins.bottom;
    margins.bottom = 0; // writing inside the bottom margin must not open a new page
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${index + 1} of ${pages.count}`, margins.left, height - 36, { lineBreak: false });
    margins.bottom = bottom;
  }
  doc.end();
  return bytes;
}

/** The programme's lines: a heading per day, then "HH:MM  Room  Title" per session, in the meeting's zone. */
async function programmeLines(db: Database, meetingId: string): Promise<string[]> {
  const [meeting] = await db
    .select({ zone: meetings.timeZone })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  const zone = meeting?.zone ?? 'UTC';
  const rows = await db
    .select({ title: agendas.title, start: agendas.start, room: rooms.name })
    .from(agendas)
    .leftJoin(rooms, eq(rooms.id, agendas.roomId))
    .where(and(eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0)))
    .orderBy(asc(agendas.start));
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
  const lines: string[] = [];
  let current = '';
  for (const row of rows) {
    const heading = day.format(row.start);
    if (heading !== current) {
      if (current) lines.push('');
      lines.push(`# ${heading}`);
      current = heading;
    }
    const title =
      typeof row.title === 'string' ? row.title : (row.title.en ?? Object.values(row.title)[0] ?? '');
    lines.push(
      `${time.format(row.start)}   ${(row.room ?? '').slice(0, 22).padEnd(22)}   ${title.slice(0, 70)}`,
    );
  }
  return lines;
}

const houseRules = [
  '# Be excellent to each other',
  'Respect the people around you, their privacy and their boundaries.',
  'Ask before you take a photo of someone; no photos in the family area.',
  '',
  '# Safety',
  'Open fire only in the marked fire pits. Keep the fire lanes free at all times.',
  'The medical tent is next to the Info Dome and is staffed around the clock.',
  '',
  '# Quiet hours',
  'From 02:00 to 08:00 please keep sound systems below 60 dB at the edge of your village.',
  '',
  '# Leave no trace',
  'Separate your waste at the recycling stations. Take home what you brought.',
];

/** A site map: the camp's fields and stages on a green ground (a PNG drawn with sharp). */
async function siteMapPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#d9f99d"/>
  <path d="M0 620 C300 560 600 700 1200 600 L1200 800 L0 800 Z" fill="#93c5fd"/>
  <rect x="80" y="80" width="300" height="200" rx="16" fill="#facc15"/><text x="230" y="190" font-size="34" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Stage A</text>
  <rect x="450" y="80" width="260" height="160" rx="16" fill="#fb923c"/><text x="580" y="170" font-size="34" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Stage B</text>
  <rect x="780" y="80" width="320" height="260" rx="16" fill="#a78bfa"/><text x="940" y="220" font-size="34" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Villages</text>
  <circle cx="300" cy="430" r="90" fill="#f472b6"/><text x="300" y="442" font-size="30" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Info Dome</text>
  <rect x="520" y="360" width="240" height="150" rx="16" fill="#34d399"/><text x="640" y="445" font-size="30" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Food court</text>
  <rect x="860" y="400" width="220" height="120" rx="16" fill="#e5e7eb"/><text x="970" y="470" font-size="30" text-anchor="middle" font-family="sans-serif" fill="#1f2937">Parking P2</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type DemoFile = {
  id: string;
  category: keyof typeof categoryIds;
  weight: number;
  title: { en: string; zh: string };
  fileName: string;
  mime: string;
  bytes: () => Promise<Buffer>;
};

/**
 * Seeds the demo documents of `meetingId` (see the module comment). Run inside the demo seed's
 * transaction, after the programme was imported; it expects no documents of the meeting yet.
 */
export async function seedDemoDocuments(
  deps: { db: Database; storage?: Storage | undefined },
  meetingId: string,
): Promise<void> {
  const { db, storage } = deps;
  if (!storage) return;
  await db.insert(categories).values([
    {
      id: categoryIds.programme,
      meetingId,
      type: 'meeting_attachment',
      title: { en: 'Programme', zh: '日程' },
      weight: 20,
    },
    {
      id: categoryIds.venue,
      meetingId,
      type: 'meeting_attachment',
      title: { en: 'Venue & travel', zh: '场地与交通' },
      weight: 10,
    },
  ]);
  const files: DemoFile[] = [
    {
      id: '646f63730000000000000a01',
      category: 'programme',
      weight: 30,
      title: { en: 'Full programme (PDF)', zh: '完整日程（PDF）' },
      fileName: 'Camp 2019 programme.pdf',
      mime: 'application/pdf',
      bytes: async () =>
        textPdf('Chaos Communication Camp 2019 - Programme', await programmeLines(db, meetingId)),
    },
    {
      id: '646f63730000000000000a02',
      category: 'venue',
      weight: 20,
      title: { en: 'Site map', zh: '场地平面图' },
      fileName: '场地平面图 site map.png',
      mime: 'image/png',
      bytes: siteMapPng,
    },
    {
      id: '646f63730000000000000a03',
      category: 'venue',
      weight: 10,
      title: { en: 'House rules', zh: '营地守则' },
      fileName: 'House rules.pdf',
      mime: 'application/pdf',
      bytes: async () => textPdf('House rules', houseRules),
    },
  ];
  for (const file of files) {
    const data = await file.bytes();
    const uploadId = createHash('sha256').update(`seed-document:${file.id}`).digest('hex').slice(0, 24);
    const extension = file.mime === 'image/png' ? 'png' : 'pdf';
    const key = `${uploadId}/document.${extension}`;
    await insertUploadThen(
      db,
      {
        id: uploadId,
        bucket: 'attachment',
        key,
        userId: null,
        meetingId,
        mime: file.mime,
        size: data.length,
        width: null,
        height: null,
        originalName: file.fileName,
      },
      async () => {
        await storage.put(originalStorageKey('attachment', key), data, file.mime);
      },
    );
    await db.insert(meetingAttachments).values({
      id: file.id,
      meetingId,
      categoryId: categoryIds[file.category],
      title: file.title,
      fileKey: key,
      fileName: file.fileName,
      mime: file.mime,
      size: data.length,
      weight: file.weight,
    });
  }
}
