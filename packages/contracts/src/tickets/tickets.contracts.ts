import { z } from 'zod';
import { Activity } from '../activities/activities.contracts.ts';
import { FormAnswers } from '../forms/forms.contracts.ts';
import { CountResponse, Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Tickets (§3 Ticket, §4 Ticket and Activity registration, §7 Tickets): registrations, the
 * participant list, check-in by scanning and the organiser's review.
 */

/** Ticket statuses (§3): 0 under review, 1 registered, 2 rejected, 3 successful (checked in). */
export const TicketStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Length of a ticket code: 26 Crockford base32 characters = 128 random bits. */
export const ticketCodeLength = 26;
/** A ticket code as typed or scanned: Crockford base32, case-insensitive, dashes and spaces allowed. */
export const TicketCodeInput = z.string().trim().min(ticketCodeLength).max(40);

/** The activity as a ticket embeds it (`with_activity=1`). */
export const TicketActivity = Activity.pick({
  _id: true,
  meeting_id: true,
  title: true,
  covers: true,
  address: true,
  start: true,
  end: true,
  offline: true,
  deadline: true,
  is_review: true,
  enable_resubmit_answer: true,
  enable_deadline_answer: true,
  form_id: true,
});

/**
 * A ticket. To its holder (or their group leader) everything; on the participant list and to other
 * callers the contact fields are null, `form` is {}, `code` is '' and the name is masked. Times are
 * unix seconds; `checked_in_at` 0 = not yet.
 */
export const Ticket = z.object({
  _id: WireId,
  meeting_id: WireId,
  activity_id: WireId,
  price_id: WireId,
  source_id: WireId.nullable(),
  user_id: WireId.nullable(),
  agent_id: WireId.nullable(),
  status: TicketStatus,
  input_by_admin: Flag,
  name: z.string(),
  /** National number (digits) and area code, as the §3 Ticket has them. */
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  email: z.string().nullable(),
  /** Masked (first 3 and last 4 kept) even for the holder. */
  id_number: z.string().nullable(),
  job: z.string(),
  company: z.string(),
  form: FormAnswers,
  /** Price in cents when registered. */
  amount: z.number().int().nonnegative(),
  /** The QR secret ('' when not the caller's). */
  code: z.string(),
  checked_in_at: UnixSeconds,
  created: UnixSeconds,
  /** The ticket type's title. */
  price_title: LocalizedText,
  /** Seat number an organiser assigned (§3 Registrant); '' when none or not the caller's to see. */
  seat_number: z.string(),
  /** Why an organiser rejected the registration (§4), for its holder; '' otherwise. */
  review_reason: z.string(),
  activity: TicketActivity.optional(),
});
export type Ticket = z.infer<typeof Ticket>;

/**
 * Querystring of GET /tickets and /tickets/count.
 * - default: the caller's own tickets (and those of groups they lead with `agent_id`);
 * - `participants=1&activity_id=`: approved tickets of an activity, masked, for its registered
 *   participants only (403 no_permission otherwise);
 * - `code=`: staff look up a scanned ticket of `meeting_id` (403 no_permission if not staff).
 */
export const TicketListQuerystring = z.object({
  meeting_id: ObjectIdString,
  activity_id: ObjectIdString.optional(),
  agent_id: ObjectIdString.optional(),
  status: z.enum(['0', '1', '2', '3']).optional(),
  participants: z.enum(['0', '1']).optional(),
  code: TicketCodeInput.optional(),
  /** Staff counting checked-in tickets of an activity (GET /tickets/count only). */
  checked_in: z.enum(['0', '1']).optional(),
  with_activity: z.enum(['0', '1']).optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});
export type TicketListQuerystring = z.infer<typeof TicketListQuerystring>;

export const listTickets = defineRoute({
  method: 'GET',
  path: '/tickets',
  summary:
    "The caller's tickets newest first (with_activity=1 embeds the activity); the participant list of an activity (participants=1); or a staff lookup by code. 401 login.required; 403 no_permission; 404 not_found (code).",
  spec: '§7 Tickets',
  tags: ['tickets'],
  isPublic: false,
  querystring: TicketListQuerystring,
  response: resultsOf(Ticket),
});

export const countTickets = defineRoute({
  method: 'GET',
  path: '/tickets/count',
  summary: 'How many tickets GET /tickets would list (same filters; staff may add checked_in=0|1).',
  spec: '§7 Tickets',
  tags: ['tickets'],
  isPublic: false,
  querystring: TicketListQuerystring,
  response: CountResponse,
});

/** One group member in a batch: their ticket type and answers. */
export const TicketMemberInput = z.strictObject({
  price_id: ObjectIdString,
  price_version: z.coerce.number().int().optional(),
  data: FormAnswers.default({}),
});
export type TicketMemberInput = z.infer<typeof TicketMemberInput>;

/**
 * Body of POST /tickets.
 * - One registration: `activity_id`, `price_id` (or a 'price' question's answer), `data`.
 * - A group batch: `activity_id`, `agent_id` (a group the caller leads) and `members` (1..200);
 *   all of them are registered or none.
 * `source_id` is the stored source (§7); `price_version` the version the client showed (4340 when it
 * changed). `status`, `input_by_admin`, `user_id` are not accepted: a body naming them is refused.
 */
export const CreateTicketsBody = z.strictObject({
  activity_id: ObjectIdString,
  price_id: ObjectIdString.optional(),
  price_version: z.coerce.number().int().optional(),
  source_id: z.union([ObjectIdString, z.literal('')]).optional(),
  data: FormAnswers.optional(),
  agent_id: ObjectIdString.optional(),
  members: z.array(TicketMemberInput).min(1).max(200).optional(),
  /** The invitation code of a private activity's link (`?invite=`, §6), when the caller came through one. */
  invite: z.string().trim().max(textLimits.token).optional(),
});
export type CreateTicketsBody = z.infer<typeof CreateTicketsBody>;

export const createTickets = defineRoute({
  method: 'POST',
  path: '/tickets',
  summary:
    'Registers (§4, §5, §8). Capacity is enforced in the database: never more tickets than a type, source or activity allows. 409 registration.not_started / registration.closed / signup.failed.max / ticket.sold_out / source.invalid / ticket.sign_up_once / phone.registered / email.registered / id_number.exists / 4029 / 4340 / agent.* ; 403 activity.invitation_required (private activity, no invitation) / activity.invitation_invalid (forged, other activity or expired code); 400 form.required / price.invalid / price.deleted / id_number.invalid / payment.unavailable (paid types); 404 activity or group not found.',
  spec: '§7 Tickets, §4, §5, §8',
  tags: ['tickets'],
  isPublic: false,
  body: CreateTicketsBody,
  response: resultsOf(Ticket),
});

const TicketIdParams = z.object({ id: ObjectIdString });

/** Body of PUT /tickets/{id}: what the holder (or their group leader) may change. */
export const UpdateTicketBody = z.strictObject({
  data: FormAnswers.optional(),
  name: z.string().trim().min(1).max(textLimits.name).optional(),
  job: z.string().trim().max(textLimits.title).optional(),
  company: z.string().trim().max(textLimits.title).optional(),
});
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

export const updateTicket = defineRoute({
  method: 'PUT',
  path: '/tickets/:id',
  summary:
    "Edits the caller's ticket (or a member's, for the group leader) under the resubmission rules (§4). status, input_by_admin and user_id are refused. 404 for anyone else's ticket.",
  spec: '§7 Tickets, §4',
  tags: ['tickets'],
  isPublic: false,
  params: TicketIdParams,
  body: UpdateTicketBody,
  response: Ticket,
});

/** Body of PUT /tickets/{id}/approve: the scanned code and a one-time key per scan. */
export const ApproveTicketBody = z.object({
  code: TicketCodeInput,
  /** Unique per scan (a UUID): a retried request answers the first result and checks in once. */
  scan_key: z.string().min(8).max(textLimits.id),
});

/** Answer of a check-in: the ticket, whether this scan checked it in, and when it first was. */
export const CheckInResult = z.object({
  ticket: Ticket,
  /** 1: this scan checked the ticket in; 0: it already was ("already checked in"). */
  is_first: Flag,
  checked_in_at: UnixSeconds,
});
export type CheckInResult = z.infer<typeof CheckInResult>;

export const approveTicket = defineRoute({
  method: 'PUT',
  path: '/tickets/:id/approve',
  summary:
    "Checks a ticket in (§4 'check-in by an approve call'), by meeting staff only, with the ticket's code. 403 no_permission (not staff); 404 not_found (wrong id or code); 409 checkin.not_approved (under review or rejected). A second scan answers is_first 0 with the first time.",
  spec: '§7 Tickets, §4 Ticket',
  tags: ['tickets'],
  isPublic: false,
  params: TicketIdParams,
  body: ApproveTicketBody,
  response: CheckInResult,
});

/** Body of PUT /tickets/{id}/attends: the organiser's review decision. */
export const ReviewTicketBody = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]),
  /** A rejection's reason (§4): shown to the registrant and sent by SMS / e-mail. */
  reason: z.string().trim().max(textLimits.answer).optional(),
});

export const reviewTicket = defineRoute({
  method: 'PUT',
  path: '/tickets/:id/attends',
  summary:
    'An organiser approves (1) or rejects (2, with an optional `reason` the registrant sees) a registration under review, and the registrant is told by SMS / e-mail. A rejection frees its place. 403 no_permission (not an organiser of the meeting); 404 not_found; 409 ticket.not_reviewable.',
  spec: '§7 Tickets, §4',
  tags: ['tickets'],
  isPublic: false,
  params: TicketIdParams,
  body: ReviewTicketBody,
  response: Ticket,
});

/** The caller's staff roles in a meeting (§6: their phone on the meeting's staff list). */
export const StaffStatus = z.object({
  /** 1 when the caller may check tickets in. */
  is_staff: Flag,
  /** 'organiser' also reviews registrations (PUT /tickets/{id}/attends). */
  roles: z.array(z.enum(['checkin', 'organiser'])),
});
export type StaffStatus = z.infer<typeof StaffStatus>;

export const getStaffStatus = defineRoute({
  method: 'GET',
  path: '/tickets/staff',
  summary:
    "Whether the caller is on the meeting's staff list, and with which roles, so the app can offer the check-in page (an answer, not a 403, for everyone else). 401 login.required.",
  spec: '§6 reception staff, §4 Ticket',
  tags: ['tickets'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: StaffStatus,
});
