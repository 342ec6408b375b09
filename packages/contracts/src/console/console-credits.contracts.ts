import { z } from 'zod';
import { unionCodeLimits } from '../credits/credits.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The console's credits and union codes (DESIGN §7; §7 GET /activities/{id}/credits, GET
 * /activity/unioncodes): credits per activity with the certificate's wording per language and the
 * export of earned credits per attendee ('credits.edit'); a partner's union codes per activity —
 * import from pasted lines, CSV or XLSX with a per-row report, the list with who used each, delete
 * of unused codes, export ('unioncodes.edit'). 403 no_permission without the action.
 */

/** Error codes of this area (besides CreditsError). */
export const ConsoleCreditsError = {
  /** 404 the activity is not one of the meeting's. */
  activityNotFound: 'credits.activity_not_found',
  /** 409 a used union code cannot be deleted. */
  codeInUse: 'unioncode.in_use',
} as const;

/** Most credits an activity awards (the table's check: 10000 tenths). */
export const creditsMax = 1000;

const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** An activity's credits as the console sees them, with its figures. */
export const ConsoleActivityCredits = z.object({
  activity_id: WireId,
  activity_title: LocalizedText,
  /** Start of the activity (unix seconds). */
  start: UnixSeconds,
  enabled: Flag,
  credits: z.number(),
  credits_tenths: z.number().int().nonnegative(),
  certificate_title: LocalizedText,
  signer: LocalizedText,
  /** Live tickets of the activity. */
  ticket_total: z.number().int().nonnegative(),
  /** Of them checked in (status 3): the attendees who earned the credits when enabled. */
  checked_in_total: z.number().int().nonnegative(),
  code_total: z.number().int().nonnegative(),
  code_used_total: z.number().int().nonnegative(),
});
export type ConsoleActivityCredits = z.infer<typeof ConsoleActivityCredits>;

const ActivityParams = z.object({ meeting_id: ObjectIdString, activity_id: ObjectIdString });

export const listConsoleCredits = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/credits',
  summary:
    'Every activity of the meeting with its credits (0 and disabled when never set), certificate wording, tickets, check-ins and union codes. 403 no_permission (credits.edit).',
  spec: '§7 Activities, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.object({ items: z.array(ConsoleActivityCredits) }),
});

/** What the organiser sets for an activity. */
export const ConsoleCreditsFields = z.strictObject({
  enabled: FlagInput,
  /** Credits, at most one decimal place (1.5), 0 … 1000. */
  credits: z.coerce
    .number()
    .min(0)
    .max(creditsMax)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'At most one decimal place'),
  certificate_title: localizedTextInput(textLimits.title).optional(),
  signer: localizedTextInput(textLimits.title).optional(),
});
export type ConsoleCreditsFields = z.infer<typeof ConsoleCreditsFields>;

export const updateConsoleCredits = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/credits/:activity_id',
  summary:
    "Sets an activity's credits and the certificate's wording (audited). 400 validation_failed; 403 no_permission (credits.edit); 404 credits.activity_not_found.",
  spec: '§7 Activities, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ActivityParams,
  body: ConsoleCreditsFields,
  response: ConsoleActivityCredits,
});

export const exportConsoleCredits = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/credits/export',
  summary:
    'Earned credits per attendee as XLSX (name, phone, e-mail, company, activity, credits, checked in at, certificate number), of one activity or all that award credits. 403 no_permission (credits.edit).',
  spec: '§7 Activities, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ activity_id: ObjectIdString.optional(), lang: z.string().max(8).optional() }),
  response: z.unknown(),
});

/** A union code with its use. */
export const ConsoleUnionCode = z.object({
  _id: WireId,
  activity_id: WireId,
  code: z.string(),
  partner: z.string(),
  /** 1 when a ticket holds it. */
  used: Flag,
  ticket_id: WireId.nullable(),
  /** The registrant's name on the ticket. */
  ticket_name: z.string(),
  used_by: WireId.nullable(),
  /** The account that entered it (username). */
  used_by_name: z.string(),
  used_at: UnixSeconds.nullable(),
  created: UnixSeconds,
});
export type ConsoleUnionCode = z.infer<typeof ConsoleUnionCode>;

export const ConsoleUnionCodesQuery = z.object({
  activity_id: ObjectIdString,
  /** 1 used only, 0 unused only. */
  used: z.enum(['0', '1']).optional(),
  /** Part of a code. */
  q: z.string().max(unionCodeLimits.codeMax).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export const listConsoleUnionCodes = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/unioncodes',
  summary:
    "An activity's union codes, newest first, with who used each and when; totals of all and used. 403 no_permission (unioncodes.edit); 404 credits.activity_not_found.",
  spec: '§7 Tickets (GET /activity/unioncodes), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: ConsoleUnionCodesQuery,
  response: z.object({
    items: z.array(ConsoleUnionCode),
    total: z.number().int().nonnegative(),
    used_total: z.number().int().nonnegative(),
    /** Codes matching the filter. */
    matched: z.number().int().nonnegative(),
  }),
});

/** Why an import row was not taken. */
export const UnionCodeRowProblem = z.enum(['empty', 'too_long', 'duplicate_in_file', 'exists']);
export type UnionCodeRowProblem = z.infer<typeof UnionCodeRowProblem>;

export const ImportUnionCodesBody = z.strictObject({
  activity_id: ObjectIdString,
  partner: z.string().trim().max(unionCodeLimits.partnerMax).optional(),
  /** 'lines': `text` holds one code a line; 'csv' / 'xlsx': `file` (base64), the first column. */
  format: z.enum(['lines', 'csv', 'xlsx']),
  text: z.string().max(unionCodeLimits.importMaxBytes).optional(),
  file: z
    .string()
    .max(Math.ceil((unionCodeLimits.importMaxBytes * 4) / 3) + 4)
    .optional(),
  /** 1: report only, store nothing. */
  dry_run: FlagInput.optional(),
});
export type ImportUnionCodesBody = z.infer<typeof ImportUnionCodesBody>;

export const ImportUnionCodesResult = z.object({
  /** Rows read (a header row 'code' left out). */
  rows: z.number().int().nonnegative(),
  /** Codes stored (0 for a dry run). */
  imported: z.number().int().nonnegative(),
  /** Codes that would be stored (equal to `imported` unless a dry run). */
  accepted: z.number().int().nonnegative(),
  /** The rows not taken (line numbers from 1), at most 1000. */
  problems: z.array(
    z.object({ line: z.number().int().positive(), code: z.string(), problem: UnionCodeRowProblem }),
  ),
  /** Rows not taken in all (may exceed the listed problems). */
  problem_total: z.number().int().nonnegative(),
});
export type ImportUnionCodesResult = z.infer<typeof ImportUnionCodesResult>;

export const importConsoleUnionCodes = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/unioncodes/import',
  summary:
    "Imports a partner's union codes for an activity from pasted lines, CSV or XLSX (first column; at most 2 MiB and 20,000 rows, else 400 validation_failed): codes trimmed; empty rows, codes over 64 characters, duplicates in the file and codes the activity already has are reported per row and skipped; the rest stored in one transaction (audited). 403 no_permission (unioncodes.edit); 404 credits.activity_not_found.",
  spec: '§7 Tickets (GET /activity/unioncodes), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ImportUnionCodesBody,
  response: ImportUnionCodesResult,
});

export const deleteConsoleUnionCode = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/unioncodes/:id',
  summary:
    'Deletes an unused union code (one conditional delete; audited). 403 no_permission (unioncodes.edit); 404 not_found; 409 unioncode.in_use.',
  spec: '§7 Tickets, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

export const exportConsoleUnionCodes = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/unioncodes/export',
  summary:
    "An activity's union codes as XLSX (code, partner, used, registrant, account, used at, imported at). 403 no_permission (unioncodes.edit); 404 credits.activity_not_found.",
  spec: '§7 Tickets, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ activity_id: ObjectIdString }),
  response: z.unknown(),
});
