import { z } from 'zod';
import { FormAnswers, FormQuestionType } from '../forms/forms.contracts.ts';
import { TicketStatus } from '../tickets/tickets.contracts.ts';
import { Flag, LocalizedText, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingItemParams, ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The organiser console's registrations (DESIGN §7; §3 Registrant and Ticket, §4 review and
 * resubmission, §6 input_by_admin): the table with search, filters and paging, one registration
 * with its answers, review (one or in bulk, counted first), add by hand, seats, import, export and
 * the check-in list. Needs registration.read / .review / .edit / .export (403 no_permission).
 * `updated_at` is unix milliseconds: an edit sends the value it read and gets 409 conflict.stale
 * ('changed by someone else, reload') when the registration changed since.
 */

/** One registration as the console's table shows it. */
export const ConsoleRegistration = z.object({
  _id: WireId,
  activity_id: WireId,
  activity_title: LocalizedText,
  price_id: WireId,
  price_title: LocalizedText,
  source_id: WireId.nullable(),
  /** The registration channel's title ('' without one). */
  source_title: z.string(),
  user_id: WireId.nullable(),
  agent_id: WireId.nullable(),
  status: TicketStatus,
  input_by_admin: Flag,
  name: z.string(),
  /** E.164, e.g. '+8613800138000', or null. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Masked: first 3 and last 4 kept. */
  id_number: z.string().nullable(),
  job: z.string(),
  company: z.string(),
  seat_number: z.string(),
  review_reason: z.string(),
  /** Cents. */
  amount: z.number().int().nonnegative(),
  checked_in_at: UnixSeconds,
  created: UnixSeconds,
  /** Unix ms, sent back by edits (optimistic concurrency). */
  updated_at: z.number().int(),
});
export type ConsoleRegistration = z.infer<typeof ConsoleRegistration>;

const FlagText = z.enum(['0', '1']);

/** The table's filters (shared by the list, the bulk review's selection and the export). */
export const RegistrationFilter = z.object({
  status: z.enum(['0', '1', '2', '3']).optional(),
  activity_id: ObjectIdString.optional(),
  /** Ticket type. */
  price_id: ObjectIdString.optional(),
  /** Registration channel. */
  source_id: ObjectIdString.optional(),
  /** 1: entered by an organiser (§6 input_by_admin); 0: by the registrant. */
  input_by_admin: FlagText.optional(),
  checked_in: FlagText.optional(),
  /** Search in name, phone, e-mail and company (case-insensitive, part of the text). */
  q: z.string().trim().max(textLimits.title).optional(),
});
export type RegistrationFilter = z.infer<typeof RegistrationFilter>;

export const RegistrationListQuery = RegistrationFilter.extend({
  /** 1..200, default 50. */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type RegistrationListQuery = z.infer<typeof RegistrationListQuery>;

/**
 * A page of the table: `items` rather than `results` because the §7 client unwraps `results` to the
 * bare array, which would lose `total`.
 */
export const RegistrationList = z.object({
  items: z.array(ConsoleRegistration),
  /** How many match the filters. */
  total: z.number().int().nonnegative(),
});
export type RegistrationList = z.infer<typeof RegistrationList>;

export const listRegistrations = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/registrations',
  summary:
    "A meeting's registrations, newest first, filtered (status, activity, ticket type, channel, entered by an organiser, checked in) and searched (name, phone, e-mail, company), `limit` 1..200 (50) from `skip`, with the total. 403 no_permission (registration.read).",
  spec: '§3 Registrant, §4, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: RegistrationListQuery,
  response: RegistrationList,
});

/** A question of an activity's registration form, as the hand-entry form asks it. */
export const RegistrationQuestion = z.object({
  _id: z.string(),
  title: LocalizedText,
  type: FormQuestionType,
  field: z.string().nullable(),
  is_required: Flag,
  options: z.array(z.object({ id: z.string(), title: LocalizedText })),
});
export type RegistrationQuestion = z.infer<typeof RegistrationQuestion>;

/** What the table's filters and the hand entry offer: each activity with its types, channels, form. */
export const RegistrationOptions = z.object({
  activities: z.array(
    z.object({
      _id: WireId,
      title: LocalizedText,
      is_review: Flag,
      enable_resubmit_answer: Flag,
      prices: z.array(z.object({ _id: WireId, title: LocalizedText })),
      sources: z.array(z.object({ _id: WireId, title: z.string() })),
      questions: z.array(RegistrationQuestion),
    }),
  ),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptions>;

export const getRegistrationOptions = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/registration-options',
  summary:
    "The meeting's live activities with their live ticket types, channels and form questions: the registrations table's filters and the hand entry's form. 403 no_permission (registration.read).",
  spec: '§3, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: RegistrationOptions,
});

/** One answer of a registration, as text. */
export const RegistrationAnswer = z.object({
  question_id: z.string(),
  title: LocalizedText,
  type: FormQuestionType,
  /** Options as their titles (English or the first title), phones as '+86 138…', lists joined by '; '. */
  text: z.string(),
});

export const RegistrationDetail = z.object({
  registration: ConsoleRegistration,
  answers: z.array(RegistrationAnswer),
  /** The stored answers (question id → value). */
  form: FormAnswers,
  /** 1 when the registrant may change their answers and submit again after a rejection (§4). */
  can_resubmit: Flag,
});
export type RegistrationDetail = z.infer<typeof RegistrationDetail>;

export const getRegistration = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/registrations/:id',
  summary:
    'One registration with its answers to the form. 403 no_permission (registration.read); 404 not_found.',
  spec: '§3 Registrant, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: RegistrationDetail,
});

const ReviewStatus = z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]);
const ReviewReason = z.string().trim().max(textLimits.answer);

export const ReviewRegistrationBody = z.strictObject({
  /** 1 approve, 2 reject. */
  status: ReviewStatus,
  /** A rejection's reason, shown to the registrant and sent by SMS / e-mail (§4). */
  reason: ReviewReason.optional(),
  /** Unix ms the editor read. */
  updated_at: z.coerce.number().int(),
});
export type ReviewRegistrationBody = z.infer<typeof ReviewRegistrationBody>;

export const reviewRegistration = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/registrations/:id/review',
  summary:
    'Approves (1) or rejects (2, with a reason) a registration under review; a rejection frees its place; the registrant gets an SMS / e-mail. 403 no_permission (registration.review); 404 not_found; 409 ticket.not_reviewable / conflict.stale.',
  spec: '§4, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ReviewRegistrationBody,
  response: ConsoleRegistration,
});

/**
 * Body of the bulk review: the registrations under review among `ids` (comma-separated or a list),
 * else every registration under review matching the filters. `dry_run=1` only counts them.
 */
export const BulkReviewBody = z.strictObject({
  status: ReviewStatus,
  reason: ReviewReason.optional(),
  dry_run: z.union([z.literal(0), z.literal(1), FlagText]).optional(),
  ids: z.union([z.array(ObjectIdString).max(10_000), z.string().max(260_000)]).optional(),
  activity_id: ObjectIdString.optional(),
  price_id: ObjectIdString.optional(),
  source_id: ObjectIdString.optional(),
  input_by_admin: FlagText.optional(),
  q: z.string().trim().max(textLimits.title).optional(),
});
export type BulkReviewBody = z.infer<typeof BulkReviewBody>;

export const BulkResult = z.object({
  /** How many the selection holds (under review, for a review). */
  matched: z.number().int().nonnegative(),
  /** How many were changed (0 for a dry run). */
  changed: z.number().int().nonnegative(),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const bulkReviewRegistrations = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/registrations/review',
  summary:
    'Approves or rejects many registrations under review (the ids given, else all matching the filters), each like the single review (its own audit row and notice); `dry_run=1` answers how many match without changing anything. 403 no_permission (registration.review).',
  spec: '§4, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: BulkReviewBody,
  response: BulkResult,
});

export const AddRegistrantBody = z.strictObject({
  activity_id: ObjectIdString,
  price_id: ObjectIdString.optional(),
  source_id: ObjectIdString.optional(),
  seat_number: z.string().trim().max(textLimits.name).optional(),
  data: FormAnswers.default({}),
});
export type AddRegistrantBody = z.infer<typeof AddRegistrantBody>;

export const addRegistrant = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/registrations',
  summary:
    'Adds a registrant by hand (§6 input_by_admin = 1, approved), checked like a registration (form answers, ticket type, capacity, one phone / e-mail / ID number per activity), outside the registration window too. 400 form.required / phone.invalid / …; 403 no_permission (registration.edit); 404 not_found; 409 ticket.sold_out / signup.failed.max / phone.registered / email.registered / id_number.exists.',
  spec: '§6, §4, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: AddRegistrantBody,
  response: ConsoleRegistration,
});

export const AssignSeatBody = z.strictObject({
  seat_number: z.string().trim().max(textLimits.name),
  updated_at: z.coerce.number().int(),
});

export const assignSeat = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/registrations/:id/seat',
  summary:
    "Sets (or clears, '') a registration's seat number (§3 Registrant). 403 no_permission (registration.edit); 404 not_found; 409 conflict.stale / conflict.already_used (the seat is another registration's of the activity).",
  spec: '§3 Registrant, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: AssignSeatBody,
  response: ConsoleRegistration,
});

export const AssignSeatsBody = z.strictObject({
  /** Every live (not rejected) registration of this ticket type, oldest first … */
  price_id: ObjectIdString,
  /** … numbered from `start` … */
  start: z.coerce.number().int().min(0).max(1_000_000),
  /** … with this prefix, e.g. 'A-' → … */
  prefix: z.string().trim().max(20).optional(),
  /** 1: only registrations without a seat. */
  only_empty: z.union([z.literal(0), z.literal(1), FlagText]).optional(),
  dry_run: z.union([z.literal(0), z.literal(1), FlagText]).optional(),
});
export type AssignSeatsBody = z.infer<typeof AssignSeatsBody>;

export const assignSeats = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/registrations/seats',
  summary:
    "Numbers the seats of a ticket type's registrations in order of registration (prefix + start, start + 1 …); `dry_run=1` only counts them. 403 no_permission (registration.edit); 404 not_found; 409 conflict.already_used (a number is another registration's of the activity).",
  spec: '§3 Registrant, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: AssignSeatsBody,
  response: BulkResult,
});

/** Largest registrant file accepted, in bytes (before base64). */
export const registrantFileMaxBytes = 5 * 1024 * 1024;
/** Most registrants one import file may hold (rows after the header with anything in them). */
export const registrantFileMaxRows = 10_000;
/** Most columns one import file's header may have. */
export const registrantFileMaxColumns = 200;

export const ImportRegistrantsBody = z.strictObject({
  activity_id: ObjectIdString,
  source_id: ObjectIdString.optional(),
  format: z.enum(['csv', 'xlsx']),
  /**
   * The file, base64. First row: column headers — a question's title (any language), its field
   * (name, phone, email, company, job, id_number) or id; 'ticket_type' (a type's title or id) and
   * 'seat_number'. Phones '+<area code> <number>' or a mainland number; choices by option title.
   */
  file: z.string().max(Math.ceil((registrantFileMaxBytes * 4) / 3) + 4),
  dry_run: z.union([z.literal(0), z.literal(1), FlagText]).optional(),
});
export type ImportRegistrantsBody = z.infer<typeof ImportRegistrantsBody>;

export const ImportResult = z.object({
  /** Registrants in the file (rows with anything in them). */
  rows: z.number().int().nonnegative(),
  /** Registrants saved (0 for a dry run). */
  imported: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const importRegistrants = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/registrations/import',
  summary:
    'Imports registrants from CSV or XLSX (at most 5 MiB, 10,000 registrants and 200 columns, else 400 validation_failed on line 0): every row checked like a hand entry first; any bad row → 400 validation_failed with `details` [{ path: "line/<n>", message }] for every bad line, nothing saved; all good → all saved in one transaction. 403 no_permission (registration.edit); 404 not_found; 409 ticket.sold_out / signup.failed.max (capacity).',
  spec: '§6, §4, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ImportRegistrantsBody,
  response: ImportResult,
});

export const ExportRegistrationsQuery = RegistrationFilter.extend({
  format: z.enum(['csv', 'xlsx']),
  /** Language of the titles in the file (default en). */
  lang: z.string().max(8).optional(),
});
export type ExportRegistrationsQuery = z.infer<typeof ExportRegistrationsQuery>;

export const exportRegistrations = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/registrations/export',
  summary:
    'The filtered registrations as a CSV or XLSX file (streamed), one column per form question after the registrant columns. 403 no_permission (registration.export).',
  spec: '§3 Registrant, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: ExportRegistrationsQuery,
  response: z.unknown(),
});

export const CheckinQuery = z.object({
  activity_id: ObjectIdString.optional(),
  /** 1 checked in, 0 approved and not yet; absent: both. */
  checked_in: FlagText.optional(),
  q: z.string().trim().max(textLimits.title).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type CheckinQuery = z.infer<typeof CheckinQuery>;

export const CheckinCounts = z.object({
  activity_id: WireId,
  activity_title: LocalizedText,
  /** Approved registrations (status 1 and 3). */
  approved: z.number().int().nonnegative(),
  checked_in: z.number().int().nonnegative(),
});

export const CheckinList = z.object({
  /** `items`, like RegistrationList, so the client keeps the counts. */
  items: z.array(ConsoleRegistration),
  total: z.number().int().nonnegative(),
  /** Over the meeting (or the activity asked). */
  approved: z.number().int().nonnegative(),
  checked_in: z.number().int().nonnegative(),
  activities: z.array(CheckinCounts),
});
export type CheckinList = z.infer<typeof CheckinList>;

export const listCheckins = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/checkins',
  summary:
    'The check-in list: approved registrations (checked in first by time, then the others), with the counts of approved and checked-in per activity. 403 no_permission (registration.read).',
  spec: '§4 check-in, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: CheckinQuery,
  response: CheckinList,
});
