import type {
  AddRegistrantBody,
  AssignSeatsBody,
  BulkResult,
  BulkReviewBody,
  CheckinList,
  CheckinQuery,
  ConsoleRegistration,
  RegistrationDetail,
  RegistrationFilter,
  RegistrationList,
  RegistrationListQuery,
  RegistrationOptions,
  RegistrationQuestion,
} from '@app/contracts';
import { ErrorCode, toWireId } from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import type { RuleAnswers } from '@app/domain/forms';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { type AdminRegistrantProblem, checkAdminRegistrants } from '../tickets/tickets.registration.ts';
import { findActivity, type TicketRow } from '../tickets/tickets.repository.ts';
import { applyReview, type ReviewDeps, staleTicket, wakeNotices } from '../tickets/tickets.review.ts';
import {
  countCheckinsByActivity,
  countRegistrations,
  findMeetingActivities,
  findPrice,
  findPricesAndSources,
  findQuestionsOfActivities,
  findRegistrationIds,
  findRegistrationPage,
  findRegistrationsByIds,
  findSeatCandidates,
  findSeatHolders,
  findTitles,
  lockSeatsOf,
  type RegistrationRow,
  type RegistrationWhere,
  updateSeat,
  updateSeats,
} from './console-registrations.repository.ts';
import { answerText, titlesOf, toConsoleRegistration } from './console-registrations.serializer.ts';

/**
 * The console's registrations (DESIGN §7; §3 Registrant, §4 review, §6 input_by_admin): the table,
 * one registration, review one or many, add by hand, seats and the check-in list. Every call starts
 * with requireCan; every write goes through auditedWrite. The review's status / capacity / notice
 * rules are the tickets module's (applyReview), registrations by hand its registration rules
 * (checkAdminRegistrants): one code path each.
 */

const defaultPageSize = 50;
/** Bulk reviews commit this many registrations per transaction (each with its own audit row). */
const reviewChunk = 100;

/** The filters of a query or body as the repository takes them. */
export function whereOf(meetingId: string, filter: RegistrationFilter): RegistrationWhere {
  return {
    meetingId,
    statuses: filter.status === undefined ? undefined : [Number(filter.status)],
    activityId: filter.activity_id,
    priceId: filter.price_id,
    sourceId: filter.source_id,
    inputByAdmin: filter.input_by_admin === undefined ? undefined : filter.input_by_admin === '1' ? 1 : 0,
    checkedIn: filter.checked_in === undefined ? undefined : filter.checked_in === '1',
    q: filter.q ? filter.q : undefined,
  };
}

async function toWire(db: Database, rows: RegistrationRow[]): Promise<ConsoleRegistration[]> {
  const titles = await titlesOf(db, rows);
  return rows.map((row) => toConsoleRegistration(row, titles));
}

/** A live registration of the meeting with its `updated_at` in ms. @throws 404 not_found. */
async function registrationOf(db: Database, meetingId: string, id: string): Promise<RegistrationRow> {
  const [row] = await findRegistrationsByIds(db, meetingId, [id]);
  if (!row) throw notFound('registration');
  return row;
}

/** The audit view of a ticket: what a registration edit changes. */
function auditView(row: TicketRow | undefined) {
  if (!row) return null;
  return { status: row.status, review_reason: row.reviewReason, seat_number: row.seatNumber, name: row.name };
}

/**
 * GET /console/meetings/{meeting_id}/registrations: a page of the meeting's registrations, newest
 * first, with the number matching (one statement). @throws 403 no_permission (registration.read).
 */
export async function listRegistrations(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; query: RegistrationListQuery },
): Promise<RegistrationList> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.read' });
  const { rows, total } = await findRegistrationPage(deps.db, whereOf(input.meetingId, input.query), {
    limit: input.query.limit ?? defaultPageSize,
    skip: input.query.skip ?? 0,
  });
  return { items: await toWire(deps.db, rows), total };
}

/**
 * GET /console/meetings/{meeting_id}/registration-options: the meeting's live activities with their
 * live ticket types, channels and member questions (the table's filters, the hand entry's form).
 * @throws 403 no_permission (registration.read).
 */
export async function getRegistrationOptions(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<RegistrationOptions> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.read' });
  const activityRows = await findMeetingActivities(deps.db, input.meetingId);
  const ids = activityRows.map((a) => a.id);
  const [{ prices, sources }, questions] = await Promise.all([
    findPricesAndSources(deps.db, ids),
    findQuestionsOfActivities(deps.db, ids),
  ]);
  return {
    activities: activityRows.map((a) => ({
      _id: toWireId(a.id),
      title: a.title,
      is_review: a.isReview === 1 ? 1 : 0,
      enable_resubmit_answer: a.enableResubmitAnswer === 1 ? 1 : 0,
      prices: prices
        .filter((p) => p.activityId === a.id)
        .map((p) => ({ _id: toWireId(p.id), title: p.title })),
      sources: sources
        .filter((s) => s.activityId === a.id)
        .map((s) => ({ _id: toWireId(s.id), title: s.title })),
      questions: questions
        .filter((q) => q.activityId === a.id)
        .map(({ question }) => ({
          _id: question.id,
          title: question.title,
          type: question.type as RegistrationQuestion['type'],
          field: question.field ?? null,
          is_required: question.isRequired === 1 ? 1 : 0,
          options: question.options.map((o) => ({ id: o.id, title: o.title })),
        })),
    })),
  };
}

/**
 * GET /console/meetings/{meeting_id}/registrations/{id}: one registration, its answers as text in the
 * form's order, and whether its registrant could resubmit after a rejection (§4).
 * @throws 403 no_permission (registration.read); 404 not_found.
 */
export async function getRegistration(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string; language?: string | undefined },
): Promise<RegistrationDetail> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.read' });
  const row = await registrationOf(deps.db, input.meetingId, input.id);
  const [[registration], questions, activity] = await Promise.all([
    toWire(deps.db, [row]),
    findQuestionsOfActivities(deps.db, [row.activityId]),
    findActivity(deps.db, row.activityId),
  ]);
  const language = input.language ?? 'en';
  const state = activity
    ? registrationState({
        activity: registrationActivityOf(activity),
        // Whether a rejection would let the registrant resubmit (what the review dialog tells).
        ticket: { status: 2 },
        now: toUnixSeconds(new Date()),
      })
    : null;
  return {
    registration: registration as ConsoleRegistration,
    answers: questions.map(({ question }) => ({
      question_id: question.id,
      title: question.title,
      type: question.type as RegistrationDetail['answers'][number]['type'],
      text: answerText(question, row.answers[question.id], language),
    })),
    form: row.answers,
    can_resubmit: state?.canResubmit ? 1 : 0,
  };
}

/**
 * PUT /console/meetings/{meeting_id}/registrations/{id}/review (§4): approve (1) or reject (2, with
 * a reason) one registration under review, as the editor read it (`updatedMs`): the tickets module's
 * applyReview in an audited transaction (audit action registration.review, entity ticket), the
 * registrant's notice queued in it.
 * @throws 403 no_permission; 404 not_found; 409 ticket.not_reviewable / conflict.stale.
 */
export async function reviewRegistration(
  deps: ReviewDeps,
  input: {
    userId: string;
    meetingId: string;
    id: string;
    status: 1 | 2;
    reason?: string | undefined;
    updatedMs: number;
  },
): Promise<ConsoleRegistration> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.review' });
  const ticket = await registrationOf(deps.db, input.meetingId, input.id);
  if (ticket.updatedMs !== input.updatedMs) throw staleTicket();
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'registration.review',
      entity: 'ticket',
      entityId: ticket.id,
    },
    async (tx) => {
      const { before, after } = await applyReview(tx, deps, ticket, {
        status: input.status,
        reason: input.reason,
        updatedMs: input.updatedMs,
      });
      return { result: after, before: auditView(before), after: auditView(after) };
    },
  );
  wakeNotices(deps);
  const [wire] = await toWire(deps.db, [await registrationOf(deps.db, input.meetingId, input.id)]);
  return wire as ConsoleRegistration;
}

/** The ids of a bulk body: a list, or comma / space separated text. */
function idsOf(ids: BulkReviewBody['ids']): string[] | undefined {
  if (ids === undefined) return undefined;
  const list = Array.isArray(ids) ? ids : ids.split(/[\s,]+/).filter((id) => id !== '');
  for (const id of list) {
    if (!/^[0-9a-f]{24}$/.test(id)) {
      throw new AppError(400, ErrorCode.invalidObjectId, `Invalid ObjectId: ${id}`, [
        { path: 'body/ids', message: `Invalid ObjectId: ${id}` },
      ]);
    }
  }
  return [...new Set(list)];
}

/**
 * POST /console/meetings/{meeting_id}/registrations/review (§4): the registrations under review among
 * `ids`, else all under review matching the filters; `dry_run` counts them (the console shows the
 * count before asking). Otherwise each is reviewed like one (applyReview: its conditional update,
 * freed places and notice) with ONE audit row per registration, committed 100 at a time; one that
 * someone else reviewed meanwhile is skipped (not counted in `changed`). Two bulk reviews at once
 * review each registration once: the conditional 0 → 1|2 update decides.
 * @throws 403 no_permission (registration.review); 400 invalid_object_id.
 */
export async function bulkReviewRegistrations(
  deps: ReviewDeps,
  input: { userId: string; meetingId: string; body: BulkReviewBody },
): Promise<BulkResult> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.review' });
  const { body } = input;
  const ids = idsOf(body.ids);
  const where: RegistrationWhere = {
    ...whereOf(input.meetingId, {
      activity_id: body.activity_id,
      price_id: body.price_id,
      source_id: body.source_id,
      input_by_admin: body.input_by_admin,
      q: body.q,
    }),
    statuses: [0],
    ids,
  };
  const status = Number(body.status) === 2 ? 2 : 1;
  if (String(body.dry_run) === '1') return { matched: await countRegistrations(deps.db, where), changed: 0 };
  const selected = await findRegistrationIds(deps.db, where);
  let changed = 0;
  for (let i = 0; i < selected.length; i += reviewChunk) {
    const chunk = await findRegistrationsByIds(deps.db, input.meetingId, selected.slice(i, i + reviewChunk));
    changed += await inTransaction(deps.db, async (tx) => {
      let n = 0;
      for (const ticket of chunk) {
        if (ticket.status !== 0) continue;
        const target = {
          actorUserId: input.userId,
          meetingId: input.meetingId,
          action: 'registration.review',
          entity: 'ticket',
          entityId: ticket.id,
        };
        const isDone = await auditedWrite(tx, target, async (savepoint) => {
          const { before, after } = await applyReview(savepoint, deps, ticket, {
            status,
            reason: body.reason,
          });
          return { result: true, before: auditView(before), after: { ...auditView(after), bulk: 1 } };
        }).catch((error: unknown) => {
          // Reviewed or deleted by someone else since it was selected: not this bulk's to change.
          const isGone = error instanceof AppError && error.code === ErrorCode.notFound;
          if (isGone || (error instanceof AppError && error.code === ErrorCode.ticketNotReviewable))
            return false;
          throw error;
        });
        if (isDone) n += 1;
      }
      return n;
    });
    wakeNotices(deps);
  }
  return { matched: selected.length, changed };
}

/**
 * POST /console/meetings/{meeting_id}/registrations (§6 input_by_admin): adds one registrant by hand,
 * checked and written by the tickets module's registration rules (checkAdminRegistrants), audited
 * (registration.edit, entity ticket). @throws 403 no_permission (registration.edit); 404 not_found;
 * 400 form.required / phone.invalid / … (the first problem); 409 ticket.sold_out / signup.failed.max /
 * phone.registered / email.registered / id_number.exists / conflict.already_used (the seat is another
 * registration's of the activity).
 */
export async function addRegistrant(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; body: AddRegistrantBody },
): Promise<ConsoleRegistration> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.edit' });
  const { body } = input;
  const created = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action: 'registration.edit', entity: 'ticket' },
    async (tx) => {
      const check = await checkAdminRegistrants(
        { db: tx },
        {
          meetingId: input.meetingId,
          activityId: body.activity_id,
          sourceId: body.source_id,
          registrants: [
            { priceId: body.price_id, data: body.data as RuleAnswers, seatNumber: body.seat_number },
          ],
        },
      );
      if (!check.write) throw problemError(check.problems[0]);
      // A seat is one registration's of the activity (as assignSeat keeps it).
      const seat = body.seat_number ?? '';
      if (seat !== '') {
        await lockSeatsOf(tx, body.activity_id);
        if ((await findSeatHolders(tx, body.activity_id, [seat], [])).length > 0) throw seatTaken(seat);
      }
      const [row] = (await check.write()) as [TicketRow];
      return { result: row, before: null, after: { ...auditView(row), input_by_admin: 1 }, entityId: row.id };
    },
  );
  const [wire] = await toWire(deps.db, [await registrationOf(deps.db, input.meetingId, created.id)]);
  return wire as ConsoleRegistration;
}

/** The refusal of a hand entry's first problem: 409 for a contact already registered, else 400. */
function problemError(problem: AdminRegistrantProblem | undefined): AppError {
  if (!problem) return new AppError(400, ErrorCode.validation, 'Invalid registrant');
  const isConflict = /registered|exists|duplicate/.test(String(problem.code));
  return new AppError(isConflict ? 409 : 400, problem.code, problem.message);
}

/** 409 conflict.already_used naming the seat field. */
function seatTaken(seat: string): AppError {
  const message = `Seat ${seat} is already another registration's`;
  return new AppError(409, ErrorCode.alreadyUsed, message, [{ path: 'body/seat_number', message }]);
}

/**
 * PUT /console/meetings/{meeting_id}/registrations/{id}/seat (§3 Registrant): sets or clears ('') a
 * seat number, as the editor read the registration; a seat another live registration of the activity
 * holds is refused. @throws 403 no_permission (registration.edit); 404 not_found;
 * 409 conflict.stale / conflict.already_used.
 */
export async function assignSeat(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string; seatNumber: string; updatedMs: number },
): Promise<ConsoleRegistration> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.edit' });
  const ticket = await registrationOf(deps.db, input.meetingId, input.id);
  if (ticket.updatedMs !== input.updatedMs) throw staleTicket();
  const seat = input.seatNumber.trim();
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'registration.edit',
      entity: 'ticket',
      entityId: ticket.id,
    },
    async (tx) => {
      await lockSeatsOf(tx, ticket.activityId);
      if (seat !== '' && (await findSeatHolders(tx, ticket.activityId, [seat], [ticket.id])).length > 0) {
        throw seatTaken(seat);
      }
      const updated = await updateSeat(tx, ticket.id, seat, input.updatedMs);
      if (!updated) throw staleTicket();
      return { result: updated, before: auditView(ticket), after: auditView(updated) };
    },
  );
  return (await toWire(deps.db, [row]))[0] as ConsoleRegistration;
}

/**
 * POST /console/meetings/{meeting_id}/registrations/seats (§3 Registrant): numbers a ticket type's
 * live registrations oldest first as prefix + start, start + 1 … (`only_empty`: those without a seat);
 * refused when a number is held by another registration of the activity. One audit row for the batch
 * (entity price, with the ids and seats). `dry_run` counts only.
 * @throws 403 no_permission (registration.edit); 404 not_found; 409 conflict.already_used.
 */
export async function assignSeats(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; body: AssignSeatsBody },
): Promise<BulkResult> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.edit' });
  const { body } = input;
  const price = await findPrice(deps.db, body.price_id);
  const activity = price ? await findActivity(deps.db, price.activityId) : undefined;
  if (!price || !activity || activity.meetingId !== input.meetingId) throw notFound('ticket type');
  const onlyEmpty = String(body.only_empty) === '1';
  if (String(body.dry_run) === '1') {
    return { matched: (await findSeatCandidates(deps.db, price.id, onlyEmpty)).length, changed: 0 };
  }
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'registration.edit',
      entity: 'price',
      entityId: price.id,
    },
    async (tx) => {
      await lockSeatsOf(tx, activity.id);
      const candidates = await findSeatCandidates(tx, price.id, onlyEmpty);
      const prefix = body.prefix ?? '';
      const seats = candidates.map((c, i) => ({ id: c.id, seatNumber: `${prefix}${body.start + i}` }));
      const holders = await findSeatHolders(
        tx,
        activity.id,
        seats.map((s) => s.seatNumber),
        seats.map((s) => s.id),
      );
      if (holders[0]) throw seatTaken(holders[0].seatNumber);
      await updateSeats(tx, seats);
      return {
        result: { matched: candidates.length, changed: seats.length },
        before: { seats: candidates.map((c) => [c.id, c.seatNumber]) },
        after: { seats: seats.map((s) => [s.id, s.seatNumber]) },
      };
    },
  );
}

/**
 * GET /console/meetings/{meeting_id}/checkins (§4 check-in): approved registrations (1 and 3) newest
 * first, filtered by activity, checked in or not and the search, with the approved and checked-in
 * counts per activity and in all. @throws 403 no_permission (registration.read).
 */
export async function listCheckins(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; query: CheckinQuery },
): Promise<CheckinList> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'registration.read' });
  const { query } = input;
  const where: RegistrationWhere = {
    meetingId: input.meetingId,
    statuses: query.checked_in === undefined ? [1, 3] : query.checked_in === '1' ? [3] : [1],
    activityId: query.activity_id,
    q: query.q ? query.q : undefined,
  };
  const [page, counts] = await Promise.all([
    findRegistrationPage(deps.db, where, { limit: query.limit ?? defaultPageSize, skip: query.skip ?? 0 }),
    countCheckinsByActivity(deps.db, input.meetingId, query.activity_id),
  ]);
  const titles = await findTitles(deps.db, {
    activityIds: counts.map((c) => c.activityId),
    priceIds: [],
    sourceIds: [],
  });
  return {
    items: await toWire(deps.db, page.rows),
    total: page.total,
    approved: counts.reduce((sum, c) => sum + c.approved, 0),
    checked_in: counts.reduce((sum, c) => sum + c.checkedIn, 0),
    activities: counts.map((c) => ({
      activity_id: toWireId(c.activityId),
      activity_title: titles.activities.get(c.activityId) ?? '',
      approved: c.approved,
      checked_in: c.checkedIn,
    })),
  };
}
