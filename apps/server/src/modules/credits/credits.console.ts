import {
  type ConsoleActivityCredits,
  ConsoleCreditsError,
  type ConsoleCreditsFields,
  type ConsoleUnionCode,
  ErrorCode,
  type ImportUnionCodesBody,
  type ImportUnionCodesResult,
  toWireId,
  type UnionCodeRowProblem,
  unionCodeLimits,
} from '@app/contracts';
import { localize, wallClockText } from '@app/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { newId } from '../../db/ids.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { assertXlsxWithinLimits, xlsxDefaultLimits } from '../shared/xlsx-limits.ts';
import {
  type ActivityCreditsRow,
  type ActivityRow,
  codeTotals,
  countCodes,
  deleteUnusedCode,
  existingCodes,
  findActivity,
  findCheckedInTickets,
  findCode,
  findCodes,
  findMeetingActivities,
  findMeetingCredits,
  findMeetingTimeZone,
  insertCodes,
  ticketTotals,
  upsertCredits,
} from './credits.repository.ts';
import { type CreditsDeps, certificateNumber, creditsText, normalizeUnionCode } from './credits.service.ts';

/**
 * The console's credits and union codes (DESIGN §7; §7 GET /activities/{id}/credits, GET
 * /activity/unioncodes): credits per activity with the certificate wording and the earned-credits
 * export ('credits.edit'); union code import with a per-row report, list, delete, export
 * ('unioncodes.edit'). Every write runs through auditedWrite.
 */

type Caller = { userId: string; meetingId: string };
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An activity of the meeting (not deleted). @throws 404 credits.activity_not_found */
async function activityOf(deps: CreditsDeps, meetingId: string, activityId: string): Promise<ActivityRow> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity || activity.meetingId !== meetingId) {
    throw new AppError(404, ConsoleCreditsError.activityNotFound, 'Activity not found');
  }
  return activity;
}

function toConsoleCredits(
  activity: ActivityRow,
  row: ActivityCreditsRow | undefined,
  tickets: { total: number; checkedIn: number } | undefined,
  codes: { total: number; used: number } | undefined,
): ConsoleActivityCredits {
  return {
    activity_id: toWireId(activity.id),
    activity_title: activity.title,
    start: unix(activity.start),
    enabled: flag(row?.enabled ?? 0),
    credits: (row?.creditsTenths ?? 0) / 10,
    credits_tenths: row?.creditsTenths ?? 0,
    certificate_title: row?.certificateTitle ?? '',
    signer: row?.signer ?? '',
    ticket_total: tickets?.total ?? 0,
    checked_in_total: tickets?.checkedIn ?? 0,
    code_total: codes?.total ?? 0,
    code_used_total: codes?.used ?? 0,
  };
}

/**
 * GET /console/meetings/{meeting_id}/credits: every activity of the meeting by start, with its
 * credits (0, disabled when never set), wording, tickets, check-ins and union codes.
 * @throws 403 no_permission (credits.edit)
 */
export async function listConsoleCredits(
  deps: CreditsDeps,
  input: Caller,
): Promise<{ items: ConsoleActivityCredits[] }> {
  await requireCan(deps, { ...input, action: 'credits.edit' });
  const [activities, credits, tickets, codes] = await Promise.all([
    findMeetingActivities(deps.db, input.meetingId),
    findMeetingCredits(deps.db, input.meetingId),
    ticketTotals(deps.db, input.meetingId),
    codeTotals(deps.db, input.meetingId),
  ]);
  return {
    items: activities.map((a) => toConsoleCredits(a, credits.get(a.id), tickets.get(a.id), codes.get(a.id))),
  };
}

/**
 * PUT /console/meetings/{meeting_id}/credits/{activity_id}: sets the credits (stored in tenths), the
 * enabled flag and the certificate's title and signer per language; audited.
 * @throws 403 no_permission (credits.edit); 404 credits.activity_not_found.
 */
export async function updateConsoleCredits(
  deps: CreditsDeps,
  input: Caller & { activityId: string; body: ConsoleCreditsFields },
): Promise<ConsoleActivityCredits> {
  await requireCan(deps, { ...input, action: 'credits.edit' });
  const activity = await activityOf(deps, input.meetingId, input.activityId);
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'credits.update',
      entity: 'activity_credits',
      entityId: activity.id,
    },
    async (tx) => {
      const saved = await upsertCredits(tx, {
        activityId: activity.id,
        meetingId: input.meetingId,
        enabled: input.body.enabled,
        creditsTenths: Math.round(input.body.credits * 10),
        certificateTitle: input.body.certificate_title ?? '',
        signer: input.body.signer ?? '',
      });
      return { result: saved, after: input.body };
    },
  );
  const [tickets, codes] = await Promise.all([
    ticketTotals(deps.db, input.meetingId),
    codeTotals(deps.db, input.meetingId),
  ]);
  return toConsoleCredits(activity, row, tickets.get(activity.id), codes.get(activity.id));
}

/** A cell with formulas defused: a text starting with =, +, -, @ gets a leading '. */
function cell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value)) return value;
  return /^[+-]\d[\d ]*$/.test(value) ? value : `'${value}`;
}

/** A time as 'YYYY-MM-DD HH:mm' in the meeting's zone (UTC for a zone the runtime does not know). */
function timeIn(date: Date | null, timeZone: string): string {
  if (!date) return '';
  return wallClockText(date, timeZone) || date.toISOString().slice(0, 16).replace('T', ' ');
}

async function workbookOf(sheetName: string, header: string[], rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row.map(cell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * GET /console/meetings/{meeting_id}/credits/export: earned credits per attendee as XLSX — every
 * checked-in live ticket of the activity (or of every activity awarding credits), with name, phone,
 * e-mail, company, activity, credits, check-in time (meeting zone) and certificate number.
 * @throws 403 no_permission (credits.edit); 404 credits.activity_not_found.
 */
export async function exportConsoleCredits(
  deps: CreditsDeps,
  input: Caller & { activityId?: string; language: string },
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  await requireCan(deps, { ...input, action: 'credits.edit' });
  const activities = input.activityId
    ? [await activityOf(deps, input.meetingId, input.activityId)]
    : await findMeetingActivities(deps.db, input.meetingId);
  const credits = await findMeetingCredits(deps.db, input.meetingId);
  const awarding = activities.filter((a) => {
    const row = credits.get(a.id);
    return row !== undefined && row.enabled === 1 && row.creditsTenths > 0;
  });
  const byId = new Map(awarding.map((a) => [a.id, a]));
  const tickets = await findCheckedInTickets(
    deps.db,
    awarding.map((a) => a.id),
  );
  const timeZone = await findMeetingTimeZone(deps.db, input.meetingId);
  const bytes = await workbookOf(
    'credits',
    ['name', 'phone', 'email', 'company', 'activity', 'credits', 'checked_in_at', 'certificate_number'],
    tickets.map((ticket) => [
      ticket.name,
      ticket.phone,
      ticket.email,
      ticket.company,
      localize(byId.get(ticket.activityId)?.title ?? '', input.language),
      Number(creditsText(credits.get(ticket.activityId)?.creditsTenths ?? 0)),
      timeIn(ticket.checkedInAt, timeZone),
      certificateNumber(ticket.id),
    ]),
  );
  return { bytes, contentType: xlsxType, fileName: `credits-${input.activityId ?? input.meetingId}.xlsx` };
}

// ————— Union codes —————

/**
 * GET /console/meetings/{meeting_id}/unioncodes: an activity's codes newest first (limit 50 by
 * default), filtered by use and part of the code, with who used each; totals of all and used.
 * @throws 403 no_permission (unioncodes.edit); 404 credits.activity_not_found.
 */
export async function listConsoleUnionCodes(
  deps: CreditsDeps,
  input: Caller & {
    query: { activity_id: string; used?: '0' | '1'; q?: string; limit?: number; offset?: number };
  },
) {
  await requireCan(deps, { ...input, action: 'unioncodes.edit' });
  const activity = await activityOf(deps, input.meetingId, input.query.activity_id);
  const filter = { used: input.query.used, q: input.query.q?.trim() || undefined };
  const [rows, matched, total, usedTotal] = await Promise.all([
    findCodes(deps.db, activity.id, filter, {
      limit: input.query.limit ?? 50,
      offset: input.query.offset ?? 0,
    }),
    countCodes(deps.db, activity.id, filter),
    countCodes(deps.db, activity.id, {}),
    countCodes(deps.db, activity.id, { used: '1' }),
  ]);
  const items: ConsoleUnionCode[] = rows.map(({ code, ticketName, username }) => ({
    _id: toWireId(code.id),
    activity_id: toWireId(code.activityId),
    code: code.code,
    partner: code.partner,
    used: code.ticketId ? 1 : 0,
    ticket_id: code.ticketId ? toWireId(code.ticketId) : null,
    ticket_name: ticketName ?? '',
    used_by: code.usedBy ? toWireId(code.usedBy) : null,
    used_by_name: username ?? '',
    used_at: code.usedAt ? unix(code.usedAt) : null,
    created: unix(code.createdAt),
  }));
  return { items, total, used_total: usedTotal, matched };
}

/** 400 validation_failed for a file that cannot be read or is too large. */
function fileRefused(message: string): AppError {
  return new AppError(400, ErrorCode.validation, message, [{ path: 'file', message }]);
}

/** A cell's text: numbers as digits, rich text and formulas by their text. */
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

/** The first column of every row of the import, as text (untrimmed). @throws 400 validation_failed */
async function firstColumn(body: ImportUnionCodesBody): Promise<string[]> {
  if (body.format === 'lines') {
    const text = body.text ?? '';
    if (Buffer.byteLength(text) > unionCodeLimits.importMaxBytes) throw fileRefused('The text is too large');
    return text.split(/\r?\n/);
  }
  if (body.file === undefined) throw fileRefused('No file');
  const bytes = Buffer.from(body.file, 'base64');
  if (bytes.length > unionCodeLimits.importMaxBytes) {
    throw fileRefused(`The file is larger than ${unionCodeLimits.importMaxBytes} bytes`);
  }
  if (body.format === 'xlsx') {
    // A real inflate count, not the zip's declared sizes (§9): 413 file.unpacks_too_large.
    await assertXlsxWithinLimits(bytes, { ...xlsxDefaultLimits, maxUnpackedBytes: 50 * 1024 * 1024 });
  }
  try {
    if (body.format === 'csv') {
      const rows = parseCsv(bytes, { bom: true, relax_column_count: true, relax_quotes: true }) as string[][];
      return rows.map((row) => row[0] ?? '');
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const rows: string[] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      rows[number - 1] = cellText(row.getCell(1).value);
    });
    return Array.from(rows, (row) => row ?? '');
  } catch (error) {
    throw fileRefused((error as Error).message || 'The file cannot be read');
  }
}

/** Whether a first row is a header naming the column ('code', 'union code', '券码', …). */
function isHeader(text: string): boolean {
  return /^(codes?|union ?codes?|unioncode|券码|兑换码|联盟码|code de partenaire)$/i.test(text.trim());
}

/** Most problems an import report lists. */
const reportMax = 1000;

/**
 * POST /console/meetings/{meeting_id}/unioncodes/import: a partner's codes for an activity. Codes are
 * normalised as the claim matches them (normalizeUnionCode: NFKC, trimmed, upper-cased); empty rows, codes over 64 characters, duplicates within the file and codes the activity
 * already has are reported per row and skipped; the rest stored in one transaction (audited). A code
 * another import stored meanwhile counts as 'exists' (insert … on conflict do nothing).
 * @throws 400 validation_failed (unreadable or too large file, over 20,000 rows); 403 no_permission
 * (unioncodes.edit); 404 credits.activity_not_found.
 */
export async function importConsoleUnionCodes(
  deps: CreditsDeps,
  input: Caller & { body: ImportUnionCodesBody },
): Promise<ImportUnionCodesResult> {
  await requireCan(deps, { ...input, action: 'unioncodes.edit' });
  const activity = await activityOf(deps, input.meetingId, input.body.activity_id);
  const raw = await firstColumn(input.body);
  const offset = raw.length > 0 && isHeader(raw[0] ?? '') ? 1 : 0;
  let lines = raw
    .slice(offset)
    .map((text, index) => ({ line: index + 1 + offset, text: normalizeUnionCode(text) }));
  while (lines.length > 0 && lines[lines.length - 1]?.text === '') lines = lines.slice(0, -1);
  if (lines.length > unionCodeLimits.importMaxRows) {
    throw fileRefused(`At most ${unionCodeLimits.importMaxRows} codes at once`);
  }
  const problems: { line: number; code: string; problem: UnionCodeRowProblem }[] = [];
  const seen = new Set<string>();
  const candidates: { line: number; code: string }[] = [];
  for (const { line, text } of lines) {
    if (text === '') problems.push({ line, code: '', problem: 'empty' });
    else if (text.length > unionCodeLimits.codeMax) {
      problems.push({ line, code: text.slice(0, unionCodeLimits.codeMax), problem: 'too_long' });
    } else if (seen.has(text)) problems.push({ line, code: text, problem: 'duplicate_in_file' });
    else {
      seen.add(text);
      candidates.push({ line, code: text });
    }
  }
  const existing = await existingCodes(
    deps.db,
    activity.id,
    candidates.map((c) => c.code),
  );
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.code)) return true;
    problems.push({ line: c.line, code: c.code, problem: 'exists' });
    return false;
  });
  let imported = 0;
  if (input.body.dry_run !== 1 && fresh.length > 0) {
    const partner = input.body.partner?.trim() ?? '';
    const inserted = await auditedWrite(
      deps.db,
      {
        actorUserId: input.userId,
        meetingId: input.meetingId,
        action: 'unioncodes.import',
        entity: 'union_codes',
        entityId: activity.id,
      },
      async (tx) => {
        const done = await insertCodes(
          tx,
          fresh.map((c) => ({
            id: newId(),
            meetingId: input.meetingId,
            activityId: activity.id,
            code: c.code,
            partner,
          })),
        );
        return { result: done, after: { partner, imported: done.length } };
      },
    );
    imported = inserted.length;
    const stored = new Set(inserted);
    for (const c of fresh)
      if (!stored.has(c.code)) problems.push({ line: c.line, code: c.code, problem: 'exists' });
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    rows: lines.length,
    imported,
    accepted: input.body.dry_run === 1 ? fresh.length : imported,
    problems: problems.slice(0, reportMax),
    problem_total: problems.length,
  };
}

/**
 * DELETE /console/meetings/{meeting_id}/unioncodes/{id}: deletes a code no ticket holds (one
 * conditional delete, so a claim at the same moment either wins before it or finds no code); audited.
 * @throws 403 no_permission (unioncodes.edit); 404 not_found; 409 unioncode.in_use.
 */
export async function deleteConsoleUnionCode(
  deps: CreditsDeps,
  input: Caller & { codeId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action: 'unioncodes.edit' });
  const code = await findCode(deps.db, input.codeId);
  if (!code || code.meetingId !== input.meetingId) throw notFound('Union code');
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'unioncodes.delete',
      entity: 'union_codes',
      entityId: code.id,
    },
    async (tx) => {
      const deleted = await deleteUnusedCode(tx, code.id);
      if (!deleted)
        throw new AppError(409, ConsoleCreditsError.codeInUse, 'A used union code cannot be deleted');
      return { result: deleted, before: { code: deleted.code, partner: deleted.partner } };
    },
  );
  return { ok: 1 };
}

/**
 * GET /console/meetings/{meeting_id}/unioncodes/export: an activity's codes as XLSX (code, partner,
 * used 0/1, registrant, account, used at, imported at; times in the meeting's zone).
 * @throws 403 no_permission (unioncodes.edit); 404 credits.activity_not_found.
 */
export async function exportConsoleUnionCodes(
  deps: CreditsDeps,
  input: Caller & { activityId: string },
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  await requireCan(deps, { ...input, action: 'unioncodes.edit' });
  const activity = await activityOf(deps, input.meetingId, input.activityId);
  const rows = await findCodes(deps.db, activity.id, {}, { limit: 100_000, offset: 0 });
  const timeZone = await findMeetingTimeZone(deps.db, input.meetingId);
  const bytes = await workbookOf(
    'union codes',
    ['code', 'partner', 'used', 'registrant', 'account', 'used_at', 'imported_at'],
    rows.map(({ code, ticketName, username }) => [
      code.code,
      code.partner,
      code.ticketId ? 1 : 0,
      ticketName ?? '',
      username ?? '',
      timeIn(code.usedAt, timeZone),
      timeIn(code.createdAt, timeZone),
    ]),
  );
  return { bytes, contentType: xlsxType, fileName: `unioncodes-${activity.id}.xlsx` };
}
