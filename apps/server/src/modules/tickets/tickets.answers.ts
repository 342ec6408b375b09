import type { FormAnswers, FormAnswersResponse, Ticket, UpdateTicketBody } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import { chosenPriceId, type RuleAnswers } from '@app/domain/forms';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { getAgentAnswers, putAgentAnswers } from '../agents/agents.service.ts';
import {
  agentLimitExceeded,
  deadlinePassed,
  priceInvalid,
  registrationFull,
  resubmitNotAllowed,
  sourceInvalid,
  ticketSoldOut,
} from './tickets.errors.ts';
import { checkAnswers, fieldColumns, loadFormContext, mappingUnique } from './tickets.registration.ts';
import {
  findActivity,
  findForm,
  findOwnTicket,
  findPricesOfActivity,
  lockAgent,
  type TicketChanges,
  type TicketRow,
  takeActivityPlaces,
  takeAgentPlaces,
  takePriceStock,
  takeSourcePlaces,
  updateTicketRow,
} from './tickets.repository.ts';
import { staleTicket } from './tickets.review.ts';
import { ownedTicket, type TicketDeps, toWireTickets } from './tickets.service.ts';

/**
 * Edits and resubmission of a registration (§4 resubmission rule, §5 forms, §7 Tickets and Forms):
 * PUT /tickets/{id} and GET/PUT /forms/{id}/answers, checked like a registration.
 */

/**
 * Applies new answers (and direct name/job/company edits) to a ticket the caller owns, under the §4
 * resubmission rule. A reviewed activity puts it back under review (0); a rejected ticket (2) takes
 * its places again with the guarded updates (it freed them when it was rejected).
 */
async function resubmit(
  deps: TicketDeps,
  ticket: TicketRow,
  input: {
    data?: FormAnswers | undefined;
    name?: string | undefined;
    job?: string | undefined;
    company?: string | undefined;
  },
): Promise<TicketRow> {
  const { db } = deps;
  const changes: TicketChanges = {};
  let retake = false;
  if (input.data !== undefined) {
    const activity = await findActivity(db, ticket.activityId);
    if (!activity || activity.deleted === 1) throw notFound('activity');
    const now = new Date();
    const state = registrationState({
      activity: registrationActivityOf(activity),
      ticket: { status: ticket.status as 0 | 1 | 2 | 3 },
      now: toUnixSeconds(now),
    });
    if (!state.canResubmit) {
      const isAfterDeadline = activity.deadline !== null && activity.deadline.getTime() < now.getTime();
      throw ticket.status !== 3 && isAfterDeadline ? deadlinePassed() : resubmitNotAllowed();
    }
    const [prices, form] = await Promise.all([
      findPricesOfActivity(db, activity.id),
      loadFormContext(db, activity.id, now),
    ]);
    const data = input.data as RuleAnswers;
    const chosen = chosenPriceId(form.questions, data);
    if (chosen !== null && chosen !== ticket.priceId) throw priceInvalid('The ticket type cannot be changed');
    const livePriceIds = prices.filter((p) => p.deleted === 0).map((p) => p.id);
    const { answers, fields } = checkAnswers(form, data, ticket.priceId, livePriceIds);
    Object.assign(changes, fieldColumns(fields), { answers });
    if (activity.isReview === 1) changes.status = 0;
    else if (ticket.status === 2) changes.status = 1;
    retake = ticket.status === 2;
  }
  if (input.name !== undefined) changes.name = input.name;
  if (input.job !== undefined) changes.job = input.job;
  if (input.company !== undefined) changes.company = input.company;
  if (Object.keys(changes).length === 0) return ticket;
  return inTransaction(db, async (tx) => {
    // Same lock order as a registration: group, type, activity, source, then the ticket row.
    if (retake && ticket.agentId) await lockAgent(tx, ticket.agentId);
    if (retake) {
      if (!(await takePriceStock(tx, ticket.priceId, 1))) throw ticketSoldOut();
      if (!(await takeActivityPlaces(tx, ticket.activityId, 1))) throw registrationFull();
      if (ticket.sourceId && !(await takeSourcePlaces(tx, ticket.sourceId, 1))) throw sourceInvalid();
      if (ticket.agentId && !(await takeAgentPlaces(tx, ticket.agentId, 1))) throw agentLimitExceeded();
    }
    // Only from the status read: the places taken (or not) above are right for that status alone — a
    // second resubmission or a review in between would otherwise leave the counters off by one.
    const fromStatus = changes.status !== undefined ? ticket.status : undefined;
    const row = await mappingUnique(() => updateTicketRow(tx, ticket.id, changes, fromStatus));
    if (!row) throw fromStatus !== undefined ? staleTicket() : notFound('ticket');
    return row;
  });
}

/**
 * PUT /tickets/{id} (§7 Tickets, §4): the holder (or their group leader) edits name, job, company,
 * or resubmits `data` — allowed before the deadline with enable_resubmit_answer, or any time with
 * enable_deadline_answer, never after check-in. Answers are checked like a registration.
 * @throws 404 not_found (not the caller's); 409 registration.resubmit_not_allowed /
 *   registration.deadline_passed / phone.registered / email.registered / id_number.exists /
 *   ticket.sold_out / signup.failed.max (a rejected ticket re-taking its place) / conflict.stale (its
 *   status changed meanwhile: another resubmission or a review); 400 form.required etc.
 */
export async function updateTicket(
  deps: TicketDeps,
  input: { userId: string; ticketId: string; body: UpdateTicketBody },
): Promise<Ticket> {
  const ticket = await ownedTicket(deps.db, input.ticketId, input.userId);
  const row = await resubmit(deps, ticket, input.body);
  const [wire] = await toWireTickets(deps.db, [row], 'owner', false);
  return wire as Ticket;
}

/** The caller's ticket for a form: `ticket_id` (held or led, of the form's activity) or their own. */
async function ticketOfForm(
  db: Database,
  input: { userId: string; formId: string; ticketId?: string | undefined },
): Promise<TicketRow> {
  const form = await findForm(db, input.formId);
  if (!form) throw notFound('form');
  const ticket = input.ticketId
    ? await ownedTicket(db, input.ticketId, input.userId)
    : await findOwnTicket(db, form.activityId, input.userId);
  if (!ticket || ticket.activityId !== form.activityId) throw notFound('answers');
  return ticket;
}

function answersResponse(formId: string, ticket: TicketRow): FormAnswersResponse {
  return {
    form_id: toWireId(formId),
    ticket_id: toWireId(ticket.id),
    agent_id: ticket.agentId ? toWireId(ticket.agentId) : null,
    data: ticket.answers,
  };
}

/**
 * GET /forms/{id}/answers (§7 Forms): the stored answers of the caller's ticket for this form's
 * activity (or `ticket_id`, one they hold or lead); `group=1&agent_id=` → the group's answers
 * (agents module). @throws 404 not_found.
 */
export async function getFormAnswers(
  deps: { db: Database },
  input: {
    userId: string;
    formId: string;
    group?: string | undefined;
    ticketId?: string | undefined;
    agentId?: string | undefined;
  },
): Promise<FormAnswersResponse> {
  if (input.group === '1') {
    if (!input.agentId) throw notFound('group');
    return getAgentAnswers(deps, { userId: input.userId, formId: input.formId, agentId: input.agentId });
  }
  const ticket = await ticketOfForm(deps.db, input);
  return answersResponse(input.formId, ticket);
}

/**
 * PUT /forms/{id}/answers (§7 Forms, §4): the same resubmission as PUT /tickets/{id} with `data`;
 * with `group=1&agent_id=` the group's questions (agents module).
 * @throws 404 not_found; 409 registration.resubmit_not_allowed / registration.deadline_passed / …
 */
export async function putFormAnswers(
  deps: TicketDeps,
  input: {
    userId: string;
    formId: string;
    data: FormAnswers;
    group?: string | number | undefined;
    ticketId?: string | undefined;
    agentId?: string | undefined;
  },
): Promise<FormAnswersResponse> {
  if (String(input.group) === '1') {
    if (!input.agentId) throw notFound('group');
    return putAgentAnswers(
      { db: deps.db },
      { userId: input.userId, formId: input.formId, agentId: input.agentId, data: input.data },
    );
  }
  const ticket = await ticketOfForm(deps.db, input);
  const row = await resubmit(deps, ticket, { data: input.data });
  return answersResponse(input.formId, row);
}
