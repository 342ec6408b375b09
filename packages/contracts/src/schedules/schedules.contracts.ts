import { z } from 'zod';
import { Appointment, WallDate, WallTime } from '../appointments/appointments.contracts.ts';
import { CountResponse, Flag, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Schedules (§3 Schedule, §7 Meetings schedules and Enterprises schedules): a person's or an
 * exhibitor's accepted appointments, the slots an exhibitor publishes as bookable, and the iCalendar
 * feed of one's schedule.
 */

/** One schedule entry. Times are unix seconds; date/start_time/end_time are wall-clock in `timezone`. */
export const ScheduleEntry = z.object({
  _id: WireId,
  meeting_id: WireId,
  /** 'slot': a bookable time an exhibitor published; 'appointment': an accepted appointment. */
  kind: z.enum(['slot', 'appointment']),
  owner: z.enum(['user', 'enterprise']),
  user_id: WireId.nullable(),
  enterprise_id: WireId.nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  timezone: z.string(),
  date: WallDate,
  start_time: WallTime,
  end_time: WallTime,
  deleted: Flag,
  /** Slots: 1 while an applying or accepted request holds it (§4 'full'). Entries: 1. */
  is_booked: Flag,
  /** Entries: the accepted appointment. Slots: the request holding it, for its exhibitor only. */
  appointment: Appointment.nullable(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

/**
 * Querystring of GET /meeting/schedules and /count.
 * - `type=user` (default): the caller's own entries (/meeting/my/schedule, /my/schedules);
 * - `type=exhibitor`: the entries and slots of the enterprise the caller is bound to (403 otherwise);
 * - `enterprise_id=` (any logged-in user): that enterprise's published slots still ahead, for the
 *   booking form, with `is_booked`;
 * - `kind` narrows to slots or entries; `history=1` keeps what has ended, `history=0` what is ahead.
 */
export const ScheduleListQuerystring = z.object({
  meeting_id: ObjectIdString,
  type: z.enum(['user', 'exhibitor']).optional(),
  enterprise_id: ObjectIdString.optional(),
  kind: z.enum(['slot', 'appointment']).optional(),
  history: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).optional(),
});
export type ScheduleListQuerystring = z.infer<typeof ScheduleListQuerystring>;

export const listMeetingSchedules = defineRoute({
  method: 'GET',
  path: '/meeting/schedules',
  summary:
    "Schedule entries in a meeting, soonest first (history=1: latest first): the caller's own, the bound exhibitor's (type=exhibitor), or an enterprise's open slots (enterprise_id). 401 login.required; 403 no_permission (type=exhibitor without a binding).",
  spec: '§7 Meetings, §3 Schedule',
  tags: ['schedules'],
  isPublic: false,
  querystring: ScheduleListQuerystring,
  response: resultsOf(ScheduleEntry),
});

export const countMeetingSchedules = defineRoute({
  method: 'GET',
  path: '/meeting/schedules/count',
  summary: 'How many entries GET /meeting/schedules would list (same filters).',
  spec: '§7 Meetings',
  tags: ['schedules'],
  isPublic: false,
  querystring: ScheduleListQuerystring,
  response: CountResponse,
});

/** Body of POST /enterprises/{id}/schedules: a bookable slot, typed like a meeting request's time. */
export const CreateSlotBody = z.strictObject({
  meeting_id: ObjectIdString,
  date: z.string().max(10),
  start_time: z.string().max(5),
  end_time: z.string().max(5),
  timezone: z.string().min(1).max(textLimits.timeZone),
});
export type CreateSlotBody = z.infer<typeof CreateSlotBody>;

export const createEnterpriseSlot = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/schedules',
  summary:
    "The enterprise's bound exhibitor publishes a bookable slot. 400 appointment.date_required / time_required / time_zone_invalid / time_nonexistent / start_past / same_time / end_before_start; 403 no_permission; 409 schedule.overlap (overlaps another published slot, enforced by an exclusion constraint).",
  spec: '§7 Enterprises (schedules)',
  tags: ['schedules'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: CreateSlotBody,
  response: ScheduleEntry,
});

export const deleteEnterpriseSlot = defineRoute({
  method: 'DELETE',
  path: '/enterprises/:id/schedules/:schedule_id',
  summary:
    'The bound exhibitor withdraws a published slot. 403 no_permission; 404 not_found; 409 schedule.booked (a live request holds it: ignore or cancel that first).',
  spec: '§7 Enterprises (schedules)',
  tags: ['schedules'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, schedule_id: ObjectIdString }),
  response: z.object({ deleted: z.literal(1) }),
});

/** The caller's private calendar feed address (beyond the spec; §3 Schedule). */
export const CalendarFeed = z.object({
  /** https URL of the .ics feed; anyone holding it can read the schedule, so it is shown only to its owner. */
  url: z.string(),
  /** The same address with the webcal: scheme, which phones open as a calendar subscription. */
  webcal_url: z.string(),
  created: UnixSeconds,
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

export const getCalendarFeed = defineRoute({
  method: 'GET',
  path: '/meeting/schedules/calendar',
  summary: "The caller's secret iCalendar feed address (created on first call). 401 login.required.",
  spec: 'beyond the spec (iCalendar feed of §3 Schedule)',
  tags: ['schedules'],
  isPublic: false,
  response: CalendarFeed,
});

export const resetCalendarFeed = defineRoute({
  method: 'POST',
  path: '/meeting/schedules/calendar',
  summary: "Replaces the caller's feed secret: the old address stops working at once. 401 login.required.",
  spec: 'beyond the spec (iCalendar feed of §3 Schedule)',
  tags: ['schedules'],
  isPublic: false,
  response: CalendarFeed,
});

export const getCalendarFile = defineRoute({
  method: 'GET',
  path: '/calendars/:file',
  summary:
    "A user's schedule as iCalendar (text/calendar; `file` is '<secret>.ics'): accepted appointments of every meeting in their own time zones, bookmarked sessions and registered activities in their meetings' zones (§2 /my/schedules). 404 not_found for an unknown secret (a reset makes the old one unknown).",
  spec: 'beyond the spec (iCalendar feed of §3 Schedule)',
  tags: ['schedules'],
  isPublic: true,
  params: z.object({ file: z.string().regex(/^[A-Za-z0-9]{20,80}\.ics$/) }),
  response: z.string(),
});
