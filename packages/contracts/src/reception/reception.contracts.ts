import { z } from 'zod';
import { Flag, LocalizedText, localizedTextInput, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The reception desk (§1 "Reception staff handle the guest desk and update guest reception status";
 * §2 Reception routes; §3 Guest, Reception guest, exhibition.reception_staff_role_1/_2; §4 Reception
 * 0 not received, 1 received, toggling needs confirmation; §6 reception staff by phone on the staff
 * list, guests on the guest list by phone, e-mail or code; §8 guest not found, receptionist not found).
 *
 * - Staff are the meeting's `reception` grants (console team, by phone), with sub-role '1' or '2'
 *   labelled by the meeting's reception_staff_role_1 / _2; owners and organisers may work the desk too.
 * - Every write carries a client `mutation_id` and the device time `client_at` corrected with the
 *   server's clock (`x-server-time`): last writer wins per field, the loser is kept in the history with
 *   outcome 'stale'. Replaying a mutation answers the same result (the offline queue may resend).
 * - The desk hears other receptionists through GET /reception/changes?since= (the history's ids).
 */

/** Error codes of the reception desk (besides ErrorCode's not_found, no_permission …). */
export const ReceptionError = {
  /** 404 'guest not found' (§8): no guest with that id, phone, e-mail or code in the meeting. */
  guestNotFound: 'reception.guest_not_found',
  /** 403 'receptionist not found' (§8): the caller is not on the meeting's reception staff list. */
  receptionistNotFound: 'reception.receptionist_not_found',
  /** 409 the guest is not assigned to that phase. */
  phaseNotAssigned: 'reception.phase_not_assigned',
  /** 400 a form answer for a field the phase's form does not have, or a required one left empty. */
  answerInvalid: 'reception.answer_invalid',
  /** 409 another guest of the meeting already has that phone, e-mail or code. */
  guestDuplicate: 'reception.guest_duplicate',
} as const;

/** Constants of the desk (§9-style sizes chosen here). */
export const receptionLimits = {
  /** Most mutations one POST /reception/sync carries. */
  maxSyncBatch: 500,
  /** Most fields in a phase form. */
  maxFormFields: 30,
  /** Longest answer to a phase form field. */
  maxAnswer: 500,
  /** Longest guest code. */
  maxCode: 32,
  /** Most guests one XLSX import may hold. */
  maxImportRows: 20_000,
  /** How far ahead of the server a corrected client time may be before it is clamped to now, in ms. */
  maxClockLeadMs: 60_000,
  /** Most change rows GET /reception/changes answers at once. */
  maxChanges: 500,
} as const;

/** A field of a phase's form (flight number, arrival time, room number …). */
export const ReceptionFormField = z.object({
  /** Stable key the answers are stored under: [a-z0-9_], 1–32 characters. */
  key: z.string().regex(/^[a-z0-9_]{1,32}$/),
  type: z.enum(['text', 'textarea', 'number', 'datetime', 'select', 'checkbox']),
  label: LocalizedText,
  /** Choices of a select field. */
  options: z.array(LocalizedText).max(50).default([]),
  required: Flag.default(0),
});
export type ReceptionFormField = z.infer<typeof ReceptionFormField>;

/** Input form of a phase form field (labels as language maps with limits). */
export const ReceptionFormFieldInput = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]{1,32}$/),
  type: z.enum(['text', 'textarea', 'number', 'datetime', 'select', 'checkbox']),
  label: localizedTextInput(textLimits.label),
  options: z.array(localizedTextInput(textLimits.label)).max(50).default([]),
  required: Flag.default(0),
});

/** A phase (§3 Reception guest phase; §2 /phases/{phase_id}). */
export const ReceptionPhase = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  position: z.number().int(),
  /** '1' / '2': only receptionists of that sub-role work it; null: every receptionist. */
  staff_role: z.enum(['1', '2']).nullable(),
  form: z.array(ReceptionFormField),
  /** Guests assigned / received at this phase. */
  guest_total: z.number().int().nonnegative(),
  received_total: z.number().int().nonnegative(),
});
export type ReceptionPhase = z.infer<typeof ReceptionPhase>;

/** A guest's state at one phase (§3 Reception guest; §4 0 not received, 1 received). */
export const ReceptionGuestPhase = z.object({
  phase_id: WireId,
  status: Flag,
  /** When the status was last set (corrected device time), or 0 never. */
  status_at: UnixSeconds,
  /** Who set it: their name as the team list shows it, '' never set. */
  status_by_name: z.string(),
  answers: z.record(z.string(), z.string()),
});
export type ReceptionGuestPhase = z.infer<typeof ReceptionGuestPhase>;

/** A guest as the desk shows it (§3 Guest). Contact details only to staff and the guest. */
export const ReceptionGuest = z.object({
  _id: WireId,
  meeting_id: WireId,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Photo URL ('' none). */
  photo: z.string(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  email: z.string().nullable(),
  code: z.string(),
  note: z.string(),
  staff_user_id: WireId.nullable(),
  staff_name: z.string(),
  phases: z.array(ReceptionGuestPhase),
  version: z.number().int(),
  updated_at: UnixSeconds,
});
export type ReceptionGuest = z.infer<typeof ReceptionGuest>;

/** The caller as a receptionist (§6): sub-role and its label from the meeting. */
export const Receptionist = z.object({
  user_id: WireId,
  name: z.string(),
  /** 'owner' / 'organiser' work the desk without a reception grant. */
  role: z.enum(['owner', 'organiser', 'reception']),
  reception_role: z.enum(['1', '2']).nullable(),
  /** reception_staff_role_1 / _2 of the meeting ('' when the meeting names none). */
  reception_role_label: z.string(),
  /** Guests assigned to this receptionist. */
  assigned_total: z.number().int().nonnegative(),
});
export type Receptionist = z.infer<typeof Receptionist>;

const MeetingQuery = z.object({ meeting_id: ObjectIdString });
const GuestParams = z.object({ id: ObjectIdString });
const GuestPhaseParams = z.object({ id: ObjectIdString, phase_id: ObjectIdString });

export const getReceptionist = defineRoute({
  method: 'GET',
  path: '/reception/staff/me',
  summary:
    "The caller as a receptionist of the meeting (§6: a phone on the staff list). 403 reception.receptionist_not_found ('receptionist not found', §8) when they are not.",
  spec: '§2 /staff, §6, §8',
  tags: ['reception'],
  isPublic: false,
  querystring: MeetingQuery,
  response: Receptionist,
});

export const listReceptionPhases = defineRoute({
  method: 'GET',
  path: '/reception/phases',
  summary:
    "The meeting's phases in order with their forms and counts. Staff only (403 reception.receptionist_not_found).",
  spec: '§2 /phases/{phase_id}, §3 Reception guest',
  tags: ['reception'],
  isPublic: false,
  querystring: MeetingQuery,
  response: resultsOf(ReceptionPhase),
});

export const ReceptionGuestListQuery = z.object({
  meeting_id: ObjectIdString,
  /** Name, title, phone, e-mail or code (trigram search). */
  keyword: z.string().trim().max(textLimits.keyword).optional(),
  /** Only guests assigned to this phase. */
  phase_id: ObjectIdString.optional(),
  /** With phase_id: only guests with this status there. */
  status: z.enum(['0', '1']).optional(),
  /** '1': only guests assigned to the caller (the staff home). */
  mine: z.enum(['0', '1']).optional(),
  /** '1': the whole list for the offline cache (limit up to 20,000, no keyword). */
  all: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(20_000).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const listReceptionGuests = defineRoute({
  method: 'GET',
  path: '/reception/guests',
  summary:
    "The meeting's guests for the desk (§2 /guest/list, /staff, /phases/{phase_id}), by name, with their phases; `cursor` is the newest history id to pass to GET /reception/changes. Staff only.",
  spec: '§2 Reception, §3 Guest',
  tags: ['reception'],
  isPublic: false,
  querystring: ReceptionGuestListQuery,
  response: z.object({
    results: z.array(ReceptionGuest),
    total: z.number().int().nonnegative(),
    cursor: z.number().int().nonnegative(),
  }),
});

export const getReceptionGuest = defineRoute({
  method: 'GET',
  path: '/reception/guests/:id',
  summary:
    "One guest with phases (§2 /guest/{guestId}, /staff/guests/{guest_id}). Staff only; 404 reception.guest_not_found ('guest not found').",
  spec: '§2 Reception, §8',
  tags: ['reception'],
  isPublic: false,
  params: GuestParams,
  response: ReceptionGuest,
});

/** The history of one guest (who changed what, applied or stale). */
export const ReceptionHistoryItem = z.object({
  id: z.number().int(),
  guest_id: WireId,
  phase_id: WireId.nullable(),
  field: z.string(),
  value: z.unknown(),
  previous: z.unknown(),
  user_name: z.string(),
  client_at: UnixSeconds,
  created_at: UnixSeconds,
  outcome: z.enum(['applied', 'stale']),
});
export type ReceptionHistoryItem = z.infer<typeof ReceptionHistoryItem>;

export const getReceptionGuestHistory = defineRoute({
  method: 'GET',
  path: '/reception/guests/:id/history',
  summary: "A guest's changes, newest first (at most 200). Staff only; 404 reception.guest_not_found.",
  spec: '§4 Reception',
  tags: ['reception'],
  isPublic: false,
  params: GuestParams,
  response: resultsOf(ReceptionHistoryItem),
});

/**
 * One write of the desk. `client_at` is the device time in ms corrected by the server clock offset;
 * `mutation_id` a client-made UUID. Kinds:
 * - status: the guest's reception status at `phase_id` (§4, the client asked for confirmation);
 * - answer: one field of the phase form (`key`, `value` text);
 * - guest: one guest field (`field` of name / title / description / note / photo, `value` text).
 */
export const ReceptionMutation = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('status'),
    mutation_id: z.string().uuid(),
    guest_id: ObjectIdString,
    phase_id: ObjectIdString,
    status: Flag,
    client_at: z.number().int().positive(),
  }),
  z.strictObject({
    kind: z.literal('answer'),
    mutation_id: z.string().uuid(),
    guest_id: ObjectIdString,
    phase_id: ObjectIdString,
    key: z.string().regex(/^[a-z0-9_]{1,32}$/),
    value: z.string().max(500),
    client_at: z.number().int().positive(),
  }),
  z.strictObject({
    kind: z.literal('guest'),
    mutation_id: z.string().uuid(),
    guest_id: ObjectIdString,
    field: z.enum(['name', 'title', 'description', 'note', 'photo']),
    value: z.string().max(textLimits.answer),
    client_at: z.number().int().positive(),
  }),
]);
export type ReceptionMutation = z.infer<typeof ReceptionMutation>;

/** What happened to one mutation. */
export const ReceptionMutationResult = z.object({
  mutation_id: z.string(),
  /** applied: it now holds; stale: a later write holds the field (kept in history); rejected: invalid. */
  outcome: z.enum(['applied', 'stale', 'rejected']),
  /** For rejected: the error code (reception.guest_not_found, reception.phase_not_assigned, …). */
  code: z.string().optional(),
  /** The guest as it stands after the mutation (absent when rejected for an unknown guest). */
  guest: ReceptionGuest.optional(),
});
export type ReceptionMutationResult = z.infer<typeof ReceptionMutationResult>;

export const setReceptionStatus = defineRoute({
  method: 'PUT',
  path: '/reception/guests/:id/phases/:phase_id',
  summary:
    "Sets a guest's reception status at a phase (§4; the client confirmed). One mutation of kind status. 403 reception.receptionist_not_found; 404 reception.guest_not_found; 409 reception.phase_not_assigned.",
  spec: '§4 Reception, §2 /phases/{phase_id}',
  tags: ['reception'],
  isPublic: false,
  params: GuestPhaseParams,
  body: z.strictObject({
    status: Flag,
    mutation_id: z.string().uuid(),
    client_at: z.number().int().positive(),
  }),
  response: ReceptionMutationResult,
});

export const putReceptionPhaseForm = defineRoute({
  method: 'PUT',
  path: '/reception/guests/:id/phases/:phase_id/form',
  summary:
    "Saves a guest's answers to a phase form (§2 /guests/{guest_id}/phases/{phase_id}/form), each answer a mutation of kind answer with the same client time. 400 reception.answer_invalid.",
  spec: '§2 Reception',
  tags: ['reception'],
  isPublic: false,
  params: GuestPhaseParams,
  body: z.strictObject({
    answers: z.record(z.string().regex(/^[a-z0-9_]{1,32}$/), z.string().max(500)),
    mutation_id: z.string().uuid(),
    client_at: z.number().int().positive(),
  }),
  response: ReceptionMutationResult,
});

export const syncReception = defineRoute({
  method: 'POST',
  path: '/reception/sync',
  summary:
    'Applies a queue of desk writes in order (offline replay): last writer wins per field by corrected client time; older writes are kept in the history as stale; a mutation_id seen before answers its first result. At most 500. Staff only.',
  spec: '§4 Reception',
  tags: ['reception'],
  isPublic: false,
  body: z.strictObject({
    meeting_id: ObjectIdString,
    mutations: z.array(ReceptionMutation).min(1).max(500),
  }),
  response: z.object({ results: z.array(ReceptionMutationResult), cursor: z.number().int().nonnegative() }),
});

export const listReceptionChanges = defineRoute({
  method: 'GET',
  path: '/reception/changes',
  summary:
    "Guests changed since a history id (other receptionists' writes): the changed guests as they now stand, the ids of guests deleted since (the desk drops them from its cache) and the new cursor. Staff only.",
  spec: '§4 Reception',
  tags: ['reception'],
  isPublic: false,
  querystring: z.object({
    meeting_id: ObjectIdString,
    since: z.coerce.number().int().min(0),
  }),
  response: z.object({
    results: z.array(ReceptionGuest),
    /** Ids (24 hex) of guests changed since `since` that are now deleted: drop them from the cache. */
    deleted: z.array(ObjectIdString),
    cursor: z.number().int().nonnegative(),
  }),
});

/** A guest as the guest themself sees their arrangements (no staff notes, no other guests). */
export const ReceptionGuestSelf = z.object({
  _id: WireId,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  photo: z.string(),
  code: z.string(),
  phases: z.array(
    z.object({
      phase_id: WireId,
      title: LocalizedText,
      description: LocalizedText,
      status: Flag,
      status_at: UnixSeconds,
      /** The phase form as filled by the desk, with its fields' labels. */
      form: z.array(ReceptionFormField),
      answers: z.record(z.string(), z.string()),
    }),
  ),
  /** The receptionist assigned (name and phone to call), or null. */
  staff: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
});
export type ReceptionGuestSelf = z.infer<typeof ReceptionGuestSelf>;

export const queryReceptionGuest = defineRoute({
  method: 'GET',
  path: '/reception/query',
  summary:
    "Finds the caller's own guest record (§6: on the guest list by phone, e-mail or code; §2 /query/guest, /query/guest/results): with `code`, the guest holding that code; without, the guests matching the caller's verified phone or e-mail. 404 reception.guest_not_found ('guest not found'). Rate-limited.",
  spec: '§2 /query/guest, §6, §8',
  tags: ['reception'],
  isPublic: false,
  querystring: z.object({
    meeting_id: ObjectIdString,
    code: z.string().trim().min(1).max(32).optional(),
  }),
  response: resultsOf(ReceptionGuestSelf),
});
