import { z } from 'zod';
import { CountResponse, Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Appointments — meeting requests between a registered participant and an exhibitor (§3 Meeting
 * request, §4 Appointment, §5, §6, §7 Appointments and Enterprises schedules, §8).
 *
 * Times travel as unix seconds (UTC instants) plus the IANA zone the requester chose; `date`,
 * `start_time` and `end_time` repeat them as wall-clock values in that zone for display.
 */

/** 0 applying, 1 accepted, 2 ignored, 3 retracted, 4 cancelled (packages/domain appointment-state). */
export const AppointmentStatus = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

export const AppointmentStateName = z.enum(['applying', 'accepted', 'ignored', 'retracted', 'cancelled']);
export const AppointmentMode = z.enum(['online', 'offline']);
export type AppointmentMode = z.infer<typeof AppointmentMode>;
export const AppointmentActionName = z.enum(['accept', 'ignore', 'cancel', 'delete']);
export type AppointmentActionName = z.infer<typeof AppointmentActionName>;

/** `YYYY-MM-DD` and `HH:mm` as typed in the booking form. */
export const WallDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** The requester as the exhibitor sees them. Contact fields are '' until the request is accepted. */
export const AppointmentPerson = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  work: z.object({ title: z.string(), company: z.string() }),
  /** E.164 phone and e-mail: filled for the exhibitor once accepted, '' before. */
  phone: z.string(),
  email: z.string(),
});
export type AppointmentPerson = z.infer<typeof AppointmentPerson>;

/** The enterprise asked, with its booth at this meeting. */
export const AppointmentEnterprise = z.object({
  _id: WireId,
  title: LocalizedText,
  logo: z.string(),
  /** The exhibitor's booth at this meeting ('' when not assigned). */
  booth: z.string(),
});

/** One appointment as either side sees it. */
export const Appointment = z.object({
  _id: WireId,
  meeting_id: WireId,
  enterprise_id: WireId,
  user_id: WireId,
  /** The exhibitor's published slot it books, or null for a free-form time. */
  schedule_id: WireId.nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  timezone: z.string(),
  /** Wall-clock date and times in `timezone`. */
  date: WallDate,
  start_time: WallTime,
  end_time: WallTime,
  mode: AppointmentMode,
  booth: z.string(),
  matter: z.string(),
  reason: z.string(),
  status: AppointmentStatus,
  state: AppointmentStateName,
  /** 1 when it was sent despite the time-conflict warning. */
  is_forced: Flag,
  /** 1 when status is 0 and the end is still ahead (§4 pending). */
  is_pending: Flag,
  /** The caller's side of it. */
  role: z.enum(['requester', 'exhibitor']),
  /** What the caller may do now (from the domain state machine). */
  actions: z.array(AppointmentActionName),
  cancelled_by: z.enum(['requester', 'exhibitor']).nullable(),
  requester: AppointmentPerson,
  enterprise: AppointmentEnterprise,
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type Appointment = z.infer<typeof Appointment>;

/**
 * Querystring of GET /appointments and /appointments/count.
 * - `type=user` (default): requests the caller sent (/user/appointments, /meeting/my/...);
 * - `type=enterprise`: requests to the enterprise the caller is bound to as exhibitor in `meeting_id`
 *   (403 no_permission when not bound);
 * - `status` filters one status; `pending=1` keeps status 0 with an end in the future (§4 — the
 *   badge count); `history=1` keeps those that have ended, `history=0` those still ahead;
 * - `_id` answers that one appointment when the caller is one of its sides (else an empty list).
 * Hidden ones (DELETE) are left out of the caller's side.
 */
export const AppointmentListQuerystring = z.object({
  meeting_id: ObjectIdString,
  type: z.enum(['user', 'enterprise']).optional(),
  status: z.enum(['0', '1', '2', '3', '4']).optional(),
  pending: z.enum(['0', '1']).optional(),
  history: z.enum(['0', '1']).optional(),
  _id: ObjectIdString.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  skip: z.coerce.number().int().min(0).optional(),
});
export type AppointmentListQuerystring = z.infer<typeof AppointmentListQuerystring>;

export const listAppointments = defineRoute({
  method: 'GET',
  path: '/appointments',
  summary:
    "The caller's appointments in a meeting, as requester (type=user) or as the bound exhibitor (type=enterprise), soonest first. 401 login.required; 403 no_permission (type=enterprise without a binding).",
  spec: '§7 Appointments, §4, §6',
  tags: ['appointments'],
  isPublic: false,
  querystring: AppointmentListQuerystring,
  response: resultsOf(Appointment),
});

export const countAppointments = defineRoute({
  method: 'GET',
  path: '/appointments/count',
  summary: 'How many GET /appointments would list (pending=1: status 0 with an end in the future, §4).',
  spec: '§7 Appointments, §4',
  tags: ['appointments'],
  isPublic: false,
  querystring: AppointmentListQuerystring,
  response: CountResponse,
});

/** Answer of GET /appointments/user/is_authentication. */
export const AppointmentAuthentication = z.object({
  /** 1 when the caller is a registered participant of the meeting (an approved ticket, §6). */
  is_authentication: Flag,
  /** 1 when the caller is bound to an exhibitor account with an enterprise in the meeting. */
  is_exhibitor: Flag,
  /** That enterprise (null when not an exhibitor). */
  enterprise_id: WireId.nullable(),
});
export type AppointmentAuthentication = z.infer<typeof AppointmentAuthentication>;

export const getAppointmentAuthentication = defineRoute({
  method: 'GET',
  path: '/appointments/user/is_authentication',
  summary:
    'Whether the caller may book meetings in the meeting: a registered participant (approved ticket, §6), and whether they handle requests as an exhibitor. 401 login.required.',
  spec: '§7 Appointments, §6',
  tags: ['appointments'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: AppointmentAuthentication,
});

/** What every booking body carries besides the time. */
const BookingDetails = {
  mode: AppointmentMode,
  /** Where to meet for an offline meeting (defaults to the exhibitor's booth). */
  booth: z.string().trim().max(textLimits.label).optional(),
  /** Required, ≤ 500 characters (§5 'matter description required', textLimits.description). */
  matter: z.string().trim().max(textLimits.description),
  /** '1' sends it despite the time-conflict warning (§4 force-submit). */
  force: z.enum(['0', '1']).optional(),
};

/**
 * Body of POST /appointments: a free-form request to an enterprise exhibiting at the meeting. The
 * wall-clock date and times are read in `timezone` and stored as UTC (§3 Meeting request).
 */
export const CreateAppointmentBody = z.strictObject({
  meeting_id: ObjectIdString,
  enterprise_id: ObjectIdString,
  date: z.string().max(10),
  start_time: z.string().max(5),
  end_time: z.string().max(5),
  timezone: z.string().min(1).max(textLimits.timeZone),
  ...BookingDetails,
});
export type CreateAppointmentBody = z.infer<typeof CreateAppointmentBody>;

/** Body of the slot bookings: the slot gives the time and zone. */
export const BookSlotBody = z.strictObject({
  meeting_id: ObjectIdString.optional(),
  ...BookingDetails,
});
export type BookSlotBody = z.infer<typeof BookSlotBody>;

/** `data` of a 409 appointment.time_conflict: the caller's overlapping appointments. */
export const AppointmentConflictData = z.object({ conflicts: z.array(Appointment) });

const bookingErrors =
  '400 appointment.date_required / appointment.time_required / appointment.time_zone_invalid / appointment.time_nonexistent / appointment.start_past / appointment.same_time / appointment.end_before_start / appointment.matter_required / appointment.own_enterprise; 403 appointment.participant_required; 404 not_found (enterprise not exhibiting, slot unknown); 409 appointment.time_conflict (data.conflicts; send force=1 to book anyway) / appointment.already_booked.';

export const createAppointment = defineRoute({
  method: 'POST',
  path: '/appointments',
  summary: `Sends a meeting request to an exhibitor at a free-form time; the exhibitor is told through the outbox. ${bookingErrors}`,
  spec: '§7 Appointments, §3 Meeting request, §5, §6, §8',
  tags: ['appointments'],
  isPublic: false,
  body: CreateAppointmentBody,
  response: Appointment,
});

export const bookScheduleSlot = defineRoute({
  method: 'POST',
  path: '/appointments/schedules/:schedule_id',
  summary: `Books an exhibitor's published slot (the enterprise is the slot's). A slot is held by one live request at most, enforced by a unique index. ${bookingErrors}`,
  spec: '§7 Appointments',
  tags: ['appointments'],
  isPublic: false,
  params: z.object({ schedule_id: ObjectIdString }),
  body: BookSlotBody,
  response: Appointment,
});

export const bookEnterpriseScheduleSlot = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/schedules/:schedule_id/appointments',
  summary: `Books one of this enterprise's published slots (404 when the slot is another enterprise's). ${bookingErrors}`,
  spec: '§7 Enterprises',
  tags: ['appointments'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, schedule_id: ObjectIdString }),
  body: BookSlotBody,
  response: Appointment,
});

/** Body of accept / ignore / cancel: an optional reason shown to the other side (an answer, ≤ 500, §5). */
export const AppointmentActionBody = z.strictObject({
  reason: z.string().trim().max(textLimits.answer).optional(),
});

const AppointmentIdParams = z.object({ id: ObjectIdString });
const actionErrors =
  '404 not_found when the caller is neither the requester nor the bound exhibitor (nothing changes); 403 no_permission for the wrong side; 409 appointment.accept_failed (wrong state or ended) / appointment.already_booked (the time is taken by another accepted appointment).';

export const acceptAppointment = defineRoute({
  method: 'POST',
  path: '/appointments/:id/accept',
  summary: `The bound exhibitor accepts: a schedule entry is created for both sides and the requester is told. ${actionErrors}`,
  spec: '§7 Appointments, §4, §6',
  tags: ['appointments'],
  isPublic: false,
  params: AppointmentIdParams,
  body: AppointmentActionBody.optional(),
  response: Appointment,
});

export const ignoreAppointment = defineRoute({
  method: 'POST',
  path: '/appointments/:id/ignore',
  summary: `The bound exhibitor declines a pending request; the requester is told. ${actionErrors}`,
  spec: '§7 Appointments, §4, §6',
  tags: ['appointments'],
  isPublic: false,
  params: AppointmentIdParams,
  body: AppointmentActionBody.optional(),
  response: Appointment,
});

export const cancelAppointment = defineRoute({
  method: 'POST',
  path: '/appointments/:id/cancel',
  summary: `The requester retracts a pending request, or either side cancels an accepted one (both schedule entries go); the other side is told. ${actionErrors}`,
  spec: '§7 Appointments, §4',
  tags: ['appointments'],
  isPublic: false,
  params: AppointmentIdParams,
  body: AppointmentActionBody.optional(),
  response: Appointment,
});

export const deleteAppointment = defineRoute({
  method: 'DELETE',
  path: '/appointments/:id',
  summary: `Hides a finished appointment (ignored, retracted, cancelled or ended) from the caller's lists; the other side keeps it. ${actionErrors}`,
  spec: '§7 Appointments, §4',
  tags: ['appointments'],
  isPublic: false,
  params: AppointmentIdParams,
  response: z.object({ deleted: z.literal(1) }),
});
