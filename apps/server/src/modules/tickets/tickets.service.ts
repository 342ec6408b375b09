import { randomBytes } from 'node:crypto';
import type {
  CheckInResult,
  CreateTicketsBody,
  FormAnswers,
  FormAnswersResponse,
  LocalizedText,
  StaffStatus,
  Ticket,
  TicketListQuerystring,
  TicketMemberInput,
  UpdateTicketBody,
} from '@app/contracts';
import { ErrorCode, toWireId } from '@app/contracts';
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
import { base32crockford } from '@scure/base';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { getAgentAnswers, putAgentAnswers } from '../agents/agents.service.ts';
import { linkedActivityRefusal } from '../forms/forms.service.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  agentDuplicate,
  agentLimitExceeded,
  agentNotEnabled,
  agentPriceLimit,
  answersRefused,
  checkinNotApproved,
  deadlinePassed,
  emailRegistered,
  idNumberExists,
  insufficientQuantity,
  paymentUnavailable,
  phoneRegistered,
  priceDeleted,
  priceInvalid,
  priceUpdated,
  registrationFull,
  registrationRefused,
  resubmitNotAllowed,
  signUpOnce,
  sourceInvalid,
  ticketNotReviewable,
  ticketSoldOut,
} from './tickets.errors.ts';
import {
  type ActivityRow,
  type AgentRow,
  changeStatus,
  checkInTicket,
  countAgentTicketsByPrice,
  countTicketRows,
  findActivities,
  findActivity,
  findAgent,
  findForm,
  findFormIdsOfActivities,
  findFormOfActivity,
  findOwnTicket,
  findPrices,
  findPricesOfActivity,
  findScan,
  findSourcesOfActivity,
  findStaffRoles,
  findTicket,
  findTicketByCode,
  findTickets,
  insertScan,
  insertTickets,
  lockAgent,
  moveCounters,
  type NewTicketRow,
  type PriceRow,
  registerOne,
  type ScanRow,
  type SourceRow,
  type StaffRole,
  type TicketChanges,
  type TicketFilter,
  type TicketRow,
  takeActivityPlaces,
  takeAgentPlaces,
  takePriceStock,
  takeSourcePlaces,
  uniqueConstraintOf,
  updateTicketRow,
} from './tickets.repository.ts';
import { type TicketView, toWireTicket } from './tickets.serializer.ts';

/**
 * Tickets (§4 Ticket and Activity registration, §5 forms, §7 Tickets, issue 4 parts 2–5 and 7):
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

/**
 * Dependencies of the service. `capacityGuard` is a TEST-ONLY switch for the control run of the
 * concurrency test (never read from config or env): 'database' (default) is the guarded path above;
 * 'none' is the naive path that reads the counters before the transaction, refuses when they are
 * already full, then increments them unconditionally — so concurrent requests oversell once the
 * CHECK constraints are dropped. It exists only to show that the test detects an oversell.
 */
export type TicketDeps = {
  db: Database;
  capacityGuard?: 'database' | 'none';
  /**
   * Milliseconds a registration may reuse the activity's read-only context (config
   * REGISTRATION_CONTEXT_TTL_MS); 0 or absent reads it every time.
   */
  contextTtlMs?: number;
};

/** What a registration reads before writing: the activity, its types, channels and member form. */
type RegistrationContext = {
  activity: Awaited<ReturnType<typeof findActivity>>;
  prices: Awaited<ReturnType<typeof findPricesOfActivity>>;
  sources: Awaited<ReturnType<typeof findSourcesOfActivity>>;
  form: FormContext;
};

/** One short-lived context cache per database (tests run many apps in one process). */
const contextCaches = new WeakMap<Database, LRUCache<string, Promise<RegistrationContext>>>();

async function readRegistrationContext(
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
function registrationContext(deps: TicketDeps, activityId: string, now: Date): Promise<RegistrationContext> {
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

const defaultLimit = 20;
const maxLimit = 200;

/** A new ticket code: 128 random bits as 26 Crockford base32 characters (§3, never derived from the id). */
export function newTicketCode(): string {
  return base32crockford.encode(randomBytes(16));
}

/**
 * A typed or scanned code in its stored form: upper-case, spaces and dashes removed, Crockford's
 * aliases folded (O → 0, I and L → 1).
 */
export function normaliseTicketCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
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
async function mappingUnique<T>(work: () => Promise<T>): Promise<T> {
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
type FormContext = { formId: string | null; questions: RuleQuestion[] };

/** Whether a linked activity can no longer be chosen (§5, the rule GET /forms/{id}/questions shows). */
function isLinkedActivityDisabled(row: ActivityRow | undefined, now: Date): boolean {
  return !row || linkedActivityRefusal({ ...row, formId: null }, toUnixSeconds(now)) !== null;
}

async function loadFormContext(db: Database, activityId: string, now: Date): Promise<FormContext> {
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
function checkAnswers(
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
 * live type. @throws 400 price.invalid / price.deleted / payment.unavailable; 409 4340.
 */
function resolvePrice(
  prices: PriceRow[],
  form: FormContext,
  input: { priceId?: string | undefined; version?: number | undefined; data: RuleAnswers },
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
  if (price.amount > 0) throw paymentUnavailable();
  return price;
}

/** The source a registration counts against: the named live one, else the activity's default. */
function resolveSource(sources: SourceRow[], sourceId: string | undefined): SourceRow | null {
  if (sourceId) {
    const source = sources.find((s) => s.id === sourceId && s.deleted === 0);
    if (!source) throw sourceInvalid();
    return source;
  }
  return sources.find((s) => s.isDefault === 1 && s.deleted === 0) ?? null;
}

/** Ticket columns filled from the answers. */
function fieldColumns(fields: RegistrantFields) {
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
  if (!isGroup && total === 1) {
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

/** The caller's registration input. */
export type CreateTicketsInput = {
  userId: string;
  /** The meeting of the caller's session: the activity must belong to it. */
  meetingId: string | null;
  body: CreateTicketsBody;
};

/**
 * POST /tickets (§7 Tickets, §4, §5, §8; issue 4 parts 2–5, 7): registers the caller (one ticket) or,
 * with `agent_id` + `members`, a batch of group members — all or none. Validates everything before
 * writing, then writes in one transaction (see writePlan). New tickets are status 0 when the
 * activity reviews registrations, else 1; amounts in cents.
 * @returns the new tickets (holder's view: code included).
 * @throws 404 not_found (activity not in the session's meeting, deleted; group not the caller's);
 *   409 registration.not_started / registration.closed / registration.failed / signup.failed.max /
 *   source.invalid / ticket.sign_up_once / ticket.sold_out / phone.registered / email.registered /
 *   id_number.exists / 4340 / 4029 / agent.limit_exceeded / agent.price_limit / agent.duplicate_* /
 *   agent.not_enabled; 400 price.invalid / price.deleted / payment.unavailable / form.required /
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
    const plan = { activity, rows: [row], perPrice: new Map([[price.id, 1]]), prices, source, agent: null };
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
  const inserted = await writePlan(deps, { activity, rows, perPrice, prices, source, agent });
  const titles = new Map(prices.map((p) => [p.id, p.title]));
  return inserted
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((t) => toWireTicket(t, { view: 'owner', priceTitle: titles.get(t.priceId) ?? '' }));
}

/** 409 agent.duplicate_* when two members of a batch share a phone, e-mail or ID number. */
function refuseDuplicates(
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
// Access
// ---------------------------------------------------------------------------------------------

/** Whether the caller holds the ticket or leads its group. */
async function isOwnerOf(db: Database, ticket: TicketRow, userId: string): Promise<boolean> {
  if (ticket.userId === userId) return true;
  if (!ticket.agentId) return false;
  const agent = await findAgent(db, ticket.agentId);
  return agent !== undefined && agent.deleted === 0 && agent.userId === userId;
}

/** A live ticket the caller holds or leads. @throws 404 not_found otherwise. */
async function ownedTicket(db: Database, ticketId: string, userId: string): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.deleted === 1 || !(await isOwnerOf(db, ticket, userId))) throw notFound('ticket');
  return ticket;
}

/**
 * GET /tickets/staff (§6, issue 4 part 6): the caller's staff roles in a meeting — their account's
 * phone on meeting_staff — so the app offers check-in to staff only. An empty list for anyone else.
 */
export async function getStaffStatus(
  { db }: { db: Database },
  input: { userId: string; meetingId: string },
): Promise<StaffStatus> {
  const roles = await staffRolesOf(db, input.userId, input.meetingId);
  return { is_staff: roles.length > 0 ? 1 : 0, roles: [...new Set(roles)] };
}

/** The roles a user's phone holds on a meeting's staff list (§6); none without a phone. */
async function staffRolesOf(db: Database, userId: string, meetingId: string): Promise<StaffRole[]> {
  const user = await findUserById(db, userId);
  return user?.phone ? findStaffRoles(db, meetingId, user.phone) : [];
}

/**
 * The caller's staff roles in a meeting (§6: their account's phone on meeting_staff).
 * @throws 403 no_permission when they hold none of `roles`.
 */
async function requireStaff(
  db: Database,
  userId: string,
  meetingId: string | null,
  roles: StaffRole[],
): Promise<void> {
  if (!meetingId) throw noPermission();
  const held = await staffRolesOf(db, userId, meetingId);
  if (!held.some((role) => roles.includes(role))) throw noPermission();
}

/** Wire tickets with their type titles (and activities when asked). */
async function toWireTickets(
  db: Database,
  rows: TicketRow[],
  view: TicketView,
  withActivity: boolean,
): Promise<Ticket[]> {
  const prices = await findPrices(db, [...new Set(rows.map((r) => r.priceId))]);
  const titles = new Map<string, LocalizedText>(prices.map((p) => [p.id, p.title]));
  const activityIds = [...new Set(rows.map((r) => r.activityId))];
  const activities = withActivity
    ? new Map((await findActivities(db, activityIds)).map((a) => [a.id, a]))
    : null;
  const formIds = withActivity ? await findFormIdsOfActivities(db, activityIds) : null;
  return rows.map((row) => {
    const activity = activities?.get(row.activityId);
    return toWireTicket(row, {
      view,
      priceTitle: titles.get(row.priceId) ?? '',
      ...(activity ? { activity: { row: activity, formId: formIds?.get(row.activityId) ?? null } } : {}),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** Caller of GET /tickets and /tickets/count. */
export type TicketListInput = TicketListQuerystring & { userId: string };

function pageOf(input: TicketListQuerystring): { limit: number; skip: number } {
  const limit = input.limit === undefined ? defaultLimit : Number(input.limit);
  const skip = input.skip === undefined ? 0 : Number(input.skip);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(skip) || skip < 0) {
    throw new AppError(400, ErrorCode.invalidQuery, 'limit and skip must be whole numbers');
  }
  if (limit > maxLimit) throw new AppError(400, ErrorCode.limitTooLarge, `limit must be at most ${maxLimit}`);
  return { limit, skip };
}

/** The filter and view a list query stands for, after its access checks. */
async function listScope(
  db: Database,
  input: TicketListInput,
): Promise<{ filter: TicketFilter; view: TicketView; code?: string }> {
  const meetingId = input.meeting_id;
  const statuses = input.status === undefined ? undefined : [Number(input.status)];
  if (input.code !== undefined) {
    await requireStaff(db, input.userId, meetingId, ['checkin', 'organiser']);
    return { filter: { meetingId }, view: 'staff', code: normaliseTicketCode(input.code) };
  }
  if (input.participants === '1') {
    if (!input.activity_id) throw noPermission();
    const own = await findOwnTicket(db, input.activity_id, input.userId);
    if (!own || own.meetingId !== meetingId || (own.status !== 1 && own.status !== 3)) throw noPermission();
    return { filter: { meetingId, activityId: input.activity_id, statuses: [1, 3] }, view: 'participant' };
  }
  if (input.checked_in !== undefined) {
    await requireStaff(db, input.userId, meetingId, ['checkin', 'organiser']);
    return {
      filter: {
        meetingId,
        ...(input.activity_id ? { activityId: input.activity_id } : {}),
        statuses: input.checked_in === '1' ? [3] : [1],
      },
      view: 'staff',
    };
  }
  const base = {
    meetingId,
    ...(input.activity_id ? { activityId: input.activity_id } : {}),
    ...(statuses ? { statuses } : {}),
  };
  if (input.agent_id) {
    const agent = await findAgent(db, input.agent_id);
    if (!agent || agent.deleted === 1 || agent.userId !== input.userId) throw notFound('group');
    return { filter: { ...base, agentId: agent.id }, view: 'owner' };
  }
  return { filter: { ...base, userId: input.userId }, view: 'owner' };
}

/**
 * GET /tickets (§7 Tickets): newest first, `limit` 1..200 (default 20), `skip`.
 * - default: the caller's own tickets in `meeting_id` (filters activity_id, status); with
 *   `agent_id` the members of a group the caller leads (404 not_found otherwise);
 * - `participants=1&activity_id=`: approved (1, 3) tickets of the activity, names masked, contacts
 *   null, form {}, code '' — only for a caller holding an approved ticket of it (403 no_permission);
 * - `code=`: staff (checkin or organiser on meeting_staff) look up a ticket of the meeting by code
 *   (normalised: upper-case, no spaces/dashes, O→0, I/L→1); 404 not_found when none; 403 otherwise;
 * - `checked_in=0|1`: staff list approved tickets not yet / already checked in.
 * `with_activity=1` embeds each ticket's activity.
 */
export async function listTickets(deps: { db: Database }, input: TicketListInput): Promise<Ticket[]> {
  const { db } = deps;
  const scope = await listScope(db, input);
  const page = pageOf(input);
  const withActivity = input.with_activity === '1';
  if (scope.code !== undefined) {
    const ticket = await findTicketByCode(db, input.meeting_id, scope.code);
    if (!ticket) throw notFound('ticket');
    return toWireTickets(db, [ticket], 'staff', withActivity);
  }
  const rows = await findTickets(db, scope.filter, page);
  return toWireTickets(db, rows, scope.view, withActivity);
}

/** GET /tickets/count (§7 Tickets): how many GET /tickets would list (same filters and refusals). */
export async function countTickets(
  deps: { db: Database },
  input: TicketListInput,
): Promise<{ total: number }> {
  const { db } = deps;
  const scope = await listScope(db, input);
  if (scope.code !== undefined) {
    return { total: (await findTicketByCode(db, input.meeting_id, scope.code)) ? 1 : 0 };
  }
  return { total: await countTicketRows(db, scope.filter) };
}

// ---------------------------------------------------------------------------------------------
// Edits and resubmission
// ---------------------------------------------------------------------------------------------

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
    const row = await mappingUnique(() => updateTicketRow(tx, ticket.id, changes));
    if (!row) throw notFound('ticket');
    return row;
  });
}

/**
 * PUT /tickets/{id} (§7 Tickets, §4): the holder (or their group leader) edits name, job, company,
 * or resubmits `data` — allowed before the deadline with enable_resubmit_answer, or any time with
 * enable_deadline_answer, never after check-in. Answers are checked like a registration.
 * @throws 404 not_found (not the caller's); 409 registration.resubmit_not_allowed /
 *   registration.deadline_passed / phone.registered / email.registered / id_number.exists /
 *   ticket.sold_out / signup.failed.max (a rejected ticket re-taking its place); 400 form.required etc.
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

// ---------------------------------------------------------------------------------------------
// Check-in and review
// ---------------------------------------------------------------------------------------------

/** A live ticket of the meeting by id. @throws 404 not_found. */
async function ticketOfMeeting(db: Database, ticketId: string, meetingId: string | null): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.deleted === 1 || ticket.meetingId !== meetingId) throw notFound('ticket');
  return ticket;
}

/**
 * PUT /tickets/{id}/approve (§4 "check-in by an approve call"): staff of the session's meeting
 * (checkin or organiser) check a ticket in with its code. One transaction: a known `scan_key`
 * answers its stored result again (a retried request checks in once); else 1 → 3 with
 * checked_in_at = now in one conditional update; an already checked-in ticket answers is_first 0
 * with its first time. @throws 403 no_permission; 404 not_found (id, meeting or code);
 * 409 checkin.not_approved (status 0 or 2).
 */
export async function checkIn(
  deps: { db: Database },
  input: { userId: string; meetingId: string | null; ticketId: string; code: string; scanKey: string },
): Promise<CheckInResult> {
  const { db } = deps;
  await requireStaff(db, input.userId, input.meetingId, ['checkin', 'organiser']);
  const ticket = await ticketOfMeeting(db, input.ticketId, input.meetingId);
  if (ticket.code !== normaliseTicketCode(input.code)) throw notFound('ticket');
  const answer = async (row: TicketRow, isFirst: 0 | 1): Promise<CheckInResult> => {
    const [wire] = await toWireTickets(db, [row], 'staff', false);
    return { ticket: wire as Ticket, is_first: isFirst, checked_in_at: wire?.checked_in_at ?? 0 };
  };
  type Outcome = { row: TicketRow; isFirst: 0 | 1 } | { stored: ScanRow | undefined };
  const result = await inTransaction(db, async (tx): Promise<Outcome> => {
    const stored = await findScan(tx, input.scanKey);
    if (stored) return { stored };
    let row: TicketRow | undefined = await checkInTicket(tx, ticket.id, input.userId);
    let isFirst: 0 | 1 = 1;
    if (!row) {
      const current = await findTicket(tx, ticket.id);
      if (!current || current.deleted === 1) throw notFound('ticket');
      if (current.status !== 3) throw checkinNotApproved();
      row = current;
      isFirst = 0;
    }
    const checkedIn: TicketRow = row;
    const isRecorded = await insertScan(tx, {
      scanKey: input.scanKey,
      ticketId: ticket.id,
      staffUserId: input.userId,
      isFirst,
    });
    // A concurrent retry with the same key recorded first: answer what it recorded.
    return isRecorded ? { row: checkedIn, isFirst } : { stored: await findScan(tx, input.scanKey) };
  });
  if ('row' in result) return answer(result.row, result.isFirst);
  if (!result.stored || result.stored.ticketId !== ticket.id) throw notFound('ticket');
  const current = (await findTicket(db, ticket.id)) as TicketRow;
  return answer(current, result.stored.isFirst === 1 ? 1 : 0);
}

/**
 * PUT /tickets/{id}/attends (§7 Tickets, §4): an organiser of the session's meeting approves (1) or
 * rejects (2) a registration under review (0). A rejection frees its places in the same
 * transaction: the type's sold_total, the activity's ticket_total, the source's signup_total and
 * the group's members_total each go down by one.
 * @throws 403 no_permission (not an organiser); 404 not_found; 409 ticket.not_reviewable.
 */
export async function reviewTicket(
  deps: { db: Database },
  input: { userId: string; meetingId: string | null; ticketId: string; status: 1 | 2 },
): Promise<Ticket> {
  const { db } = deps;
  await requireStaff(db, input.userId, input.meetingId, ['organiser']);
  const ticket = await ticketOfMeeting(db, input.ticketId, input.meetingId);
  const row = await inTransaction(db, async (tx) => {
    if (ticket.agentId) await lockAgent(tx, ticket.agentId);
    const changed = await changeStatus(tx, ticket.id, 0, input.status);
    if (!changed) throw ticketNotReviewable();
    if (input.status === 2) {
      await moveCounters(tx, { priceId: changed.priceId, n: -1 });
      await moveCounters(tx, {
        activityId: changed.activityId,
        sourceId: changed.sourceId,
        agentId: changed.agentId,
        n: -1,
      });
    }
    return changed;
  });
  const [wire] = await toWireTickets(db, [row], 'owner', false);
  return wire as Ticket;
}
