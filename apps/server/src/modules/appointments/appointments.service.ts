import type {
  Appointment,
  AppointmentAuthentication,
  AppointmentListQuerystring,
  BookSlotBody,
  CreateAppointmentBody,
} from '@app/contracts';
import { toWireId } from '@app/contracts';
import {
  type AppointmentAction,
  type AppointmentRole,
  type AppointmentStatus,
  appointmentTransition,
  appointmentWindow,
} from '@app/domain/appointments';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { exclusionViolation, pgErrorOf, uniqueViolation } from '../../db/pg-errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { type AppError, noPermission, notFound } from '../../errors.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import {
  acceptFailed,
  alreadyBooked,
  matterRequired,
  ownEnterprise,
  participantRequired,
  startPast,
  timeConflict,
  windowRefused,
} from './appointments.errors.ts';
import {
  type AppointmentEvent,
  enqueueAppointmentNotice,
  type NotifyDeps,
  wakeNoticeWorker,
} from './appointments.notifications.ts';
import {
  type AppointmentFilter,
  type AppointmentRow,
  countAppointmentRows,
  findAppointment,
  findAppointmentRows,
  findLiveExhibitor,
  findRequesterConflicts,
  findSchedule,
  hasApprovedTicket,
  insertAppointment,
  insertSchedules,
  lockAppointment,
  lockSchedule,
  type NewAppointmentRow,
  softDeleteAppointmentSchedules,
  updateAppointmentRow,
} from './appointments.repository.ts';
import { toWireAppointments } from './appointments.serializer.ts';

/**
 * Appointments (§3 Meeting request, §4 Appointment, §5, §6, §7 Appointments and Enterprises
 * schedules, §8): registered participants ask exhibitors for a meeting at a
 * free-form time or in a published slot; the bound exhibitor accepts or ignores; either side cancels.
 *
 * No double booking is decided by the database, never by a read-then-write: a slot is held by one
 * live request (unique index appointments_slot_active_uq), an enterprise never has two overlapping
 * accepted appointments (EXCLUDE appointments_enterprise_accepted_no_overlap, SQLSTATE 23P01), and a
 * double-tapped request hits appointments_requester_active_uq. Each violation becomes 409
 * appointment.already_booked. Status changes lock the appointment row (SELECT … FOR UPDATE) and
 * decide with the domain state machine (appointmentTransition). Each change enqueues its notice job
 * in its own transaction (DESIGN §9): the notice goes out when, and only when, it commits, and a
 * provider outage never fails the request. All times on the wire are unix seconds.
 */

/** Database, PUBLIC_URL (links in notices), the job queue and the SMS and mail providers' names. */
export type AppointmentDeps = NotifyDeps;

const defaultLimit = 20;

/** Now in unix seconds (the real clock). */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Runs a write, turning the appointment unique/exclusion violations into 409 already_booked. */
async function mappingTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (
      pg &&
      (pg.code === uniqueViolation || pg.code === exclusionViolation) &&
      pg.constraint.startsWith('appointments_')
    ) {
      throw alreadyBooked();
    }
    throw error;
  }
}

/** One appointment as the caller sees it. */
async function wireOne(db: Database, row: AppointmentRow, userId: string): Promise<Appointment> {
  const [wire] = await toWireAppointments(db, [row], { userId, now: nowSeconds() });
  return wire as Appointment;
}

// ---------------------------------------------------------------------------------------------
// Booking
// ---------------------------------------------------------------------------------------------

/**
 * The checks every booking shares (§5, §6): the enterprise exhibits at the meeting (404 not_found),
 * the caller is not bound to it (400 appointment.own_enterprise), the caller holds an approved ticket
 * there (403 appointment.participant_required). Returns the exhibitor's booth.
 */
async function checkBooker(
  db: Database,
  input: { userId: string; meetingId: string; enterpriseId: string },
): Promise<{ booth: string }> {
  const [exhibitor, binding, isParticipant] = await Promise.all([
    findLiveExhibitor(db, input.meetingId, input.enterpriseId),
    findBinding(db, input.userId, input.meetingId),
    hasApprovedTicket(db, input.userId, input.meetingId),
  ]);
  if (!exhibitor) throw notFound('enterprise');
  if (binding?.enterpriseId === input.enterpriseId) throw ownEnterprise();
  if (!isParticipant) throw participantRequired();
  return { booth: exhibitor.booth };
}

/** The trimmed matter. @throws 400 appointment.matter_required when empty. */
function requireMatter(matter: string): string {
  const trimmed = matter.trim();
  if (!trimmed) throw matterRequired();
  return trimmed;
}

/**
 * §4 time-conflict warning: unless `force`, the caller's live appointments in the meeting (applying
 * or accepted, not yet ended) overlapping [start, end) refuse the booking with 409
 * appointment.time_conflict and those appointments in `data.conflicts`.
 */
async function checkConflicts(
  db: Database,
  input: { userId: string; meetingId: string; start: number; end: number; force: boolean },
): Promise<void> {
  if (input.force) return;
  const now = nowSeconds();
  const rows = await findRequesterConflicts(db, {
    userId: input.userId,
    meetingId: input.meetingId,
    start: new Date(input.start * 1000),
    end: new Date(input.end * 1000),
    now: new Date(now * 1000),
  });
  if (rows.length > 0) {
    throw timeConflict(await toWireAppointments(db, rows, { userId: input.userId, now }));
  }
}

/** Where to meet: the given booth, else the exhibitor's for an offline meeting ('' online). */
function boothOf(body: { mode: 'online' | 'offline'; booth?: string | undefined }, exhibitorBooth: string) {
  if (body.booth) return body.booth;
  return body.mode === 'offline' ? exhibitorBooth : '';
}

/**
 * POST /appointments (§7 Appointments, §3 Meeting request, §5, §6, §8): the caller asks an
 * enterprise exhibiting at the meeting for a meeting at a free-form time, typed as a date and two
 * wall times in `timezone` and stored as UTC instants; the exhibitor side is told through the outbox.
 * @returns the new appointment (status 0) as the requester sees it.
 * @throws 400 appointment.date_required / time_required / time_zone_invalid / time_nonexistent /
 *   start_past / same_time / end_before_start / matter_required / own_enterprise; 403
 *   appointment.participant_required; 404 not_found (enterprise not exhibiting); 409
 *   appointment.time_conflict (data.conflicts; force=1 books anyway) / appointment.already_booked
 *   (the same request is already live).
 */
export async function createAppointment(
  deps: AppointmentDeps,
  input: { userId: string; body: CreateAppointmentBody },
): Promise<Appointment> {
  const { db } = deps;
  const { body, userId } = input;
  const window = appointmentWindow({
    date: body.date,
    startTime: body.start_time,
    endTime: body.end_time,
    timeZone: body.timezone,
    now: nowSeconds(),
  });
  if (!window.ok) throw windowRefused(window.refusal);
  const matter = requireMatter(body.matter);
  const meetingId = body.meeting_id;
  const enterpriseId = body.enterprise_id;
  const { booth } = await checkBooker(db, { userId, meetingId, enterpriseId });
  const force = body.force === '1';
  await checkConflicts(db, { userId, meetingId, start: window.start, end: window.end, force });
  const row = await mappingTaken(() =>
    inTransaction(db, async (tx) => {
      const inserted = await insertAppointment(tx, {
        id: newId(),
        meetingId,
        enterpriseId,
        requesterUserId: userId,
        scheduleId: null,
        start: new Date(window.start * 1000),
        end: new Date(window.end * 1000),
        timezone: body.timezone,
        mode: body.mode,
        booth: boothOf(body, booth),
        matter,
        isForced: force ? 1 : 0,
      });
      await enqueueAppointmentNotice(deps, tx, {
        event: 'requested',
        appointmentId: inserted.id,
        actorUserId: userId,
        actorRole: 'requester',
      });
      return inserted;
    }),
  );
  wakeNoticeWorker(deps);
  return wireOne(db, row, userId);
}

/**
 * POST /appointments/schedules/{schedule_id} (§7 Appointments) and, with `enterpriseId`,
 * POST /enterprises/{id}/schedules/{schedule_id}/appointments (§7 Enterprises): books an
 * exhibitor's published slot. One transaction locks the slot row (SELECT … FOR UPDATE; a slot delete
 * takes the same lock), checks it is still a live slot of that enterprise that has not started, and
 * inserts the appointment with the slot's start, end and zone; a second live booking of the slot is
 * a unique violation → 409 appointment.already_booked. The exhibitor side's notice commits with it.
 * @returns the new appointment (status 0) as the requester sees it.
 * @throws 404 not_found (no such live slot, another enterprise's, another meeting's, enterprise not
 *   exhibiting); 400 appointment.start_past / matter_required / own_enterprise; 403
 *   appointment.participant_required; 409 appointment.time_conflict / appointment.already_booked.
 */
export async function bookSlot(
  deps: AppointmentDeps,
  input: { userId: string; scheduleId: string; enterpriseId?: string; body: BookSlotBody },
): Promise<Appointment> {
  const { db } = deps;
  const { body, userId } = input;
  const matter = requireMatter(body.matter);
  // A first, unlocked read for the checks that need the slot's meeting and time; the transaction
  // below decides again on the locked row.
  const slot = await findSchedule(db, input.scheduleId);
  const isLiveSlot = (row: typeof slot) =>
    row !== undefined &&
    row.kind === 'slot' &&
    row.deleted === 0 &&
    row.enterpriseId !== null &&
    (input.enterpriseId === undefined || row.enterpriseId === input.enterpriseId) &&
    (body.meeting_id === undefined || row.meetingId === body.meeting_id);
  if (!slot || !isLiveSlot(slot)) throw notFound('schedule');
  const enterpriseId = slot.enterpriseId as string;
  const { booth } = await checkBooker(db, { userId, meetingId: slot.meetingId, enterpriseId });
  if (unix(slot.start) <= nowSeconds()) throw startPast();
  const force = body.force === '1';
  await checkConflicts(db, {
    userId,
    meetingId: slot.meetingId,
    start: unix(slot.start),
    end: unix(slot.end),
    force,
  });
  const row = await mappingTaken(() =>
    inTransaction(db, async (tx) => {
      const locked = await lockSchedule(tx, input.scheduleId);
      if (!locked || !isLiveSlot(locked) || locked.enterpriseId !== enterpriseId) throw notFound('schedule');
      if (unix(locked.start) <= nowSeconds()) throw startPast();
      const values: NewAppointmentRow = {
        id: newId(),
        meetingId: locked.meetingId,
        enterpriseId,
        requesterUserId: userId,
        scheduleId: locked.id,
        start: locked.start,
        end: locked.end,
        timezone: locked.timezone,
        mode: body.mode,
        booth: boothOf(body, booth),
        matter,
        isForced: force ? 1 : 0,
      };
      const inserted = await insertAppointment(tx, values);
      await enqueueAppointmentNotice(deps, tx, {
        event: 'requested',
        appointmentId: inserted.id,
        actorUserId: userId,
        actorRole: 'requester',
      });
      return inserted;
    }),
  );
  wakeNoticeWorker(deps);
  return wireOne(db, row, userId);
}

// ---------------------------------------------------------------------------------------------
// Handling
// ---------------------------------------------------------------------------------------------

/**
 * The caller's side of an appointment: its requester, or a user bound (exhibitor binding in its
 * meeting) to its enterprise. @throws 404 not_found for anyone else (and unknown ids).
 */
async function sideOf(
  db: Database,
  id: string,
  userId: string,
): Promise<{ row: AppointmentRow; role: AppointmentRole }> {
  const row = await findAppointment(db, id);
  if (!row) throw notFound('appointment');
  if (row.requesterUserId === userId) return { row, role: 'requester' };
  const binding = await findBinding(db, userId, row.meetingId);
  if (binding?.enterpriseId && binding.enterpriseId === row.enterpriseId) return { row, role: 'exhibitor' };
  throw notFound('appointment');
}

/** The AppError of a refusal of the state machine (§8). */
function refusalError(refusal: 'not_allowed' | 'wrong_state' | 'ended' | 'full'): AppError {
  if (refusal === 'not_allowed') return noPermission();
  if (refusal === 'full') return alreadyBooked();
  return acceptFailed();
}

/**
 * Applies `action` by the caller in one transaction: locks the row, asks appointmentTransition
 * (status, role, now, end), writes the new status and its effects — accept: status 1, the handler,
 * two schedule entries (the requester's and the enterprise's, kind 'appointment'); ignore: status 2
 * and the reason; cancel: 3 (a requester's pending one) or 4 (an accepted one: who cancelled, both
 * schedule entries soft-deleted), the reason; delete: hidden for the caller's side. Then the other
 * side is told (not for delete).
 * @throws 404 not_found (not the caller's); 403 no_permission (wrong side); 409
 *   appointment.accept_failed (wrong state, ended) / appointment.already_booked (the enterprise has an
 *   accepted appointment overlapping — the exclusion constraint).
 */
async function act(
  deps: AppointmentDeps,
  input: { userId: string; id: string; action: AppointmentAction; reason?: string | undefined },
): Promise<AppointmentRow> {
  const { db } = deps;
  const { userId } = input;
  const { role } = await sideOf(db, input.id, userId);
  const reason = input.reason?.trim() ?? '';
  const { row, event } = await mappingTaken(() =>
    inTransaction(db, async (tx) => {
      const change = await applyAction(tx, { ...input, role, reason });
      // The other side is told when this commits (not of a delete).
      if (change.event) {
        await enqueueAppointmentNotice(deps, tx, {
          event: change.event,
          appointmentId: change.row.id,
          actorUserId: userId,
          actorRole: role,
        });
      }
      return change;
    }),
  );
  if (event) wakeNoticeWorker(deps);
  return row;
}

/** The locked row's change for `action` (see act); the event the other side hears of, if any. */
async function applyAction(
  tx: Database,
  input: { userId: string; id: string; action: AppointmentAction; role: AppointmentRole; reason: string },
): Promise<{ row: AppointmentRow; event: AppointmentEvent | null }> {
  const { userId, action, role, reason } = input;
  const locked = await lockAppointment(tx, input.id);
  if (!locked) throw notFound('appointment');
  const decision = appointmentTransition({
    status: locked.status as AppointmentStatus,
    action,
    role,
    now: nowSeconds(),
    end: unix(locked.end),
    isSlotTaken: false,
  });
  if (!decision.ok) throw refusalError(decision.refusal);
  const handledBy = role === 'exhibitor' ? { handledByUserId: userId } : {};
  switch (action) {
    case 'accept': {
      const updated = await updateAppointmentRow(tx, locked.id, { status: 1, ...handledBy });
      const entry = {
        meetingId: locked.meetingId,
        kind: 'appointment' as const,
        appointmentId: locked.id,
        start: locked.start,
        end: locked.end,
        timezone: locked.timezone,
      };
      await insertSchedules(tx, [
        { id: newId(), ...entry, userId: locked.requesterUserId },
        { id: newId(), ...entry, enterpriseId: locked.enterpriseId },
      ]);
      return { row: updated, event: 'accepted' as const };
    }
    case 'ignore':
      return {
        row: await updateAppointmentRow(tx, locked.id, { status: 2, reason, ...handledBy }),
        event: 'ignored' as const,
      };
    case 'cancel': {
      if (decision.status === 3) {
        return {
          row: await updateAppointmentRow(tx, locked.id, { status: 3, reason }),
          event: 'retracted' as const,
        };
      }
      const updated = await updateAppointmentRow(tx, locked.id, {
        status: 4,
        reason,
        cancelledBy: role,
        ...handledBy,
      });
      await softDeleteAppointmentSchedules(tx, locked.id);
      return { row: updated, event: 'cancelled' as const };
    }
    case 'delete':
      return {
        row: await updateAppointmentRow(
          tx,
          locked.id,
          role === 'requester' ? { isHiddenForRequester: 1 } : { isHiddenForExhibitor: 1 },
        ),
        event: null,
      };
  }
}

/**
 * POST /appointments/{id}/accept (§7 Appointments, §4, §6): the bound exhibitor accepts a pending
 * request; a schedule entry is created for both sides and the requester is told.
 * @returns the appointment as the caller sees it. @throws see `act`.
 */
export async function acceptAppointment(
  deps: AppointmentDeps,
  input: { userId: string; id: string; reason?: string | undefined },
): Promise<Appointment> {
  return wireOne(deps.db, await act(deps, { ...input, action: 'accept' }), input.userId);
}

/**
 * POST /appointments/{id}/ignore (§7 Appointments, §4): the bound exhibitor declines a pending
 * request (status 2, the optional reason kept); the requester is told. @throws see `act`.
 */
export async function ignoreAppointment(
  deps: AppointmentDeps,
  input: { userId: string; id: string; reason?: string | undefined },
): Promise<Appointment> {
  return wireOne(deps.db, await act(deps, { ...input, action: 'ignore' }), input.userId);
}

/**
 * POST /appointments/{id}/cancel (§7 Appointments, §4): the requester retracts a pending request
 * (status 3), or either side cancels an accepted one (status 4, both schedule entries removed, the
 * slot free again); the other side is told. @throws see `act`.
 */
export async function cancelAppointment(
  deps: AppointmentDeps,
  input: { userId: string; id: string; reason?: string | undefined },
): Promise<Appointment> {
  return wireOne(deps.db, await act(deps, { ...input, action: 'cancel' }), input.userId);
}

/**
 * DELETE /appointments/{id} (§7 Appointments, §4): hides a finished appointment (ignored, retracted,
 * cancelled or ended) from the caller's side only. @returns { deleted: 1 }. @throws see `act`.
 */
export async function deleteAppointment(
  deps: AppointmentDeps,
  input: { userId: string; id: string },
): Promise<{ deleted: 1 }> {
  await act(deps, { ...input, action: 'delete' });
  return { deleted: 1 };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * The filter of a list query for the caller: their own requests (type=user, default) or their bound
 * enterprise's (type=enterprise); with `_id`, that one appointment from whichever side the caller is
 * on (type is then ignored). @throws 403 no_permission for type=enterprise without a binding to an
 * enterprise in the meeting.
 */
async function filterOf(
  db: Database,
  userId: string,
  query: AppointmentListQuerystring,
  now: number,
): Promise<AppointmentFilter> {
  const filter: AppointmentFilter = { meetingId: query.meeting_id, now: new Date(now * 1000) };
  if (query._id) {
    // One appointment (the details page): answered from whichever side the caller is on.
    const binding = await findBinding(db, userId, query.meeting_id);
    filter.eitherSide = { userId, enterpriseId: binding?.enterpriseId ?? null };
  } else if (query.type === 'enterprise') {
    const binding = await findBinding(db, userId, query.meeting_id);
    if (!binding?.enterpriseId) throw noPermission();
    filter.enterpriseId = binding.enterpriseId;
  } else {
    filter.requesterUserId = userId;
  }
  if (query.status !== undefined) filter.status = Number(query.status);
  if (query.pending === '1') filter.pending = true;
  if (query.history !== undefined) filter.history = query.history === '1';
  if (query._id) filter.id = query._id;
  return filter;
}

/**
 * GET /appointments (§7 Appointments, §4, §6): the caller's appointments in a meeting as requester
 * (type=user) or as the bound exhibitor (type=enterprise); filters status, pending=1 (status 0 and
 * an end in the future), history=1 (ended) / 0 (ahead), _id; limit (default 20) and skip. Upcoming
 * ones soonest first, history latest first; those the caller's side hid are left out.
 * @throws 403 no_permission (type=enterprise without a binding).
 */
export async function listAppointments(
  deps: Pick<AppointmentDeps, 'db'>,
  input: { userId: string; query: AppointmentListQuerystring },
): Promise<Appointment[]> {
  const now = nowSeconds();
  const filter = await filterOf(deps.db, input.userId, input.query, now);
  const rows = await findAppointmentRows(deps.db, filter, {
    limit: input.query.limit ?? defaultLimit,
    skip: input.query.skip ?? 0,
  });
  return toWireAppointments(deps.db, rows, { userId: input.userId, now });
}

/**
 * GET /appointments/count (§7 Appointments, §4): how many GET /appointments would list over all
 * pages (e.g. pending=1 for the badge). @throws 403 no_permission like the list.
 */
export async function countAppointments(
  deps: Pick<AppointmentDeps, 'db'>,
  input: { userId: string; query: AppointmentListQuerystring },
): Promise<{ total: number }> {
  const filter = await filterOf(deps.db, input.userId, input.query, nowSeconds());
  return { total: await countAppointmentRows(deps.db, filter) };
}

/**
 * GET /appointments/user/is_authentication (§7 Appointments, §6): whether the caller is a registered
 * participant of the meeting (an approved ticket: status 1 or 3) and whether they handle requests as
 * an exhibitor (bound to an account with an enterprise there), with that enterprise.
 */
export async function getAppointmentAuthentication(
  deps: Pick<AppointmentDeps, 'db'>,
  input: { userId: string; meetingId: string },
): Promise<AppointmentAuthentication> {
  const [isParticipant, binding] = await Promise.all([
    hasApprovedTicket(deps.db, input.userId, input.meetingId),
    findBinding(deps.db, input.userId, input.meetingId),
  ]);
  const enterpriseId = binding?.enterpriseId ?? null;
  return {
    is_authentication: isParticipant ? 1 : 0,
    is_exhibitor: enterpriseId ? 1 : 0,
    enterprise_id: enterpriseId ? toWireId(enterpriseId) : null,
  };
}
