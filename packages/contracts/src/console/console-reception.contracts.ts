import { z } from 'zod';
import { ReceptionGuest, ReceptionPhase } from '../reception/reception.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingItemParams, ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The console's reception area (§1 reception staff; §3 Guest, Reception guest, reception_staff_role_1
 * / _2; §4 Reception 0/1; §6 guests by phone, e-mail or code; §8 guest not found, receptionist not
 * found; DESIGN §7): guests with their phases and receptionist, XLSX import with a per-row report and
 * export, phases with their forms and order, and a live board of arrivals. Needs `reception.manage`
 * (owner, organiser); the board also answers `reception.desk` (403 no_permission otherwise).
 */

/** 0 / 1 as JSON numbers or form texts (the web sends form bodies, §7 wire format). */
const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** Error codes of the console's reception area (with ReceptionError's guest_duplicate / …_not_found). */
export const ConsoleReceptionError = {
  /** 400 the import file has bad rows: nothing stored; `data.report` lists every row. */
  importInvalid: 'reception.import_invalid',
  /** 400 a phase id that is not one of the meeting's phases. */
  phaseUnknown: 'reception.phase_unknown',
} as const;

/** Sizes of the console's reception area. */
export const consoleReceptionLimits = {
  /** Largest import file, in bytes (before base64). */
  importMaxBytes: 5 * 1024 * 1024,
  /** Most phases of a meeting. */
  maxPhases: 50,
  /** How many arrivals the board lists. */
  boardRecent: 20,
} as const;

/** Query of the console's guest list. */
export const ConsoleReceptionGuestQuery = z.object({
  /** Name, title, phone, e-mail or code (contains, case-insensitive). */
  keyword: z.string().trim().max(textLimits.keyword).optional(),
  /** Only guests assigned to this phase. */
  phase_id: ObjectIdString.optional(),
  /** With phase_id: only guests with this status there (§4 0 not received, 1 received). */
  status: z.enum(['0', '1']).optional(),
  /** Only guests of this receptionist; 'none': guests with no receptionist. */
  staff_user_id: z.union([ObjectIdString, z.literal('none')]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ConsoleReceptionGuestQuery = z.infer<typeof ConsoleReceptionGuestQuery>;

export const ConsoleReceptionGuestList = z.object({
  items: z.array(ReceptionGuest),
  total: z.number().int().nonnegative(),
});
export type ConsoleReceptionGuestList = z.infer<typeof ConsoleReceptionGuestList>;

/**
 * A guest as the console writes it (§3 Guest). Phone with its area code (default 86) stored E.164;
 * e-mail lower-cased; `code` generated (8 characters) when empty; `phase_ids` the phases assigned
 * (the list replaces the guest's; statuses of kept phases stay); `staff_user_id` a reception grant.
 * On edit (PUT) this is a partial update: a field absent from the body keeps its stored value ('' clears
 * title, description, photo, note, phone, e-mail); only fields that differ from the stored row are
 * written and take the server's time as their last-writer-wins time (field_times), so a desk edit of a
 * field the body leaves out is not undone.
 */
export const ConsoleReceptionGuestInput = z.strictObject({
  name: z.string().trim().min(1).max(textLimits.name),
  title: z.string().trim().max(textLimits.title).optional(),
  description: z.string().trim().max(textLimits.description).optional(),
  photo: z.string().trim().max(textLimits.url).optional(),
  phone: z.string().trim().max(textLimits.phone).optional(),
  area_code: z.string().trim().max(textLimits.areaCode).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
  /**
   * The guest's code (§6 a guest finds their arrangements by it, so it is a secret): empty or absent
   * → generated (8 characters); an organiser's own code has 4 to 32 of A-Z, a-z, 0-9 and '-' (stored
   * upper-cased). On edit, empty or absent keeps the code.
   */
  code: z
    .string()
    .trim()
    .max(32)
    .regex(/^(?:[A-Za-z0-9-]{4,32})?$/, "A code has 4 to 32 letters, digits or '-'")
    .optional(),
  note: z.string().trim().max(textLimits.answer).optional(),
  /** The receptionist; '' or null: none (a form body cannot send null). Absent on edit: unchanged. */
  staff_user_id: z
    .union([ObjectIdString, z.literal('')])
    .nullable()
    .optional(),
  /** The phases assigned; '' none (a form body cannot send an empty list). Absent on edit: unchanged. */
  phase_ids: z.union([z.array(ObjectIdString).max(50), z.literal('')]).optional(),
});
export type ConsoleReceptionGuestInput = z.infer<typeof ConsoleReceptionGuestInput>;

export const listConsoleReceptionGuests = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/reception/guests',
  summary:
    "The meeting's guests by name with their phases and receptionist, searched and filtered. 403 no_permission (reception.manage).",
  spec: '§3 Guest, §6, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: ConsoleReceptionGuestQuery,
  response: ConsoleReceptionGuestList,
});

export const createConsoleReceptionGuest = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/reception/guests',
  summary:
    "A new guest. 400 phone.invalid / email.invalid / reception.phase_unknown; 404 reception.receptionist_not_found ('receptionist not found'); 409 reception.guest_duplicate (phone, e-mail or code already another guest's). 403 no_permission.",
  spec: '§3 Guest, §8',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ConsoleReceptionGuestInput,
  response: ReceptionGuest,
});

export const updateConsoleReceptionGuest = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/reception/guests/:id',
  summary:
    "Saves a guest, partially: absent fields keep their values; changed fields take the server's time (last writer wins). 404 reception.guest_not_found ('guest not found'); others as create.",
  spec: '§3 Guest, §8',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ConsoleReceptionGuestInput,
  response: ReceptionGuest,
});

export const deleteConsoleReceptionGuest = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/reception/guests/:id',
  summary: 'Removes a guest (soft). 404 reception.guest_not_found. 403 no_permission.',
  spec: '§3 Guest',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

export const setConsoleReceptionStatus = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/reception/guests/:id/phases/:phase_id',
  summary:
    "The organiser sets a guest's status at a phase (§4; the client confirmed): a desk write at the server's time, in the history; a later desk write keeps the field (stale). 404 reception.guest_not_found; 409 reception.phase_not_assigned.",
  spec: '§4 Reception',
  tags: ['console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, id: ObjectIdString, phase_id: ObjectIdString }),
  body: z.strictObject({ status: FlagInput }),
  response: ReceptionGuest,
});

/** A reception grant of the meeting that has an account (may be assigned guests, §6). */
export const ConsoleReceptionStaff = z.object({
  user_id: WireId,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** '1' / '2' (§3 reception_staff_role_1 / _2). */
  reception_role: z.enum(['1', '2']).nullable(),
  /** Guests assigned to them. */
  assigned_total: z.number().int().nonnegative(),
});
export type ConsoleReceptionStaff = z.infer<typeof ConsoleReceptionStaff>;

export const listConsoleReceptionStaff = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/reception/staff',
  summary:
    "The meeting's receptionists (reception grants with an account) with their sub-role and assigned guests. 403 no_permission (reception.manage).",
  spec: '§6, §3 reception_staff_role_1/_2',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: resultsOf(ConsoleReceptionStaff),
});

/** One problem of an import row: which column and a stable code the web translates. */
export const ReceptionImportProblem = z.object({
  column: z.enum(['name', 'title', 'description', 'phone', 'email', 'code', 'phases', 'staff_phone']),
  code: z.enum([
    'missing',
    'too_long',
    'invalid',
    'duplicate_in_file',
    'duplicate',
    'unknown_phase',
    'unknown_staff',
  ]),
  /** The cell's text (or the offending part, e.g. the unknown phase title). */
  value: z.string(),
});
export type ReceptionImportProblem = z.infer<typeof ReceptionImportProblem>;

/** One row of the import report (line counts the header as 1). */
export const ReceptionImportRow = z.object({
  line: z.number().int().positive(),
  name: z.string(),
  code: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  phases: z.array(z.string()),
  ok: Flag,
  problems: z.array(ReceptionImportProblem),
});
export type ReceptionImportRow = z.infer<typeof ReceptionImportRow>;

export const ReceptionImportReport = z.object({
  rows: z.array(ReceptionImportRow),
  /** Rows with anything in them. */
  total: z.number().int().nonnegative(),
  /** Rows without problems. */
  valid: z.number().int().nonnegative(),
  /** Guests stored (0 for a dry run or when any row is bad). */
  imported: z.number().int().nonnegative(),
  /** Header cells that name no column (ignored). */
  unknown_columns: z.array(z.string()),
});
export type ReceptionImportReport = z.infer<typeof ReceptionImportReport>;

export const ReceptionImportBody = z.strictObject({
  /**
   * The XLSX file, base64. First row headers: name, title, description, phone, email, code, phases
   * (phase titles in any language separated by ';'), staff phone. Phones '+<code> <number>' or a
   * mainland number.
   */
  file: z.string().max(Math.ceil((consoleReceptionLimits.importMaxBytes * 4) / 3) + 4),
  dry_run: FlagInput.optional(),
});
export type ReceptionImportBody = z.infer<typeof ReceptionImportBody>;

export const importConsoleReceptionGuests = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/reception/import',
  summary:
    'Checks (dry_run 1) or imports guests from an XLSX file with a report per row (bad phone or e-mail, duplicate code / phone / e-mail in the file or the meeting, unknown phase, unknown staff phone). Import: all rows in one transaction, or 400 reception.import_invalid with `data.report` and nothing stored. 403 no_permission (reception.manage).',
  spec: '§3 Guest, §6, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ReceptionImportBody,
  response: ReceptionImportReport,
});

export const exportConsoleReceptionGuests = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/reception/export',
  summary:
    'The guests as XLSX: one row per guest, per phase its status, who set it and when (ISO 8601 UTC). 403 no_permission (reception.manage).',
  spec: '§3 Reception guest, §4',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ lang: z.string().max(textLimits.languageCode).optional() }),
  response: z.unknown(),
});

/**
 * A field of a phase form as the console writes it: ReceptionFormFieldInput of the reception contracts
 * with `required` also as form text.
 */
export const ConsoleReceptionFormFieldInput = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]{1,32}$/),
  type: z.enum(['text', 'textarea', 'number', 'datetime', 'select', 'checkbox']),
  label: localizedTextInput(textLimits.label),
  options: z.array(localizedTextInput(textLimits.label)).max(50).default([]),
  required: FlagInput.default(0),
});

/** A phase as the console writes it (§3 Reception guest phase with its form). */
export const ConsoleReceptionPhaseInput = z.strictObject({
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.description).optional(),
  /** '1' / '2'; '' or null: every receptionist. */
  staff_role: z.enum(['1', '2', '']).nullable().optional(),
  /** The whole form (absent: no fields, a form body cannot send an empty list). */
  form: z.array(ConsoleReceptionFormFieldInput).max(30).optional(),
});
export type ConsoleReceptionPhaseInput = z.infer<typeof ConsoleReceptionPhaseInput>;

export const listConsoleReceptionPhases = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/reception/phases',
  summary: "The meeting's phases in order with their forms and counts. 403 no_permission (reception.manage).",
  spec: '§3 Reception guest',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: resultsOf(ReceptionPhase),
});

export const createConsoleReceptionPhase = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/reception/phases',
  summary:
    'A new phase at the end. 400 validation_failed (no title, form keys repeated, a select without options, more than 50 phases). 403 no_permission.',
  spec: '§3 Reception guest, §2 /phases/{phase_id}',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ConsoleReceptionPhaseInput,
  response: ReceptionPhase,
});

export const updateConsoleReceptionPhase = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/reception/phases/:id',
  summary: 'Saves a phase and its form. 400 as create; 404 not_found.',
  spec: '§3 Reception guest, §2 /guests/{guest_id}/phases/{phase_id}/form',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ConsoleReceptionPhaseInput,
  response: ReceptionPhase,
});

export const deleteConsoleReceptionPhase = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/reception/phases/:id',
  summary: 'Removes a phase (soft; its assignments stay out of every list). 404 not_found.',
  spec: '§3 Reception guest',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

export const reorderConsoleReceptionPhases = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/reception/phase-order',
  summary:
    'Puts the phases in the order given (every phase of the meeting once, else 400 validation_failed). 403 no_permission.',
  spec: '§3 Reception guest',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: z.strictObject({ ids: z.array(ObjectIdString).min(1).max(50) }),
  response: resultsOf(ReceptionPhase),
});

/** One arrival on the board (an applied status 1 write of the history). */
export const ReceptionArrival = z.object({
  history_id: z.number().int(),
  guest_id: WireId,
  guest_name: z.string(),
  guest_title: z.string(),
  guest_photo: z.string(),
  phase_id: WireId,
  phase_title: LocalizedText,
  /** Who marked it, as the team list names them ('' unknown). */
  by_name: z.string(),
  /** Corrected device time of the write. */
  at: UnixSeconds,
});
export type ReceptionArrival = z.infer<typeof ReceptionArrival>;

export const ReceptionBoard = z.object({
  guest_total: z.number().int().nonnegative(),
  phases: z.array(
    z.object({
      phase_id: WireId,
      title: LocalizedText,
      staff_role: z.enum(['1', '2']).nullable(),
      guest_total: z.number().int().nonnegative(),
      received_total: z.number().int().nonnegative(),
    }),
  ),
  recent: z.array(ReceptionArrival),
  /** Server time of the answer. */
  at: UnixSeconds,
});
export type ReceptionBoard = z.infer<typeof ReceptionBoard>;

export const getConsoleReceptionBoard = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/reception/board',
  summary:
    'The live board: per phase guests assigned and received, and the latest 20 arrivals (newest first). 403 no_permission (reception.manage or reception.desk).',
  spec: '§4 Reception, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ReceptionBoard,
});
