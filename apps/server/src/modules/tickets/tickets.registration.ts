import type { CreateTicketsBody, FormAnswers, Ticket, TicketMemberInput } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import {
  chosenPriceId,
  keepVisibleAnswers,
  type RegistrantFields,
  type RuleAnswers,
  type RuleQuestion,
  registrantFields,
  validateAnswers,
} from '@app/domain/forms';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { requireRealNameCredential } from '../credentials/credentials.service.ts';
import { linkedActivityRefusal } from '../forms/forms.service.ts';
import {
  agentDuplicate,
  agentLimitExceeded,
  agentNotEnabled,
  agentPriceLimit,
  answersRefused,
  emailRegistered,
  idNumberExists,
  insufficientQuantity,
  invitationRequired,
  paymentUnavailable,
  phoneRegistered,
  priceDeleted,
  priceInvalid,
  priceUpdated,
  registrationFull,
  registrationRefused,
  signUpOnce,
  sourceInvalid,
  ticketSoldOut,
} from './tickets.errors.ts';
import { verifyInvitation } from './tickets.invites.ts';
import {
  type ActivityRow,
  type AgentRow,
  countAgentTicketsByPrice,
  findActivities,
  findActivity,
  findAgent,
  findFormOfActivity,
  findOwnTicket,
  findPricesOfActivity,
  findSourcesOfActivity,
  findTakenContacts,
  insertTickets,
  isUserInvited,
  lockAgent,
  moveCounters,
  type NewTicketRow,
  type PriceRow,
  registerOne,
  type SourceRow,
  type TicketRow,
  takeActivityPlaces,
  takeAgentPlaces,
  takePriceStock,
  takeSourcePlaces,
  uniqueConstraintOf,
} from './tickets.repository.ts';
import { toWireTicket } from './tickets.serializer.ts';
import { newTicketCode, type TicketDeps } from './tickets.service.ts';

/**
 * Tickets (§4 Ticket and Activity registration, §5 forms, §7 Tickets):
 * registration without overselling, the caller's tickets, the participant list, edits and
 * resubmission, check-in by staff and the organiser's review.
 *
 * No oversell: every registration moves each counter with ONE conditional UPDATE
 * (`… SET sold_total = sold_total + n WHERE … AND sold_total + n <= total`) in a fixed order
 * (the group row lock, ticket types by id, the activity, the source, the group's members_total) and
 * writes its ticket rows in the same transaction, after the counters. A refused update rolls
 * everything back. One registration is a single statement (registerOne), so the hot rows (the
 * activity, a popular type) stay locked only while PostgreSQL runs it, with no round trip to Node
 * before COMMIT; a group batch is one transaction. Nothing is ever checked first and written later;
 * the CHECK constraints of migration 0003 are the backstop.
 */

/** What a registration reads before writing: the activity, its types, channels and member form. */
export type RegistrationContext = {
  activity: Awaited<ReturnType<typeof findActivity>>;
  prices: Awaited<ReturnType<typeof findPricesOfActivity>>;
  sources: Awaited<ReturnType<typeof findSourcesOfActivity>>;
  form: FormContext;
};

/** One short-lived context cache per database (tests run many apps in one process). */
const contextCaches = new WeakMap<Database, LRUCache<string, Promise<RegistrationContext>>>();

export async function readRegistrationContext(
  db: Database,
  activityId: string,
  now: Date,
): Promise<RegistrationContext> {
  const [activity, prices, sources, form] = await Promise.all([
    findActivity(db, activityId),
    findPricesOfActivity(db, activityId),
    findSourcesOfActivity(db, activityId),
    loadFormContext(db, activityId, now),
  ]);
  return { activity, prices, sources, form };
}

/**
 * The registration context of an activity. With `contextTtlMs` > 0 one read serves every
 * registration of that activity for that long (the moment registration opens, hundreds of people
 * register for one activity in the same second). The cached counters are only used for early
 * answers: every limit is decided again by the guarded writes, and a type deleted meanwhile is
 * refused there (its `deleted = 0` condition). A failed read is not kept.
 */
export function registrationContext(
  deps: TicketDeps,
  activityId: string,
  now: Date,
): Promise<RegistrationContext> {
  const ttl = deps.contextTtlMs ?? 0;
  if (ttl <= 0) return readRegistrationContext(deps.db, activityId, now);
  let cache = contextCaches.get(deps.db);
  if (!cache) {
    cache = new LRUCache({ max: 1000, ttl });
    contextCaches.set(deps.db, cache);
  }
  const cached = cache.get(activityId);
  if (cached) return cached;
  const loading = readRegistrationContext(deps.db, activityId, now);
  cache.set(activityId, loading);
  loading.catch(() => cache.delete(activityId));
  return loading;
}

/** The refusal a unique-index violation stands for, or null when the error is something else. */
function uniqueRefusal(error: unknown): AppError | null {
  switch (uniqueConstraintOf(error)) {
    case 'tickets_activity_user_uq':
      return signUpOnce();
    case 'tickets_activity_phone_uq':
      return phoneRegistered();
    case 'tickets_activity_email_uq':
      return emailRegistered();
    case 'tickets_activity_id_number_uq':
      return idNumberExists();
    default:
      return null;
  }
}

/** Runs a write, turning ticket unique-index violations into their 409 refusals. */
export async function mappingUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
}

// ---------------------------------------------------------------------------------------------
// Form answers
// ---------------------------------------------------------------------------------------------

/** The member questions of an activity's form as the rules read them, linked options flagged. */
export type FormContext = { formId: string | null; questions: RuleQuestion[] };

/** Whether a linked activity can no longer be chosen (§5, the rule GET /forms/{id}/questions shows). */
function isLinkedActivityDisabled(row: ActivityRow | undefined, now: Date): boolean {
  return !row || linkedActivityRefusal({ ...row, formId: null }, toUnixSeconds(now)) !== null;
}

/**
 * An activity's member form as the registration rules read it (§5): its id (null without a form) and
 * its live questions, each option of an 'activity' question flagged is_disabled when that linked
 * activity is private, full or past its deadline at `now`.
 */
export async function loadFormContext(db: Database, activityId: string, now: Date): Promise<FormContext> {
  const { formId, questions: rows } = await findFormOfActivity(db, activityId, 'member');
  if (!formId) return { formId: null, questions: [] };
  const linkedIds = new Set<string>();
  for (const row of rows) {
    if (row.type !== 'activity') continue;
    for (const option of row.options) if (option.activity_id) linkedIds.add(option.activity_id);
  }
  const linked = new Map((await findActivities(db, [...linkedIds])).map((a) => [a.id, a]));
  const questions = rows.map(
    (row): RuleQuestion => ({
      id: row.id,
      type: row.type,
      is_required: row.isRequired === 1 ? 1 : 0,
      field: row.field,
      options: row.options.map((option) =>
        row.type === 'activity' && option.activity_id
          ? {
              id: option.id,
              activity_id: option.activity_id,
              is_disabled: isLinkedActivityDisabled(linked.get(option.activity_id), now) ? 1 : 0,
            }
          : { id: option.id },
      ),
      condition: row.condition,
    }),
  );
  return { formId, questions };
}

/**
 * Answers as stored and the ticket columns they fill: hidden answers dropped (keepVisibleAnswers),
 * the rest validated (validateAnswers). @throws 400 form.required / phone.invalid / email.invalid /
 * id_number.invalid / option.invalid / price.invalid.
 */
export function checkAnswers(
  form: FormContext,
  data: RuleAnswers,
  priceId: string,
  livePriceIds: string[],
): { answers: FormAnswers; fields: RegistrantFields } {
  const answers = keepVisibleAnswers(form.questions, data, priceId);
  const problems = validateAnswers(form.questions, answers, priceId, livePriceIds);
  if (problems.length > 0) throw answersRefused(problems);
  return { answers: answers as FormAnswers, fields: registrantFields(form.questions, answers) };
}

/**
 * The ticket type a registration names: `price_id`, else the form's 'price' answer, else the only
 * live type. A paid type is refused (payment.unavailable) unless `allowPaid` (checkout, §4 Order).
 * @throws 400 price.invalid / price.deleted / payment.unavailable; 409 4340.
 */
export function resolvePrice(
  prices: PriceRow[],
  form: FormContext,
  input: { priceId?: string | undefined; version?: number | undefined; data: RuleAnswers },
  options: { allowPaid?: boolean } = {},
): PriceRow {
  const live = prices.filter((p) => p.deleted === 0);
  let priceId = input.priceId ?? chosenPriceId(form.questions, input.data);
  if (!priceId) {
    if (live.length !== 1) throw priceInvalid('Please choose a ticket type');
    priceId = (live[0] as PriceRow).id;
  }
  const price = prices.find((p) => p.id === priceId);
  if (!price) throw priceInvalid();
  if (price.deleted === 1) throw priceDeleted();
  if (input.version !== undefined && input.version !== price.version) throw priceUpdated();
  if (price.amount > 0 && !options.allowPaid) throw paymentUnavailable();
  return price;
}

/** The source a registration counts against: the named live one, else the activity's default. */
export function resolveSource(sources: SourceRow[], sourceId: string | undefined): SourceRow | null {
  if (sourceId) {
    const source = sources.find((s) => s.id === sourceId && s.deleted === 0);
    if (!source) throw sourceInvalid();
    return source;
  }
  return sources.find((s) => s.isDefault === 1 && s.deleted === 0) ?? null;
}

/** Ticket columns filled from the answers. */
export function fieldColumns(fields: RegistrantFields) {
  return {
    name: fields.name,
    phone: fields.phone?.e164 ?? null,
    areaCode: fields.phone?.areaCode ?? null,
    email: fields.email,
    idNumber: fields.idNumber,
    job: fields.job,
    company: fields.company,
  };
}

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

/** What the write step needs: the rows and how many places each counter gives up. */
type RegistrationPlan = {
  activity: ActivityRow;
  rows: NewTicketRow[];
  /** Tickets per type. */
  perPrice: Map<string, number>;
  prices: PriceRow[];
  source: SourceRow | null;
  agent: AgentRow | null;
  /**
   * A private activity entered without an invitation code: this user's phone or e-mail must be on
   * its invite list, checked (and the entry locked) in the writing transaction.
   */
  inviteeUserId: string | null;
  /** Entered by an organiser (§6 input_by_admin): always the transaction path, which stores the flag. */
  isAdmin?: boolean;
};

/**
 * Writes a plan. One registration (guarded path): registerOne's single statement. A group batch:
 * one transaction that locks the group row, checks max_per_agent, moves each counter with its
 * conditional update — types by id, the activity, the source, the group — and inserts the tickets
 * last. Every path takes its row locks in that order (group, types, activity, source) and inserts
 * after them, so two registrations never wait on each other in a cycle. Any refusal rolls
 * everything back. With `capacityGuard: 'none'` (tests only) the counters were checked before the
 * transaction and are incremented blindly.
 */
async function writePlan(deps: TicketDeps, plan: RegistrationPlan): Promise<TicketRow[]> {
  const isGroup = plan.agent !== null;
  const total = plan.rows.length;
  const priceIds = [...plan.perPrice.keys()].sort();
  if (deps.capacityGuard === 'none') return writeNaively(deps, plan, priceIds);
  const single = plan.rows[0] as NewTicketRow & { id: string; code: string };
  if (!isGroup && total === 1 && plan.inviteeUserId === null && !plan.isAdmin) {
    const stored = await mappingUnique(() =>
      registerOne(deps.db, { ...single, answers: single.answers ?? {} }, plan.source?.id ?? null),
    );
    if (!stored) throw await whichLimit(deps.db, plan);
    return [
      {
        ...single,
        sourceId: single.sourceId ?? null,
        userId: single.userId ?? null,
        agentId: single.agentId ?? null,
        status: single.status ?? 0,
        seatNumber: single.seatNumber ?? '',
        reviewReason: single.reviewReason ?? '',
        inputByAdmin: 0,
        name: single.name ?? '',
        phone: single.phone ?? null,
        areaCode: single.areaCode ?? null,
        email: single.email ?? null,
        idNumber: single.idNumber ?? null,
        job: single.job ?? '',
        company: single.company ?? '',
        answers: single.answers ?? {},
        amount: single.amount ?? 0,
        checkedInAt: null,
        checkedInBy: null,
        deleted: 0,
        ...stored,
      },
    ];
  }
  return inTransaction(deps.db, async (tx) => {
    // §6: the invite list is read in the transaction that writes the ticket, its entry locked until
    // commit, so an entry removed meanwhile either blocks this registration or is seen gone.
    if (
      plan.inviteeUserId &&
      !(await isUserInvited(tx, plan.activity.id, plan.inviteeUserId, { lock: true }))
    ) {
      throw invitationRequired();
    }
    if (plan.agent) {
      await lockAgent(tx, plan.agent.id);
      const held = await countAgentTicketsByPrice(tx, plan.agent.id);
      for (const id of priceIds) {
        const price = plan.prices.find((p) => p.id === id) as PriceRow;
        const n = plan.perPrice.get(id) ?? 0;
        if (price.maxPerAgent > 0 && (held.get(id) ?? 0) + n > price.maxPerAgent) throw agentPriceLimit();
      }
    }
    for (const id of priceIds) {
      if (!(await takePriceStock(tx, id, plan.perPrice.get(id) ?? 0))) {
        throw isGroup ? insufficientQuantity() : ticketSoldOut();
      }
    }
    if (!(await takeActivityPlaces(tx, plan.activity.id, total))) throw registrationFull();
    if (plan.source && !(await takeSourcePlaces(tx, plan.source.id, total))) throw sourceInvalid();
    if (plan.agent && !(await takeAgentPlaces(tx, plan.agent.id, total))) throw agentLimitExceeded();
    return mappingUnique(() => insertTickets(tx, plan.rows));
  });
}

/**
 * Which limit refused a registration that registerOne turned down, read after the refusal (only to
 * word the answer; nothing is written on it): a sold-out or deleted type → ticket.sold_out, a full
 * activity → signup.failed.max, a full or deleted source → source.invalid.
 */
async function whichLimit(db: Database, plan: RegistrationPlan): Promise<AppError> {
  const [prices, activity, sources] = await Promise.all([
    findPricesOfActivity(db, plan.activity.id),
    findActivity(db, plan.activity.id),
    plan.source ? findSourcesOfActivity(db, plan.activity.id) : Promise.resolve([]),
  ]);
  const price = prices.find((p) => plan.perPrice.has(p.id));
  if (!price || price.deleted === 1 || (price.total !== null && price.soldTotal >= price.total)) {
    return ticketSoldOut();
  }
  if (activity && activity.max > 0 && activity.ticketTotal >= activity.max) return registrationFull();
  const source = sources.find((s) => s.id === plan.source?.id);
  if (source && (source.deleted === 1 || (source.max > 0 && source.signupTotal >= source.max))) {
    return sourceInvalid();
  }
  return ticketSoldOut();
}

/**
 * TEST-ONLY naive path (`capacityGuard: 'none'`): checks the counters read BEFORE the transaction,
 * then inserts and increments them unconditionally. Interleaved requests all pass the stale check,
 * so they oversell once the CHECK constraints are dropped — the control run of the concurrency test.
 */
async function writeNaively(
  deps: TicketDeps,
  plan: RegistrationPlan,
  priceIds: string[],
): Promise<TicketRow[]> {
  const isGroup = plan.agent !== null;
  const total = plan.rows.length;
  for (const id of priceIds) {
    const price = plan.prices.find((p) => p.id === id) as PriceRow;
    const n = plan.perPrice.get(id) ?? 0;
    if (price.total !== null && price.soldTotal + n > price.total) {
      throw isGroup ? insufficientQuantity() : ticketSoldOut();
    }
  }
  if (plan.activity.max > 0 && plan.activity.ticketTotal + total > plan.activity.max)
    throw registrationFull();
  if (plan.source && plan.source.max > 0 && plan.source.signupTotal + total > plan.source.max) {
    throw sourceInvalid();
  }
  return inTransaction(deps.db, async (tx) => {
    if (plan.inviteeUserId && !(await isUserInvited(tx, plan.activity.id, plan.inviteeUserId))) {
      throw invitationRequired();
    }
    const inserted = await mappingUnique(() => insertTickets(tx, plan.rows));
    for (const id of priceIds) await moveCounters(tx, { priceId: id, n: plan.perPrice.get(id) ?? 0 });
    await moveCounters(tx, {
      activityId: plan.activity.id,
      sourceId: plan.source?.id ?? null,
      agentId: plan.agent?.id ?? null,
      n: total,
    });
    return inserted;
  });
}

/** Whether an error is a refused limit (type sold out, activity full, channel full). */
function isCapacityRefusal(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === ErrorCode.ticketSoldOut ||
      error.code === ErrorCode.registrationFull ||
      error.code === ErrorCode.sourceInvalid)
  );
}

/**
 * Who may register for an activity (§6 private events): anyone for a public one; for a private one
 * the holder of a valid invitation code (`body.invite`), else a user on its invite list.
 * @returns the user id whose invitation the writing transaction must find on the list, or null
 * @throws 403 activity.invitation_invalid (bad or expired code), activity.invitation_required
 */
export async function privateAccess(
  deps: TicketDeps,
  activity: ActivityRow,
  userId: string,
  invite: string | undefined,
): Promise<string | null> {
  if (activity.privacy !== 1) return null;
  if (invite) {
    if (!deps.authSecret) throw new Error('createTickets: authSecret is needed to check invitations');
    await verifyInvitation(deps.authSecret, invite, activity.id);
    return null;
  }
  // Answered early (before capacity and form checks); decided again, locked, when writing.
  if (!(await isUserInvited(deps.db, activity.id, userId))) throw invitationRequired();
  return userId;
}

/** The caller's registration input. */
export type CreateTicketsInput = {
  userId: string;
  /** The meeting of the caller's session: the activity must belong to it. */
  meetingId: string | null;
  body: CreateTicketsBody;
};

/**
 * POST /tickets (§7 Tickets, §4, §5, §8): registers the caller (one ticket) or,
 * with `agent_id` + `members`, a batch of group members — all or none. Validates everything before
 * writing, then writes in one transaction (see writePlan). New tickets are status 0 when the
 * activity reviews registrations, else 1; amounts in cents.
 * @returns the new tickets (holder's view: code included).
 * @throws 404 not_found (activity not in the session's meeting, deleted; group not the caller's);
 *   409 registration.not_started / registration.closed / registration.failed / signup.failed.max /
 *   source.invalid / ticket.sign_up_once / ticket.sold_out / phone.registered / email.registered /
 *   id_number.exists / 4340 / 4029 / agent.limit_exceeded / agent.price_limit / agent.duplicate_* /
 *   agent.not_enabled / credential.required (real-name meeting, no credential: §3 Registrant ID
 *   number); 403 activity.invitation_required / activity.invitation_invalid (private
 *   activity, §6: tickets.invites.ts); 400 price.invalid / price.deleted / payment.unavailable / form.required /
 *   phone.invalid / email.invalid / id_number.invalid / option.invalid.
 */
export async function createTickets(deps: TicketDeps, input: CreateTicketsInput): Promise<Ticket[]> {
  const { db } = deps;
  const { body } = input;
  const now = new Date();
  const isGroup = body.agent_id !== undefined || body.members !== undefined;
  // Every read at once (they need only the activity id); the activity decides whether they count.
  const { activity, prices, sources, form } = await registrationContext(deps, body.activity_id, now);
  if (!activity || activity.deleted === 1 || activity.meetingId !== input.meetingId) {
    throw notFound('activity');
  }
  const inviteeUserId = await privateAccess(deps, activity, input.userId, body.invite);
  await requireRealNameCredential(db, activity.meetingId, input.userId);
  const source = resolveSource(sources, body.source_id === '' ? undefined : body.source_id);
  const livePriceIds = prices.filter((p) => p.deleted === 0).map((p) => p.id);
  const status = activity.isReview === 1 ? 0 : 1;
  const base = {
    meetingId: activity.meetingId,
    activityId: activity.id,
    sourceId: source?.id ?? null,
    status,
  };

  if (!isGroup) {
    // The caller's own ticket is read only when a capacity refusal is about to be answered, so that
    // a holder hears 'Please only sign up once.' rather than 'full'. On the way to a write the
    // unique index (tickets_activity_user_uq) answers it: one query less per registration.
    const refuseHolderFirst = async (refusal: unknown): Promise<never> => {
      const own = await findOwnTicket(db, body.activity_id, input.userId);
      throw own ? signUpOnce() : refusal;
    };
    const state = registrationState({
      activity: registrationActivityOf(activity),
      source: source ? { max: source.max, signup_total: source.signupTotal } : null,
      now: toUnixSeconds(now),
    });
    if (state.refusal === 'signup.failed.max' || state.refusal === 'source.invalid') {
      await refuseHolderFirst(registrationRefused(state.refusal));
    }
    if (state.refusal) throw registrationRefused(state.refusal);
    const data = (body.data ?? {}) as RuleAnswers;
    const price = resolvePrice(prices, form, { priceId: body.price_id, version: body.price_version, data });
    // Already sold out when read: answer without writing (the guarded write decides otherwise).
    if (price.total !== null && price.soldTotal >= price.total) await refuseHolderFirst(ticketSoldOut());
    const { answers, fields } = checkAnswers(form, data, price.id, livePriceIds);
    const row: NewTicketRow = {
      id: newId(),
      ...base,
      priceId: price.id,
      userId: input.userId,
      agentId: null,
      ...fieldColumns(fields),
      answers,
      amount: price.amount,
      code: newTicketCode(),
    };
    const plan = {
      activity,
      rows: [row],
      perPrice: new Map([[price.id, 1]]),
      prices,
      source,
      agent: null,
      inviteeUserId,
    };
    const [ticket] = await writePlan(deps, plan).catch((error: unknown) =>
      isCapacityRefusal(error) ? refuseHolderFirst(error) : Promise.reject(error),
    );
    return [toWireTicket(ticket as TicketRow, { view: 'owner', priceTitle: price.title })];
  }

  const agent = body.agent_id ? await findAgent(db, body.agent_id) : undefined;
  if (!agent || agent.deleted === 1 || agent.userId !== input.userId || agent.activityId !== activity.id) {
    throw notFound('group');
  }
  const members = body.members ?? [];
  if (members.length === 0) throw priceInvalid('Please add at least one member');
  if (activity.enableAgent !== 1) throw agentNotEnabled();
  const state = registrationState({
    activity: registrationActivityOf(activity),
    source: source ? { max: source.max, signup_total: source.signupTotal } : null,
    ticket: null,
    now: toUnixSeconds(now),
  });
  if (state.refusal) throw registrationRefused(state.refusal);
  const rows = members.map((member: TicketMemberInput) => {
    const data = member.data as RuleAnswers;
    const price = resolvePrice(prices, form, {
      priceId: member.price_id,
      version: member.price_version,
      data,
    });
    const { answers, fields } = checkAnswers(form, data, price.id, livePriceIds);
    return {
      id: newId(),
      ...base,
      priceId: price.id,
      userId: null,
      agentId: agent.id,
      ...fieldColumns(fields),
      answers,
      amount: price.amount,
      code: newTicketCode(),
    } satisfies NewTicketRow;
  });
  refuseDuplicates(rows);
  const perPrice = new Map<string, number>();
  for (const row of rows) perPrice.set(row.priceId, (perPrice.get(row.priceId) ?? 0) + 1);
  const order = new Map(rows.map((row, index) => [row.id, index]));
  // Same order in every batch so two batches colliding on a phone wait instead of deadlocking.
  rows.sort((a, b) => (a.phone ?? '').localeCompare(b.phone ?? '') || a.id.localeCompare(b.id));
  const inserted = await writePlan(deps, { activity, rows, perPrice, prices, source, agent, inviteeUserId });
  const titles = new Map(prices.map((p) => [p.id, p.title]));
  return inserted
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((t) => toWireTicket(t, { view: 'owner', priceTitle: titles.get(t.priceId) ?? '' }));
}

/** 409 agent.duplicate_* when two members of a batch share a phone, e-mail or ID number. */
export function refuseDuplicates(
  rows: { phone: string | null; email: string | null; idNumber: string | null }[],
): void {
  const checks = [
    ['phone', (r: (typeof rows)[number]) => r.phone],
    ['email', (r: (typeof rows)[number]) => r.email],
    ['id_number', (r: (typeof rows)[number]) => r.idNumber],
  ] as const;
  for (const [what, pick] of checks) {
    const seen = new Set<string>();
    for (const row of rows) {
      const value = pick(row);
      if (value === null) continue;
      if (seen.has(value)) throw agentDuplicate(what);
      seen.add(value);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Registrants entered by an organiser (§6 input_by_admin)
// ---------------------------------------------------------------------------------------------

/** One registrant an organiser enters: answers to the activity's form, a type, a seat. */
export type AdminRegistrant = {
  /** The ticket type; else the form's 'price' answer, else the activity's only live type. */
  priceId?: string | undefined;
  data: RuleAnswers;
  seatNumber?: string | undefined;
};

/** Why one registrant of a batch is refused: its index in the batch and the refusal. */
export type AdminRegistrantProblem = { index: number; code: string | number; message: string };

/** The checked batch: the rows to write, or the problems of its registrants (nothing to write then). */
export type AdminRegistrantsCheck =
  | { problems: AdminRegistrantProblem[]; write?: undefined }
  | { problems: []; write: () => Promise<TicketRow[]> };

/**
 * Checks registrants an organiser enters for an activity of `meetingId` (console add-by-hand and
 * import) with the registration's own rules — ticket type (resolvePrice), channel (resolveSource),
 * form answers (checkAnswers), the phone / e-mail / ID-number uniqueness within the batch and against
 * the activity's live tickets — and answers every problem by the registrant's index, so a file's bad
 * lines are all reported at once. Organisers may enter registrants outside the registration window
 * and on private activities; the capacity limits still hold: `write()` goes through writePlan's
 * guarded transaction (types, activity, source), all or nothing, storing status 1 (an organiser's
 * entry needs no review) and input_by_admin 1. Run `write()` inside the caller's transaction
 * (deps.db = tx) to audit it there.
 * @throws 404 not_found (activity not in the meeting or deleted); 400 source.invalid.
 *   write(): 409 ticket.sold_out / signup.failed.max / source.invalid / phone.registered /
 *   email.registered / id_number.exists (a concurrent registration took the place or the contact).
 */
export async function checkAdminRegistrants(
  deps: TicketDeps,
  input: {
    meetingId: string;
    activityId: string;
    sourceId?: string | undefined;
    registrants: AdminRegistrant[];
  },
): Promise<AdminRegistrantsCheck> {
  const now = new Date();
  const { activity, prices, sources, form } = await readRegistrationContext(deps.db, input.activityId, now);
  if (!activity || activity.deleted === 1 || activity.meetingId !== input.meetingId)
    throw notFound('activity');
  const source = resolveSource(sources, input.sourceId === '' ? undefined : input.sourceId);
  const livePriceIds = prices.filter((p) => p.deleted === 0).map((p) => p.id);
  const problems: AdminRegistrantProblem[] = [];
  const rows: (NewTicketRow & { id: string })[] = [];
  const rowIndex: number[] = [];
  input.registrants.forEach((registrant, index) => {
    try {
      const price = resolvePrice(prices, form, { priceId: registrant.priceId, data: registrant.data });
      const { answers, fields } = checkAnswers(form, registrant.data, price.id, livePriceIds);
      rows.push({
        id: newId(),
        meetingId: activity.meetingId,
        activityId: activity.id,
        sourceId: source?.id ?? null,
        status: 1,
        inputByAdmin: 1,
        priceId: price.id,
        userId: null,
        agentId: null,
        ...fieldColumns(fields),
        answers,
        amount: price.amount,
        code: newTicketCode(),
        seatNumber: registrant.seatNumber ?? '',
      });
      rowIndex.push(index);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const detail = error.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
      problems.push({
        index,
        code: error.code,
        message: detail ? `${error.message} (${detail})` : error.message,
      });
    }
  });
  const seen = {
    phone: new Map<string, number>(),
    email: new Map<string, number>(),
    idNumber: new Map<string, number>(),
  };
  const taken = await findTakenContacts(deps.db, activity.id, {
    phones: rows.flatMap((r) => r.phone ?? []),
    emails: rows.flatMap((r) => r.email ?? []),
    idNumbers: rows.flatMap((r) => r.idNumber ?? []),
  });
  const refusals = {
    phone: [phoneRegistered(), agentDuplicate('phone')],
    email: [emailRegistered(), agentDuplicate('email')],
    idNumber: [idNumberExists(), agentDuplicate('id_number')],
  } as const;
  rows.forEach((row, i) => {
    const index = rowIndex[i] as number;
    for (const key of ['phone', 'email', 'idNumber'] as const) {
      const value = row[key];
      if (!value) continue;
      const [registered, duplicate] = refusals[key];
      const first = seen[key].get(value);
      const refusal = taken[key].has(value) ? registered : first !== undefined ? duplicate : null;
      if (refusal) problems.push({ index, code: refusal.code, message: refusal.message });
      if (first === undefined) seen[key].set(value, index);
    }
  });
  if (problems.length > 0) return { problems: problems.sort((a, b) => a.index - b.index) };
  const perPrice = new Map<string, number>();
  for (const row of rows) perPrice.set(row.priceId, (perPrice.get(row.priceId) ?? 0) + 1);
  const plan: RegistrationPlan = {
    activity,
    rows,
    perPrice,
    prices,
    source,
    agent: null,
    inviteeUserId: null,
    isAdmin: true,
  };
  return { problems: [], write: () => writePlan(deps, plan) };
}

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------
