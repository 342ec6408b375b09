import {
  ConsoleReceptionError,
  consoleReceptionLimits,
  ErrorCode,
  type LocalizedText,
  type ReceptionImportBody,
  type ReceptionImportProblem,
  type ReceptionImportReport,
  type ReceptionImportRow,
  receptionLimits,
  textLimits,
} from '@app/contracts';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import ExcelJS from 'exceljs';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { lockReceptionHistory } from '../reception/reception.repository.ts';
import { requireCan } from '../roles/roles.service.ts';
import { assertXlsxWithinLimits } from '../shared/xlsx-limits.ts';
import {
  findAllGuests,
  findClashes,
  findGuestCodes,
  findGuestPhases,
  findPhases,
  findStaff,
  insertGuestPhases,
  insertGuests,
  insertHistory,
  namesOfUsers,
  type PhaseRow,
} from './console-reception.repository.ts';
import {
  type ConsoleReceptionDeps,
  historyRow,
  isUniqueViolation,
  newGuestCode,
} from './console-reception.service.ts';

/**
 * Guest files of the console's reception area (§3 Guest, §6; DESIGN §7): XLSX import checked row by
 * row with a report (dry run first, then all rows in one transaction or none) and the XLSX export of
 * guests × phases with status, who and when.
 */

const action = 'reception.manage';
type Column = ReceptionImportProblem['column'];

/** Header texts (lower-cased, spaces and underscores alike) → column. Chinese headers accepted too. */
const headerNames: Record<string, Column> = {
  name: 'name',
  姓名: 'name',
  title: 'title',
  头衔: 'title',
  职务: 'title',
  description: 'description',
  简介: 'description',
  phone: 'phone',
  手机: 'phone',
  手机号: 'phone',
  email: 'email',
  'e-mail': 'email',
  邮箱: 'email',
  code: 'code',
  编码: 'code',
  phases: 'phases',
  环节: 'phases',
  'staff phone': 'staff_phone',
  staff_phone: 'staff_phone',
  接待人员手机: 'staff_phone',
};

/** A cell's text: rich text and formulas by their text, numbers as digits. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    return '';
  }
  return String(value).trim();
}

const fileRefused = (message: string) => new AppError(400, ErrorCode.validation, message);

/** The first sheet's rows as text cells. @throws 400 validation_failed for a file that cannot be read. */
async function readRows(base64: string): Promise<string[][]> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw fileRefused('The file is empty');
  if (bytes.length > consoleReceptionLimits.importMaxBytes) throw fileRefused('The file is too large');
  await assertXlsxWithinLimits(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileRefused('The file is not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** Texts of a localized title in every language, lower-cased. */
function namesOf(title: LocalizedText): string[] {
  const texts = typeof title === 'string' ? [title] : Object.values(title);
  return texts.map((t) => t.trim().toLowerCase()).filter((t) => t !== '');
}

/** A phone cell ('+<code> <number>' or a mainland number) as E.164, or null when invalid. */
function phoneOf(text: string): { e164: string; areaCode: string } | null {
  const parsed = normalisePhone(text, '86');
  return parsed ? { e164: parsed.e164, areaCode: parsed.areaCode } : null;
}

type Parsed = {
  row: ReceptionImportRow;
  values: {
    name: string;
    title: string;
    description: string;
    phone: string | null;
    areaCode: string | null;
    email: string | null;
    code: string;
    staffUserId: string | null;
    phaseIds: string[];
  };
};

/** Checks every row; the report and the values of the good ones. */
async function checkFile(deps: ConsoleReceptionDeps, meetingId: string, file: string) {
  const rows = await readRows(file);
  const [header = [], ...lines] = rows;
  const columns = header.map(
    (h) =>
      headerNames[h.trim().toLowerCase().replace(/_/g, ' ')] ?? headerNames[h.trim().toLowerCase()] ?? null,
  );
  const unknownColumns = header.filter((h, i) => h.trim() !== '' && columns[i] === null);
  if (!columns.includes('name')) throw fileRefused('The first row needs a "name" column');
  const filled = lines
    .map((cells, index) => ({ cells, line: index + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (filled.length > receptionLimits.maxImportRows) {
    throw fileRefused(`The file holds more than ${receptionLimits.maxImportRows} guests`);
  }
  const [phases, staff] = await Promise.all([findPhases(deps.db, meetingId), findStaff(deps.db, meetingId)]);
  const phaseOf = (text: string): PhaseRow | undefined => {
    const wanted = text.trim().toLowerCase();
    return phases.find((p) => p.id === wanted || namesOf(p.title).includes(wanted));
  };
  const staffByPhone = new Map(staff.flatMap((s) => (s.phone ? [[s.phone, s.userId] as const] : [])));

  const parsed: Parsed[] = filled.map(({ cells, line }) => {
    const cell = (column: Column) => {
      const i = columns.indexOf(column);
      return i < 0 ? '' : (cells[i] ?? '').trim();
    };
    const problems: ReceptionImportProblem[] = [];
    const problem = (column: Column, code: ReceptionImportProblem['code'], value: string) =>
      problems.push({ column, code, value });
    const name = cell('name');
    if (name === '') problem('name', 'missing', '');
    else if (name.length > textLimits.name) problem('name', 'too_long', name);
    const title = cell('title');
    if (title.length > textLimits.title) problem('title', 'too_long', title);
    const description = cell('description');
    if (description.length > textLimits.description) problem('description', 'too_long', description);
    const phoneText = cell('phone');
    const phone = phoneText ? phoneOf(phoneText) : null;
    if (phoneText && !phone) problem('phone', 'invalid', phoneText);
    const emailText = cell('email');
    const email = emailText ? normaliseEmail(emailText) : null;
    if (emailText && !email) problem('email', 'invalid', emailText);
    const code = cell('code').toUpperCase();
    // An organiser's code is a secret a guest types (§6): 4 to 32 of A-Z, 0-9 and '-'.
    if (code && !/^[A-Z0-9-]{4,32}$/.test(code)) problem('code', 'invalid', code);
    const phaseIds: string[] = [];
    const phaseTitles: string[] = [];
    for (const part of cell('phases').split(/[;；]/)) {
      if (part.trim() === '') continue;
      const phase = phaseOf(part);
      if (!phase) problem('phases', 'unknown_phase', part.trim());
      else if (!phaseIds.includes(phase.id)) {
        phaseIds.push(phase.id);
        phaseTitles.push(part.trim());
      }
    }
    const staffText = cell('staff_phone');
    let staffUserId: string | null = null;
    if (staffText) {
      const staffPhone = phoneOf(staffText);
      staffUserId = staffPhone ? (staffByPhone.get(staffPhone.e164) ?? null) : null;
      if (!staffUserId) problem('staff_phone', 'unknown_staff', staffText);
    }
    return {
      row: {
        line,
        name,
        code,
        phone: phone?.e164 ?? (phoneText || null),
        email: email ?? (emailText || null),
        phases: phaseTitles,
        ok: 1,
        problems,
      },
      values: {
        name,
        title,
        description,
        phone: phone?.e164 ?? null,
        areaCode: phone?.areaCode ?? null,
        email,
        code,
        staffUserId,
        phaseIds,
      },
    };
  });

  // Duplicates inside the file: the second and later rows holding a code, phone or e-mail.
  const seen = {
    code: new Map<string, number>(),
    phone: new Map<string, number>(),
    email: new Map<string, number>(),
  };
  for (const p of parsed) {
    for (const key of ['code', 'phone', 'email'] as const) {
      const value = p.values[key];
      if (!value) continue;
      if (seen[key].has(value)) p.row.problems.push({ column: key, code: 'duplicate_in_file', value });
      else seen[key].set(value, p.row.line);
    }
  }
  // Duplicates against the meeting's guests.
  const clashes = await findClashes(deps.db, meetingId, {
    codes: [...seen.code.keys()],
    phones: [...seen.phone.keys()],
    emails: [...seen.email.keys()],
  });
  const taken = {
    code: new Set(clashes.map((c) => c.code)),
    phone: new Set(clashes.flatMap((c) => (c.phone ? [c.phone] : []))),
    email: new Set(clashes.flatMap((c) => (c.email ? [c.email] : []))),
  };
  for (const p of parsed) {
    for (const key of ['code', 'phone', 'email'] as const) {
      const value = p.values[key];
      if (value && taken[key].has(value)) p.row.problems.push({ column: key, code: 'duplicate', value });
    }
    p.row.ok = p.row.problems.length === 0 ? 1 : 0;
  }
  return { parsed, unknownColumns };
}

/**
 * POST /console/meetings/{meeting_id}/reception/import: reads the XLSX (headers name, title,
 * description, phone, email, code, phases — titles separated by ';' — and staff phone), checks every
 * row (missing name; bad phone or e-mail; code, phone or e-mail repeated in the file or held by a guest
 * of the meeting; unknown phase; a staff phone that is no receptionist of the meeting) and answers the
 * report. `dry_run` 1 stores nothing; otherwise every row is stored in one transaction (codes generated
 * where empty, one audit row, one history row per guest) or, when any row is bad, 400
 * reception.import_invalid with `data.report` and nothing stored. A file that cannot be read, has no
 * name column or more than 20,000 guests: 400 validation_failed. @throws 403 no_permission
 */
export async function importGuests(
  deps: ConsoleReceptionDeps,
  input: { userId: string; meetingId: string; body: ReceptionImportBody },
): Promise<ReceptionImportReport> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action });
  const { parsed, unknownColumns } = await checkFile(deps, input.meetingId, input.body.file);
  const valid = parsed.filter((p) => p.row.ok === 1).length;
  const report: ReceptionImportReport = {
    rows: parsed.map((p) => p.row),
    total: parsed.length,
    valid,
    imported: 0,
    unknown_columns: unknownColumns,
  };
  if (input.body.dry_run === 1) return report;
  if (parsed.length === 0 || valid < parsed.length) {
    throw new AppError(
      400,
      ConsoleReceptionError.importInvalid,
      `${parsed.length - valid} row(s) of the file are invalid; nothing was imported`,
      undefined,
      { data: { report } },
    );
  }
  // Generated codes differ from the file's codes and from every live guest's code of the meeting.
  const codes = await findGuestCodes(deps.db, input.meetingId);
  for (const p of parsed) if (p.values.code) codes.add(p.values.code);
  const now = new Date();
  const caller = { userId: input.userId, meetingId: input.meetingId };
  const guests = parsed.map((p) => {
    let code = p.values.code;
    while (!code || (codes.has(code) && code !== p.values.code)) code = newGuestCode();
    codes.add(code);
    const { phaseIds, ...values } = p.values;
    return { row: { id: newId(), meetingId: input.meetingId, ...values, code }, phaseIds };
  });
  try {
    await auditedWrite(
      deps.db,
      { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'reception_import' },
      async (tx) => {
        // Before any row lock: one history writer of the meeting at a time (change-feed order, §6).
        await lockReceptionHistory(tx, input.meetingId);
        for (let i = 0; i < guests.length; i += 500) {
          const slice = guests.slice(i, i + 500);
          await insertGuests(
            tx,
            slice.map((g) => g.row),
          );
          const links = slice.flatMap((g) =>
            g.phaseIds.map((phaseId) => ({ guestId: g.row.id, phaseId, meetingId: input.meetingId })),
          );
          if (links.length > 0) await insertGuestPhases(tx, links);
        }
        await insertHistory(
          tx,
          guests.map((g) => historyRow(caller, g.row.id, 'guest', 'created', null, now)),
        );
        return { result: null, before: null, after: { imported: guests.length } };
      },
    );
  } catch (error) {
    // A guest added meanwhile took a code, phone or e-mail of the file: nothing was stored.
    if (isUniqueViolation(error)) {
      throw new AppError(
        409,
        'reception.guest_duplicate',
        'Another guest took a phone, e-mail or code of the file; check the file again',
      );
    }
    throw error;
  }
  return { ...report, imported: guests.length };
}

/** A localized text in `language`, else English, else any. */
function textIn(title: LocalizedText, language: string): string {
  if (typeof title === 'string') return title;
  return title[language] || title.en || Object.values(title).find((t) => t) || '';
}

/** A cell with formulas defused (=, +, -, @ at the start get a leading '), E.164 phones kept. */
function defused(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  return /^[+-]\d[\d ]*$/.test(value) ? value : `'${value}`;
}

/**
 * GET /console/meetings/{meeting_id}/reception/export: the guests as XLSX — name, title, phone,
 * e-mail, code, receptionist, then per phase (titles in `lang`) its status (0/1, '' not assigned), who
 * set it and when (ISO 8601 UTC). @throws 403 no_permission
 */
export async function exportGuests(
  deps: ConsoleReceptionDeps,
  input: { userId: string; meetingId: string; language: string },
): Promise<{ file: Buffer; fileName: string; contentType: string }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action });
  const [guests, phases] = await Promise.all([
    findAllGuests(deps.db, input.meetingId),
    findPhases(deps.db, input.meetingId),
  ]);
  const links = await findGuestPhases(
    deps.db,
    guests.map((g) => g.id),
  );
  const names = await namesOfUsers(deps.db, [
    ...guests.flatMap((g) => (g.staffUserId ? [g.staffUserId] : [])),
    ...links.flatMap((l) => (l.statusBy ? [l.statusBy] : [])),
  ]);
  const linkOf = new Map(links.map((l) => [`${l.guestId}/${l.phaseId}`, l]));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('guests');
  sheet.addRow([
    'name',
    'title',
    'phone',
    'email',
    'code',
    'staff',
    ...phases.flatMap((p) => {
      const title = textIn(p.title, input.language);
      return [`${title} · status`, `${title} · by`, `${title} · at`];
    }),
  ]);
  for (const guest of guests) {
    sheet.addRow([
      defused(guest.name),
      defused(guest.title),
      guest.phone ?? '',
      defused(guest.email ?? ''),
      defused(guest.code),
      guest.staffUserId ? defused(names.get(guest.staffUserId) ?? '') : '',
      ...phases.flatMap((p) => {
        const link = linkOf.get(`${guest.id}/${p.id}`);
        if (!link) return ['', '', ''];
        return [
          link.status,
          link.statusBy ? defused(names.get(link.statusBy) ?? '') : '',
          link.statusAt ? link.statusAt.toISOString() : '',
        ];
      }),
    ]);
  }
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    file,
    fileName: `reception-${input.meetingId}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
