import { PassThrough, type Readable } from 'node:stream';
import type {
  ExportRegistrationsQuery,
  ImportRegistrantsBody,
  ImportResult,
  LocalizedText,
} from '@app/contracts';
import {
  ErrorCode,
  registrantFileMaxBytes,
  registrantFileMaxColumns,
  registrantFileMaxRows,
  textLimits,
} from '@app/contracts';
import type { RuleAnswer, RuleAnswers } from '@app/domain/forms';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { type AdminRegistrant, checkAdminRegistrants } from '../tickets/tickets.registration.ts';
import {
  findActivity,
  findPricesOfActivity,
  type QuestionRow,
  type TicketRow,
} from '../tickets/tickets.repository.ts';
import {
  findMeetingActivities,
  findQuestionsOfActivities,
  findRegistrationBatch,
  findSeatHolders,
  lockSeatsOf,
} from './console-registrations.repository.ts';
import { answerText, titleIn, titlesOf } from './console-registrations.serializer.ts';
import { whereOf } from './console-registrations.service.ts';

/**
 * Registrant files of the console (DESIGN §7; §6 input_by_admin): import from CSV / XLSX, checked
 * line by line with the registration rules and saved all or nothing, and the streamed export (CSV,
 * or XLSX through exceljs' WorkbookWriter) with one column per form question.
 */

/** Rows the export reads per query (keyset): memory holds one batch, whatever the meeting's size. */
const exportBatch = 500;

/** Texts of a localized title in every language, lower-cased, for matching a header or a choice. */
function namesOf(title: LocalizedText): string[] {
  const texts = typeof title === 'string' ? [title] : Object.values(title);
  return texts.map((t) => t.trim().toLowerCase()).filter((t) => t !== '');
}

/**
 * 400 validation_failed listing every bad line: `details` [{ path: 'line/<n>', message }], and the
 * same in `data.lines` [{ line, message }] for the web client, which keeps `data` of an error.
 */
function linesRefused(details: { line: number; message: string }[]): AppError {
  return new AppError(
    400,
    ErrorCode.validation,
    `${details.length} line(s) of the file are invalid; nothing was imported`,
    details.map((d) => ({ path: `line/${d.line}`, message: d.message })),
    { data: { lines: details } },
  );
}

/** A cell's text: numbers as digits, dates as YYYY-MM-DD, rich text and formulas by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    return '';
  }
  return String(value);
}

/** Most bytes an XLSX import may unpack to (a 5 MiB zip can hold gigabytes: a zip bomb). */
const xlsxMaxUnpackedBytes = 100 * 1024 * 1024;

/**
 * What the zip's central directory says its entries unpack to, in bytes; Infinity for a zip64 entry or
 * a directory that cannot be read (exceljs then reports the broken file).
 */
function unpackedSizeOf(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return 0;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return Number.POSITIVE_INFINITY;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/** The file's rows as text cells (the first is the header row). @throws 400 validation_failed. */
async function readRows(body: ImportRegistrantsBody): Promise<string[][]> {
  const bytes = Buffer.from(body.file, 'base64');
  if (bytes.length > registrantFileMaxBytes) {
    throw linesRefused([{ line: 0, message: `The file is larger than ${registrantFileMaxBytes} bytes` }]);
  }
  // exceljs unpacks the whole file in memory: refuse one that says it unpacks to too much first.
  if (body.format === 'xlsx' && unpackedSizeOf(bytes) > xlsxMaxUnpackedBytes) {
    throw linesRefused([{ line: 0, message: `The file unpacks to more than ${xlsxMaxUnpackedBytes} bytes` }]);
  }
  try {
    if (body.format === 'csv') {
      return parseCsv(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      rows[number - 1] = values.slice(1).map(cellText);
    });
    return Array.from(rows, (row) => row ?? []);
  } catch (error) {
    const { line, message } = parseProblem(error);
    throw linesRefused([{ line, message }]);
  }
}

function parseProblem(error: unknown): { line: number; message: string } {
  const e = error as { lines?: number; message?: string };
  return { line: typeof e.lines === 'number' ? e.lines : 0, message: e.message ?? 'The file cannot be read' };
}

/** What a header names: a question, the ticket type or the seat. */
type Column = { kind: 'question'; question: QuestionRow } | { kind: 'price' } | { kind: 'seat' } | null;

function columnOf(header: string, questions: QuestionRow[]): Column {
  const name = header.trim().toLowerCase();
  if (name === '') return null;
  if (['ticket_type', 'ticket type', 'price', 'price_id'].includes(name)) return { kind: 'price' };
  if (['seat_number', 'seat', 'seat number'].includes(name)) return { kind: 'seat' };
  const question =
    questions.find((q) => q.id.toLowerCase() === name || (q.field ?? '') === name.replace(' ', '_')) ??
    questions.find((q) => namesOf(q.title).includes(name));
  return question ? { kind: 'question', question } : null;
}

/** A cell as the answer its question takes (§5): a phone object, option ids, or the text. */
function answerOf(
  question: QuestionRow,
  text: string,
  priceIdOf: (text: string) => string | null,
): RuleAnswer {
  const optionId = (value: string) => {
    const wanted = value.trim().toLowerCase();
    return (
      question.options.find((o) => o.id.toLowerCase() === wanted || namesOf(o.title).includes(wanted))?.id ??
      value
    );
  };
  switch (question.type) {
    case 'phone': {
      const match = /^\+(\d{1,4})[\s-]+(.+)$/.exec(text.trim());
      return match
        ? { area_code: match[1] as string, number: (match[2] as string).replace(/[\s-]/g, '') }
        : { area_code: '86', number: text.replace(/^\+?86/, '').replace(/[\s-]/g, '') };
    }
    case 'checkbox':
      return text
        .split(/[;|\n]/)
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map(optionId);
    case 'radio':
    case 'activity':
      return optionId(text);
    case 'price':
      return priceIdOf(text) ?? text;
    default:
      return text.trim();
  }
}

/**
 * The lines whose seat another line of the file or a live registration of the activity already holds
 * (a seat is one registration's, as assignSeat keeps it), or is longer than a hand entry's may be.
 * Run under lockSeatsOf to be sure.
 */
async function seatProblems(
  db: Database,
  activityId: string,
  registrants: AdminRegistrant[],
  lineOf: number[],
): Promise<{ line: number; message: string }[]> {
  const firstLine = new Map<string, number>();
  const problems: { line: number; message: string }[] = [];
  registrants.forEach((r, i) => {
    const seat = r.seatNumber ?? '';
    if (seat === '') return;
    const line = lineOf[i] as number;
    if (seat.length > textLimits.name) {
      // As long as a hand entry's seat_number may be.
      problems.push({ line, message: `The seat is longer than ${textLimits.name} characters` });
      return;
    }
    const first = firstLine.get(seat);
    if (first === undefined) firstLine.set(seat, line);
    else problems.push({ line, message: `Seat ${seat} is also line ${first}'s` });
  });
  const holders = await findSeatHolders(db, activityId, [...firstLine.keys()], []);
  for (const holder of holders) {
    const line = firstLine.get(holder.seatNumber);
    if (line !== undefined) {
      problems.push({ line, message: `Seat ${holder.seatNumber} is already another registration's` });
    }
  }
  return problems;
}

/**
 * POST /console/meetings/{meeting_id}/registrations/import (§6 input_by_admin): reads the CSV or XLSX,
 * maps its header row to the activity's questions, the ticket type and the seat, and checks EVERY row
 * with the registration rules (checkAdminRegistrants) before anything is written. Any bad line →
 * 400 validation_failed with `details` [{ path: 'line/<n>', message }] for each (n counts the header
 * as line 1), nothing saved. All good → all registrants saved in one transaction with one audit row
 * (registration.edit, entity activity, the new ids in `after`). `dry_run` checks only. A seat held by
 * another line or another registration of the activity is a bad line. A file over
 * registrantFileMaxBytes / …MaxRows / …MaxColumns is refused whole (400 validation_failed).
 * @throws 403 no_permission (registration.edit); 404 not_found; 409 capacity refusals.
 */
export async function importRegistrants(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; body: ImportRegistrantsBody },
): Promise<ImportResult> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.edit' });
  const { body } = input;
  const activity = await findActivity(deps.db, body.activity_id);
  if (!activity || activity.deleted === 1 || activity.meetingId !== input.meetingId)
    throw notFound('activity');
  const [rows, questionRows, prices] = await Promise.all([
    readRows(body),
    findQuestionsOfActivities(deps.db, [activity.id]),
    findPricesOfActivity(deps.db, activity.id),
  ]);
  const questions = questionRows.map((r) => r.question);
  const [header = [], ...lines] = rows;
  // Bounded before the per-line checks: their work and the refusal's list grow with rows and columns.
  if (header.length > registrantFileMaxColumns) {
    throw linesRefused([{ line: 1, message: `The file has more than ${registrantFileMaxColumns} columns` }]);
  }
  const filled = lines.filter((cells) => cells.some((c) => c.trim() !== '')).length;
  if (filled > registrantFileMaxRows) {
    throw linesRefused([
      { line: 0, message: `The file holds more than ${registrantFileMaxRows} registrants` },
    ]);
  }
  const columns = header.map((h) => columnOf(h, questions));
  const problems: { line: number; message: string }[] = [];
  header.forEach((h, i) => {
    if (h.trim() !== '' && columns[i] === null) problems.push({ line: 1, message: `Unknown column "${h}"` });
  });
  const livePrices = prices.filter((p) => p.deleted === 0);
  const priceIdOf = (text: string) => {
    const wanted = text.trim().toLowerCase();
    return livePrices.find((p) => p.id === wanted || namesOf(p.title).includes(wanted))?.id ?? null;
  };
  const registrants: AdminRegistrant[] = [];
  const lineOf: number[] = [];
  lines.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const data: RuleAnswers = {};
    let priceId: string | undefined;
    let seatNumber: string | undefined;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column || cell.trim() === '') return;
      if (column.kind === 'price') {
        priceId = priceIdOf(cell) ?? undefined;
        if (!priceId) problems.push({ line: index + 2, message: `Unknown ticket type "${cell}"` });
      } else if (column.kind === 'seat') seatNumber = cell.trim();
      else data[column.question.id] = answerOf(column.question, cell, priceIdOf);
    });
    registrants.push({ priceId, data, seatNumber });
    lineOf.push(index + 2);
  });
  if (registrants.length === 0) problems.push({ line: 2, message: 'The file holds no registrants' });
  problems.push(...(await seatProblems(deps.db, activity.id, registrants, lineOf)));
  const check = await checkAdminRegistrants(
    { db: deps.db },
    { meetingId: input.meetingId, activityId: activity.id, sourceId: body.source_id, registrants },
  );
  for (const problem of check.problems) {
    problems.push({ line: lineOf[problem.index] as number, message: problem.message });
  }
  if (problems.length > 0) throw linesRefused(problems.sort((a, b) => a.line - b.line));
  if (String(body.dry_run) === '1') return { rows: registrants.length, imported: 0 };
  const created = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'registration.edit',
      entity: 'activity',
      entityId: activity.id,
    },
    async (tx) => {
      // Checked again in the writing transaction: the rules and the counters it writes against.
      const inTx = await checkAdminRegistrants(
        { db: tx },
        { meetingId: input.meetingId, activityId: activity.id, sourceId: body.source_id, registrants },
      );
      if (!inTx.write) {
        throw linesRefused(
          inTx.problems.map((p) => ({ line: lineOf[p.index] as number, message: p.message })),
        );
      }
      await lockSeatsOf(tx, activity.id);
      const seatsTaken = await seatProblems(tx, activity.id, registrants, lineOf);
      if (seatsTaken.length > 0) throw linesRefused(seatsTaken);
      const saved = await inTx.write();
      return { result: saved, before: null, after: { imported: saved.map((t) => t.id) } };
    },
  );
  return { rows: registrants.length, imported: created.length };
}

/** One export column: its header and how a ticket fills it. */
type ExportColumn = { header: string; value: (row: TicketRow) => string | number };

const statusNames = ['under review', 'registered', 'rejected', 'checked in'];

/**
 * The export's columns: the registrant's own (status, name, phone …, times as ISO 8601 UTC), then one
 * per form question of the activities exported (prefixed with the activity's title when several), of
 * the meeting's own live activities only.
 */
async function exportColumns(
  db: Database,
  meetingId: string,
  query: ExportRegistrationsQuery,
  titles: {
    activities: Map<string, LocalizedText>;
    prices: Map<string, LocalizedText>;
    sources: Map<string, string>;
  },
): Promise<ExportColumn[]> {
  const language = query.lang ?? 'en';
  // Only the meeting's own activities: an activity_id of another meeting must not name its questions.
  const activities = (await findMeetingActivities(db, meetingId)).filter(
    (a) => !query.activity_id || a.id === query.activity_id,
  );
  const questions = await findQuestionsOfActivities(
    db,
    activities.map((a) => a.id),
  );
  const activityTitle = new Map(activities.map((a) => [a.id, titleIn(a.title, language)]));
  const iso = (date: Date | null) => (date ? date.toISOString() : '');
  const base: ExportColumn[] = [
    { header: 'id', value: (r) => r.id },
    {
      header: 'activity',
      value: (r) =>
        activityTitle.get(r.activityId) ?? titleIn(titles.activities.get(r.activityId) ?? '', language),
    },
    { header: 'status', value: (r) => statusNames[r.status] ?? String(r.status) },
    { header: 'name', value: (r) => r.name },
    { header: 'phone', value: (r) => r.phone ?? '' },
    { header: 'email', value: (r) => r.email ?? '' },
    { header: 'company', value: (r) => r.company },
    { header: 'job', value: (r) => r.job },
    { header: 'ticket_type', value: (r) => titleIn(titles.prices.get(r.priceId) ?? '', language) },
    { header: 'source', value: (r) => (r.sourceId ? (titles.sources.get(r.sourceId) ?? '') : '') },
    { header: 'input_by_admin', value: (r) => r.inputByAdmin },
    { header: 'seat_number', value: (r) => r.seatNumber },
    { header: 'review_reason', value: (r) => r.reviewReason },
    { header: 'amount_cents', value: (r) => r.amount },
    { header: 'checked_in_at', value: (r) => iso(r.checkedInAt) },
    { header: 'created_at', value: (r) => iso(r.createdAt) },
  ];
  const isSeveral = activities.length > 1;
  const perQuestion = questions.map(({ activityId, question }) => ({
    header: isSeveral
      ? `${activityTitle.get(activityId) ?? ''} · ${titleIn(question.title, language)}`
      : titleIn(question.title, language),
    value: (r: TicketRow) =>
      r.activityId === activityId
        ? question.type === 'price'
          ? titleIn(titles.prices.get(String(r.answers[question.id] ?? '')) ?? '', language)
          : answerText(question, r.answers[question.id], language)
        : '',
  }));
  return [...base, ...perQuestion];
}

/**
 * A cell of either file with formulas defused: a text starting with =, +, -, @, tab or carriage return
 * gets a leading ' so a spreadsheet shows it as text (formula injection); a signed number alone (an
 * E.164 phone '+8613800138000') carries no formula and stays as it is, numbers stay numbers.
 */
function defused(value: string | number): string | number {
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value)) return value;
  return /^[+-]\d[\d ]*$/.test(value) ? value : `'${value}`;
}

/** A CSV field: quoted when it holds a quote, comma or line break; formulas defused (=, +, -, @). */
function csvField(value: string | number): string {
  const text = String(defused(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Titles of every activity, type and channel of the meeting (all exported rows may name them). */
async function meetingTitles(db: Database, meetingId: string, first: TicketRow[]) {
  const titles = await titlesOf(db, first);
  const all = await findMeetingActivities(db, meetingId);
  for (const a of all) titles.activities.set(a.id, a.title);
  return titles;
}

/**
 * GET /console/meetings/{meeting_id}/registrations/export: the filtered registrations as CSV (UTF-8
 * with BOM) or XLSX, newest first, written batch by batch (500 rows, keyset) into the returned stream
 * while the client reads it: CSV memory stays bounded by one batch whatever the size (XLSX: exceljs'
 * WorkbookWriter holds the sheet's XML until the sheet is committed), and the export stops reading
 * when the client goes away. Titles of types and channels not on the first batch are
 * read as they appear.
 * @returns the file's stream, content type and name. @throws 403 no_permission (registration.export).
 */
export async function exportRegistrations(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; query: ExportRegistrationsQuery },
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.export' });
  const { db } = deps;
  const where = whereOf(input.meetingId, input.query);
  const firstBatch = await findRegistrationBatch(db, where, null, exportBatch);
  const titles = await meetingTitles(db, input.meetingId, firstBatch);
  const columns = await exportColumns(db, input.meetingId, input.query, titles);
  const out = new PassThrough();
  const isXlsx = input.query.format === 'xlsx';
  const fileName = `registrations-${input.meetingId}.${isXlsx ? 'xlsx' : 'csv'}`;

  async function* batches(): AsyncGenerator<TicketRow[]> {
    let batch = firstBatch;
    while (batch.length > 0) {
      const missing = batch.filter(
        (r) => !titles.prices.has(r.priceId) || (r.sourceId !== null && !titles.sources.has(r.sourceId)),
      );
      if (missing.length > 0) {
        const more = await titlesOf(db, missing);
        for (const [k, v] of more.prices) titles.prices.set(k, v);
        for (const [k, v] of more.sources) titles.sources.set(k, v);
      }
      yield batch;
      if (batch.length < exportBatch) return;
      const last = batch[batch.length - 1] as TicketRow;
      batch = await findRegistrationBatch(db, where, { id: last.id }, exportBatch);
    }
  }

  // Waits while the client has not read what was written (backpressure); ends at once when it left.
  const drained = () =>
    out.writableNeedDrain && !out.destroyed
      ? new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        })
      : Promise.resolve();
  const writeFile = async () => {
    if (isXlsx) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('registrations');
      sheet.addRow(columns.map((c) => c.header)).commit();
      for await (const batch of batches()) {
        for (const row of batch) sheet.addRow(columns.map((c) => defused(c.value(row)))).commit();
        // The client left: stop reading batches.
        await drained();
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
      return;
    }
    out.write(`\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\r\n`);
    for await (const batch of batches()) {
      out.write(batch.map((row) => `${columns.map((c) => csvField(c.value(row))).join(',')}\r\n`).join(''));
      // A client that left never drains: waiting for 'drain' alone kept this export pending forever.
      await drained();
      if (out.destroyed) return;
    }
    out.end();
  };
  writeFile().catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: isXlsx
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv; charset=utf-8',
    fileName,
  };
}
