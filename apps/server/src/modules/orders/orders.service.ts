import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  CheckoutBody,
  Coupon,
  LocalizedText,
  Order,
  OrderLine,
  OrderStatus,
  QuoteAnswer,
} from '@app/contracts';
import { ErrorCode, toWireId } from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import { type DiscountSpec, type PricedDiscount, type PricedOrder, priceOrder } from '@app/domain/commerce';
import type { RuleAnswers } from '@app/domain/forms';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { PaymentProviderFactory } from '../../providers/payment/payment.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import {
  agentLimitExceeded,
  agentNotEnabled,
  agentPriceLimit,
  emailRegistered,
  idNumberExists,
  insufficientQuantity,
  invitationRequired,
  phoneRegistered,
  registrationFull,
  registrationRefused,
  signUpOnce,
  sourceInvalid,
  ticketSoldOut,
} from '../tickets/tickets.errors.ts';
import {
  checkAnswers,
  fieldColumns,
  privateAccess,
  type RegistrationContext,
  refuseDuplicates,
  registrationContext,
  resolvePrice,
  resolveSource,
} from '../tickets/tickets.registration.ts';
import {
  type ActivityRow,
  type AgentRow,
  countAgentTicketsByPrice,
  findAgent,
  findOwnTicket,
  findTakenContacts,
  isUserInvited,
  lockAgent,
  type PriceRow,
  type SourceRow,
} from '../tickets/tickets.repository.ts';
import {
  couponExpired,
  couponInvalid,
  couponLimit,
  couponNotApplicable,
  orderNotFound,
  orderNotPending,
} from './orders.errors.ts';
import {
  type CouponRow,
  countAgentPendingLinesByPrice,
  countUserCouponUses,
  type DiscountRow,
  findCouponsByCodes,
  findHeldActivities,
  findLines,
  findLiveDiscounts,
  findOrder,
  findOrdersOfUser,
  findPayments,
  findPriceVersions,
  findPublicCoupons,
  findRefunds,
  findSettings,
  findTitles,
  insertLines,
  insertOrders,
  insertRedemptions,
  type LineRow,
  lockCoupon,
  lockOrder,
  type NewLineRow,
  type NewOrderRow,
  type OrderRow,
  type PaymentRow,
  type RefundRow,
  releaseCouponUses,
  takeCouponUses,
  updateOrder,
} from './orders.repository.ts';
import { needsOf, releaseStock, type StockNeeds, takeStock, writeTickets } from './orders.stock.ts';
import type { RegistrantRow } from './orders.tables.ts';

/**
 * Orders (§3 Order, Discount, Registrant; §4 Order, Group payment; §7 POST /checkout/activities,
 * GET /meeting/coupons; §8 4029, 4340; §9 cents and discount types). A checkout validates like a
 * registration (tickets.registration.ts helpers), prices the lines (@app/domain/commerce priceOrder),
 * then in ONE transaction takes the places with the registration's conditional counters, takes the
 * coupon uses (total limit by a conditional UPDATE, per-user limit counted under the coupon's row
 * lock), stores the order and its lines and enqueues its expiry job. No ticket exists before the
 * payment is confirmed (orders.payments.ts), except for a free order, whose tickets are written in
 * the checkout transaction. Expiry and cancellation give back exactly what was taken, under the
 * order's row lock, only while it is still pending.
 */

/** What the orders module needs: database, configuration, job queue and the meeting's provider. */
export type OrderDeps = {
  db: Database;
  config: Config;
  jobs: JobQueue;
  /** The payment provider of a meeting (payment-provider-of-meeting.ts); default: the sandbox lookup. */
  providerOf?: PaymentProviderFactory;
};

/** The expiry job of a pending order: runs at its expires_at (singleton per order). */
export const expireOrderJob: JobType<{ orderId: string }> = {
  name: 'orders-expire',
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

const defaultWindowSeconds = 900;

// ---------------------------------------------------------------------------------------------
// Pay token (the cross-device QR, §4 Group payment 'confirm or cancel after scanning')
// ---------------------------------------------------------------------------------------------

/** The pay token of an order: HMAC of its id under AUTH_SECRET (128+ bits, base64url). */
export function payTokenOf(authSecret: string, orderId: string): string {
  return createHmac('sha256', authSecret)
    .update(`order-pay-token:${orderId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** sha256 hex of a pay token (stored as orders.pay_token_hash). */
export function payTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the order's pay token (constant time). */
function isPayToken(order: OrderRow, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(payTokenHash(token), 'hex');
  const stored = Buffer.from(order.payTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * An order the caller may act on: their own, or any order whose pay token they hold.
 * @throws 404 order.not_found
 */
export async function orderForCaller(
  db: Database,
  input: { orderId: string; userId: string; token?: string | undefined },
): Promise<{ order: OrderRow; isBuyer: boolean }> {
  const order = await findOrder(db, input.orderId);
  if (!order) throw orderNotFound();
  if (order.userId === input.userId) return { order, isBuyer: true };
  if (isPayToken(order, input.token)) return { order, isBuyer: false };
  throw orderNotFound();
}

/** A new order number: 'YYYYMMDD' (Asia/Shanghai date) + 8 random digits. */
function newOrderNumber(now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Wire form
// ---------------------------------------------------------------------------------------------

const unix = (value: Date | null | undefined) => (value ? toUnixSeconds(value) : null);

/**
 * Orders in wire form (contract Order) with their lines, payments and refunds, read in four queries.
 * `payTokenFor` answers the pay token of orders whose buyer is asking.
 */
export async function toWireOrders(
  db: Database,
  rows: OrderRow[],
  options: { authSecret: string; withPayToken: boolean },
): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [lines, payments, refunds] = await Promise.all([
    findLines(db, ids),
    findPayments(db, ids),
    findRefunds(db, ids),
  ]);
  const titles = await findTitles(
    db,
    [...new Set(lines.map((l) => l.activityId))],
    [...new Set(lines.map((l) => l.priceId))],
  );
  const by = <T extends { orderId: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) map.set(item.orderId, [...(map.get(item.orderId) ?? []), item]);
    return map;
  };
  const linesOf = by(lines);
  const paymentsOf = by(payments);
  const refundsOf = by(refunds);
  return rows.map((order) =>
    wireOrder(
      order,
      linesOf.get(order.id) ?? [],
      paymentsOf.get(order.id) ?? [],
      refundsOf.get(order.id) ?? [],
      {
        titles,
        payToken: options.withPayToken ? payTokenOf(options.authSecret, order.id) : undefined,
      },
    ),
  );
}

function wireOrder(
  order: OrderRow,
  lines: LineRow[],
  payments: PaymentRow[],
  refunds: RefundRow[],
  extra: {
    titles: { activities: Map<string, unknown>; prices: Map<string, unknown> };
    payToken: string | undefined;
  },
): Order {
  return {
    _id: toWireId(order.id),
    number: order.number,
    meeting_id: toWireId(order.meetingId),
    user_id: toWireId(order.userId),
    agent_id: order.agentId ? toWireId(order.agentId) : null,
    group_checkout_id: order.groupCheckoutId ? toWireId(order.groupCheckoutId) : null,
    status: order.status,
    refund_flag: order.refundFlag === 1 ? 1 : 0,
    refund_amount: order.refundAmount,
    paid_amount: order.paidAmount,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    pay_channel: order.payChannel,
    pay_time: unix(order.paidAt),
    create_time: toUnixSeconds(order.createdAt),
    expires_at: unix(order.expiresAt),
    provider: order.provider,
    lines: lines.map(
      (line): OrderLine => ({
        _id: toWireId(line.id),
        activity_id: toWireId(line.activityId),
        activity_title: (extra.titles.activities.get(line.activityId) ?? '') as LocalizedText,
        price_id: toWireId(line.priceId),
        price_title: (extra.titles.prices.get(line.priceId) ?? '') as LocalizedText,
        name: line.registrant.name,
        unit_amount: line.unitAmount,
        discount: line.discount,
        amount: line.amount,
        coupon_code: line.couponCode,
        ticket_id: line.ticketId ? toWireId(line.ticketId) : null,
        refunded_amount: line.refundedAmount,
        cancelled: line.cancelled === 1 ? 1 : 0,
      }),
    ),
    payments: payments.map((p) => ({
      _id: p.id,
      provider: p.provider,
      channel: p.channel,
      amount: p.amount,
      status: p.status,
      pay_time: unix(p.paidAt),
    })),
    refunds: refunds.map((r) => ({
      _id: toWireId(r.id),
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      create_time: toUnixSeconds(r.createdAt),
    })),
    ...(extra.payToken ? { pay_token: extra.payToken } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Checkout planning (shared by the quote and the checkout)
// ---------------------------------------------------------------------------------------------

/** One priced, checked line of a checkout. */
type PlannedLine = {
  index: number;
  activity: ActivityRow;
  price: PriceRow;
  source: SourceRow | null;
  couponCode: string;
  coupon: CouponRow | null;
  registrant: RegistrantRow;
  answers: Record<string, unknown>;
};

type Plan = {
  meetingId: string;
  lines: PlannedLine[];
  priced: PricedOrder;
  agent: AgentRow | null;
  inviteeUserIds: Map<string, string>;
  problems: QuoteAnswer['problems'];
};

/** The caller of a checkout: the buyer and the meeting of their session. */
export type CheckoutInput = { userId: string; meetingId: string | null; body: CheckoutBody };

const emptyRegistrant: RegistrantRow = {
  name: '',
  phone: null,
  area_code: null,
  email: null,
  id_number: null,
  job: '',
  company: '',
};

/** A coupon's rule as priceOrder reads it. */
function specOf(
  row: Pick<
    DiscountRow,
    'type' | 'discountRate' | 'discountAmount' | 'promotionThreshold' | 'promotionAmount'
  >,
): DiscountSpec {
  switch (row.type) {
    case 1:
      return { type: 1, discount_rate: row.discountRate };
    case 2:
      return { type: 2, discount_amount: row.discountAmount, promotion_threshold: row.promotionThreshold };
    default:
      return { type: 3, promotion_threshold: row.promotionThreshold, promotion_amount: row.promotionAmount };
  }
}

/** Whether a coupon or discount is valid at `now` (enabled, started, not ended). */
function isLive(
  row: { enabled: number; deleted: number; startsAt: Date; endsAt: Date | null },
  now: Date,
): boolean {
  return (
    row.enabled === 1 && row.deleted === 0 && row.startsAt <= now && (row.endsAt === null || row.endsAt > now)
  );
}

/** Why a coupon cannot be used on a line (not counting its limits), or null. */
function couponProblem(
  coupon: CouponRow | undefined,
  line: { activityId: string; priceId: string },
  now: Date,
): AppError | null {
  if (!coupon) return couponInvalid();
  if (!isLive(coupon, now)) return couponExpired();
  if (coupon.activityId !== null && coupon.activityId !== line.activityId) return couponNotApplicable();
  if (coupon.priceIds.length > 0 && !coupon.priceIds.includes(line.priceId)) return couponNotApplicable();
  return null;
}

/** The automatic discounts as priceOrder reads them: an activity's discount covers that activity's types only. */
function automaticOf(rows: DiscountRow[], lines: PlannedLine[]): PricedDiscount[] {
  return rows.flatMap((row) => {
    if (row.activityId === null) return [{ id: row.id, spec: specOf(row), price_ids: row.priceIds }];
    const ofActivity = lines.filter((l) => l.activity.id === row.activityId).map((l) => l.price.id);
    const priceIds =
      row.priceIds.length > 0 ? row.priceIds.filter((id) => ofActivity.includes(id)) : ofActivity;
    return priceIds.length > 0 ? [{ id: row.id, spec: specOf(row), price_ids: [...new Set(priceIds)] }] : [];
  });
}

/**
 * Reads and checks a checkout (everything but the guarded writes) and prices it. With `quote` the
 * registrant answers are not checked and refusals of a line become `problems` instead of errors.
 */
async function planCheckout(
  deps: OrderDeps,
  input: CheckoutInput,
  options: { quote: boolean },
): Promise<Plan> {
  const { db } = deps;
  const { body } = input;
  const now = new Date();
  const problems: QuoteAnswer['problems'] = [];
  const isGroup = body.agent_id !== undefined;
  const activityIdOf = (line: CheckoutBody['lines'][number]) => line.activity_id ?? body.activity_id;
  const activityIds = [...new Set([body.activity_id, ...body.lines.map(activityIdOf)])].sort();
  if (isGroup && activityIds.length > 1)
    throw badRequest(ErrorCode.validation, 'A group checks out one activity');
  const contexts = new Map<string, RegistrationContext>();
  // The registration's short-lived context cache (REGISTRATION_CONTEXT_TTL_MS): its counters only
  // give early answers; the guarded writes decide.
  const contextDeps = { db, contextTtlMs: deps.config.REGISTRATION_CONTEXT_TTL_MS };
  await Promise.all(
    activityIds.map(async (id) => contexts.set(id, await registrationContext(contextDeps, id, now))),
  );
  const inviteeUserIds = new Map<string, string>();
  const sources = new Map<string, SourceRow | null>();
  for (const id of activityIds) {
    const { activity, sources: sourceRows } = contexts.get(id) as RegistrationContext;
    if (!activity || activity.deleted === 1 || activity.meetingId !== input.meetingId)
      throw notFound('activity');
    const invitee = await privateAccess(
      { db, authSecret: deps.config.AUTH_SECRET },
      activity,
      input.userId,
      id === body.activity_id ? body.invite : undefined,
    );
    if (invitee) inviteeUserIds.set(id, invitee);
    const source = resolveSource(
      sourceRows,
      id === body.activity_id && body.source_id !== '' ? body.source_id : undefined,
    );
    sources.set(id, source);
    const state = registrationState({
      activity: registrationActivityOf(activity),
      source: source ? { max: source.max, signup_total: source.signupTotal } : null,
      now: toUnixSeconds(now),
    });
    if (state.refusal) throw registrationRefused(state.refusal);
  }
  const meetingId = input.meetingId as string;

  let agent: AgentRow | null = null;
  if (isGroup) {
    const found = await findAgent(db, body.agent_id as string);
    const activity = contexts.get(body.activity_id)?.activity as ActivityRow;
    if (!found || found.deleted === 1 || found.userId !== input.userId || found.activityId !== activity.id) {
      throw notFound('group');
    }
    if (activity.enableAgent !== 1) throw agentNotEnabled();
    agent = found;
  } else {
    const perActivity = new Set<string>();
    for (const line of body.lines) {
      const id = activityIdOf(line);
      if (perActivity.has(id)) throw badRequest(ErrorCode.validation, 'One ticket per activity for yourself');
      perActivity.add(id);
    }
  }

  // Coupons named by the lines (a line's own code, else the body's).
  const codeOf = (line: CheckoutBody['lines'][number]) =>
    (line.coupon_code ?? body.coupon_code ?? '').trim().toUpperCase();
  const codes = [...new Set(body.lines.map(codeOf).filter((code) => code !== ''))];
  const couponRows = new Map((await findCouponsByCodes(db, meetingId, codes)).map((c) => [c.code, c]));

  const lines: PlannedLine[] = [];
  body.lines.forEach((line, index) => {
    const context = contexts.get(activityIdOf(line)) as RegistrationContext;
    const activity = context.activity as ActivityRow;
    try {
      const data = (line.data ?? {}) as RuleAnswers;
      const price = resolvePrice(
        context.prices,
        context.form,
        { priceId: line.price_id, version: line.price_version, data },
        { allowPaid: true },
      );
      let registrant = emptyRegistrant;
      let answers: Record<string, unknown> = {};
      if (!options.quote) {
        const livePriceIds = context.prices.filter((p) => p.deleted === 0).map((p) => p.id);
        const checked = checkAnswers(context.form, data, price.id, livePriceIds);
        const columns = fieldColumns(checked.fields);
        registrant = {
          name: columns.name,
          phone: columns.phone,
          area_code: columns.areaCode,
          email: columns.email,
          id_number: columns.idNumber,
          job: columns.job,
          company: columns.company,
        };
        answers = checked.answers;
      }
      const code = codeOf(line);
      let coupon: CouponRow | null = null;
      if (code) {
        const row = couponRows.get(code);
        const problem = couponProblem(row, { activityId: activity.id, priceId: price.id }, now);
        if (problem) {
          if (!options.quote) throw problem;
          problems.push({ index, code: problem.code, message: problem.message });
        } else coupon = row as CouponRow;
      }
      if (options.quote && price.total !== null && price.soldTotal >= price.total) {
        problems.push({ index, code: ErrorCode.ticketSoldOut, message: ticketSoldOut().message });
      }
      lines.push({
        index,
        activity,
        price,
        source: sources.get(activity.id) ?? null,
        couponCode: coupon ? code : '',
        coupon,
        registrant,
        answers,
      });
    } catch (error) {
      if (!options.quote || !(error instanceof AppError)) throw error;
      problems.push({ index, code: error.code, message: error.message });
    }
  });

  if (!options.quote) {
    // Early answers; the unique indexes decide again when the tickets are written.
    if (!agent) {
      for (const line of lines) {
        if (await findOwnTicket(db, line.activity.id, input.userId)) throw signUpOnce();
      }
      if ((await findHeldActivities(db, input.userId, activityIds)).length > 0) throw signUpOnce();
    } else {
      refuseDuplicates(
        lines.map((l) => ({
          phone: l.registrant.phone,
          email: l.registrant.email,
          idNumber: l.registrant.id_number,
        })),
      );
    }
    for (const id of activityIds) {
      const ofActivity = lines.filter((l) => l.activity.id === id);
      const taken = await findTakenContacts(db, id, {
        phones: ofActivity.flatMap((l) => l.registrant.phone ?? []),
        emails: ofActivity.flatMap((l) => l.registrant.email ?? []),
        idNumbers: ofActivity.flatMap((l) => l.registrant.id_number ?? []),
      });
      if (taken.phone.size > 0) throw phoneRegistered();
      if (taken.email.size > 0) throw emailRegistered();
      if (taken.idNumber.size > 0) throw idNumberExists();
    }
  }

  // Coupon limits as read now (the checkout decides them again under the coupon's row lock).
  const uses = new Map<string, number>();
  for (const line of lines) if (line.coupon) uses.set(line.coupon.id, (uses.get(line.coupon.id) ?? 0) + 1);
  const mine = await countUserCouponUses(db, [...uses.keys()], input.userId);
  for (const line of lines) {
    const coupon = line.coupon;
    if (!coupon) continue;
    const n = uses.get(coupon.id) ?? 0;
    const overTotal = coupon.totalLimit > 0 && coupon.usedTotal + n > coupon.totalLimit;
    const overMine = coupon.perUserLimit > 0 && (mine.get(coupon.id) ?? 0) + n > coupon.perUserLimit;
    if (overTotal || overMine) {
      if (!options.quote) throw couponLimit();
      problems.push({ index: line.index, code: ErrorCode.couponLimit, message: couponLimit().message });
    }
  }

  const automatic = automaticOf(await findLiveDiscounts(db, meetingId, activityIds, now), lines);
  const priced = priceOrder({
    lines: lines.map((line) => ({
      key: line.index,
      price_id: line.price.id,
      unit_amount: line.price.amount,
      coupon: line.coupon
        ? { id: line.coupon.id, spec: specOf(line.coupon), price_ids: line.coupon.priceIds }
        : null,
    })),
    automatic,
  });
  return { meetingId, lines, priced, agent, inviteeUserIds, problems };
}

/**
 * POST /checkout/activities/quote (§3 Discount, §9): what a checkout would charge now, in cents, and
 * every problem found per line; nothing is written and registrant answers are not checked.
 * @throws 404 not_found (activity, group); 409 registration.* (the activity refuses registrations)
 */
export async function quoteCheckout(deps: OrderDeps, input: CheckoutInput): Promise<QuoteAnswer> {
  const plan = await planCheckout(deps, input, { quote: true });
  const settings = await findSettings(deps.db, plan.meetingId);
  return {
    subtotal: plan.priced.subtotal,
    discount: plan.priced.discount,
    total: plan.priced.total,
    currency: settings?.currency ?? 'CNY',
    lines: plan.priced.lines.map((l) => ({
      key: Number(l.key),
      unit_amount: l.unit_amount,
      discount: l.discount,
      amount: l.amount,
    })),
    problems: plan.problems.sort((a, b) => a.index - b.index),
  };
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

/** Refusal of a counter that did not take, worded like registration's. */
function stockRefusal(refusal: 'price' | 'activity' | 'source' | 'agent', lineCount: number): AppError {
  switch (refusal) {
    case 'price':
      return lineCount > 1 ? insufficientQuantity() : ticketSoldOut();
    case 'activity':
      return registrationFull();
    case 'source':
      return sourceInvalid();
    case 'agent':
      return agentLimitExceeded();
  }
}

/**
 * POST /checkout/activities (§4 Order, Group payment; §7): checks and prices the lines, then in one
 * transaction takes the places (group row lock and max_per_agent, types by id, activities by id,
 * sources — the registration's order), the coupon uses (locked coupon rows by id, per-user count,
 * conditional total), stores the order(s) and lines, and enqueues the expiry at expires_at (the
 * meeting's payment window, default 900 s). A 0-cent order is 'done' at once with its tickets.
 * pay_mode 'each' (groups) makes one order per member sharing a group_checkout_id.
 * @returns the orders, each with its pay token
 * @throws 409 ticket.sold_out / 4029 / 4340 (type changed or expected_total ≠ total) /
 *   signup.failed.max / source.invalid / registration.* / ticket.sign_up_once / phone.registered /
 *   email.registered / id_number.exists / agent.* / coupon.expired / coupon.limit /
 *   coupon.not_applicable; 400 coupon.invalid / form.required / price.*; 403 activity.invitation_*;
 *   404 not_found
 */
export async function checkout(deps: OrderDeps, input: CheckoutInput): Promise<Order[]> {
  const { db, config } = deps;
  const plan = await planCheckout(deps, input, { quote: false });
  const { body } = input;
  if (body.expected_total !== undefined && body.expected_total !== plan.priced.total) {
    throw new AppError(409, ErrorCode.priceUpdated, 'The price has changed, please check the order again');
  }
  // Already sold out when read (the cached context): answered without writing, as registration does.
  for (const line of plan.lines) {
    const { price } = line;
    if (price.total !== null && price.soldTotal >= price.total)
      throw stockRefusal('price', plan.lines.length);
  }
  const settings = await findSettings(db, plan.meetingId);
  const now = new Date();
  const windowSeconds = settings?.paymentWindowSeconds ?? defaultWindowSeconds;
  const provider = settings?.paymentProvider ?? config.PAYMENT_PROVIDER;
  const pricedOf = new Map(plan.priced.lines.map((l) => [Number(l.key), l]));

  // One order, or one per member (pay_mode 'each').
  const groupCheckoutId = plan.agent && body.pay_mode === 'each' ? newId() : null;
  const batches: PlannedLine[][] = groupCheckoutId ? plan.lines.map((l) => [l]) : [plan.lines];
  const orderRows: NewOrderRow[] = [];
  const lineRows: NewLineRow[] = [];
  for (const batch of batches) {
    const id = newId();
    const subtotal = batch.reduce((a, l) => a + (pricedOf.get(l.index)?.unit_amount ?? 0), 0);
    const total = batch.reduce((a, l) => a + (pricedOf.get(l.index)?.amount ?? 0), 0);
    const isFree = total === 0;
    orderRows.push({
      id,
      meetingId: plan.meetingId,
      userId: input.userId,
      agentId: plan.agent?.id ?? null,
      groupCheckoutId,
      number: newOrderNumber(now),
      status: isFree ? 'done' : 'pending',
      currency: settings?.currency ?? 'CNY',
      subtotal,
      discount: subtotal - total,
      total,
      sourceId: plan.lines[0]?.source?.id ?? null,
      paidAt: isFree ? now : null,
      expiresAt: isFree ? null : new Date(now.getTime() + windowSeconds * 1000),
      payTokenHash: payTokenHash(payTokenOf(config.AUTH_SECRET, id)),
      provider,
    });
    batch.forEach((line, position) => {
      const priced = pricedOf.get(line.index);
      lineRows.push({
        id: newId(),
        orderId: id,
        activityId: line.activity.id,
        priceId: line.price.id,
        sourceId: line.source?.id ?? null,
        registrant: line.registrant,
        answers: line.answers,
        unitAmount: priced?.unit_amount ?? line.price.amount,
        discount: priced?.discount ?? 0,
        amount: priced?.amount ?? line.price.amount,
        discountId: priced?.discount_id ?? null,
        couponId: priced?.coupon_id ?? null,
        couponCode: priced?.coupon_id ? line.couponCode : '',
        position,
      });
    });
  }
  const needs: StockNeeds = needsOf(
    lineRows.map((l) => ({ priceId: l.priceId, activityId: l.activityId, sourceId: l.sourceId ?? null })),
    plan.agent?.id ?? null,
  );
  const couponUses = new Map<string, number>();
  for (const line of lineRows)
    if (line.couponId) couponUses.set(line.couponId, (couponUses.get(line.couponId) ?? 0) + 1);

  const stored = await inTransaction(db, async (tx) => {
    for (const [activityId, userId] of plan.inviteeUserIds) {
      if (!(await isUserInvited(tx, activityId, userId, { lock: true }))) throw invitationRequired();
    }
    if (plan.agent) {
      // max_per_agent counts the group's tickets and the members of its pending orders (locked group row).
      await lockAgent(tx, plan.agent.id);
      const [held, pending] = await Promise.all([
        countAgentTicketsByPrice(tx, plan.agent.id),
        countAgentPendingLinesByPrice(tx, plan.agent.id),
      ]);
      for (const [priceId, n] of needs.perPrice) {
        const price = plan.lines.find((l) => l.price.id === priceId)?.price as PriceRow;
        const has = (held.get(priceId) ?? 0) + (pending.get(priceId) ?? 0);
        if (price.maxPerAgent > 0 && has + n > price.maxPerAgent) throw agentPriceLimit();
      }
    }
    const refusal = await takeStock(tx, needs);
    if (refusal) throw stockRefusal(refusal, lineRows.length);
    // The lines were priced from the registration context, which may be up to
    // REGISTRATION_CONTEXT_TTL_MS old: a type edited since (its rows are locked now) is 4340 (§8).
    const current = await findPriceVersions(tx, [...needs.perPrice.keys()]);
    for (const line of plan.lines) {
      const now = current.get(line.price.id);
      if (!now || now.version !== line.price.version || now.amount !== line.price.amount) {
        throw new AppError(
          409,
          ErrorCode.priceUpdated,
          'The ticket information was updated, please select again',
        );
      }
    }
    for (const [couponId, n] of [...couponUses.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const coupon = await lockCoupon(tx, couponId);
      if (!coupon || !isLive(coupon, new Date())) throw couponExpired();
      if (coupon.perUserLimit > 0) {
        const mine = (await countUserCouponUses(tx, [couponId], input.userId)).get(couponId) ?? 0;
        if (mine + n > coupon.perUserLimit) throw couponLimit();
      }
      if (!(await takeCouponUses(tx, couponId, n))) throw couponLimit();
    }
    const orders = await insertOrders(tx, orderRows);
    const lines = await insertLines(tx, lineRows);
    const redemptions = orders.flatMap((order) => {
      const counts = new Map<string, number>();
      for (const line of lines) {
        if (line.orderId === order.id && line.couponId)
          counts.set(line.couponId, (counts.get(line.couponId) ?? 0) + 1);
      }
      return [...counts].map(([couponId, n]) => ({
        id: newId(),
        couponId,
        orderId: order.id,
        userId: input.userId,
        n,
      }));
    });
    await insertRedemptions(tx, redemptions);
    for (const order of orders) {
      if (order.status === 'done') {
        await writeTickets(
          tx,
          order,
          lines.filter((l) => l.orderId === order.id),
        );
      } else {
        await deps.jobs.enqueue(
          tx,
          expireOrderJob,
          { orderId: order.id },
          {
            startAfter: order.expiresAt as Date,
            singletonKey: order.id,
          },
        );
      }
    }
    return { orders, lines };
  });
  // The answer from what was just written (no read back): new orders have no payments or refunds,
  // and a free order's lines hold the tickets written with the lines' ids.
  const titles = {
    activities: new Map<string, unknown>(plan.lines.map((l) => [l.activity.id, l.activity.title])),
    prices: new Map<string, unknown>(plan.lines.map((l) => [l.price.id, l.price.title])),
  };
  return stored.orders.map((order) =>
    wireOrder(
      order,
      stored.lines
        .filter((l) => l.orderId === order.id)
        .map((l) => (order.status === 'done' ? { ...l, ticketId: l.id } : l)),
      [],
      [],
      { titles, payToken: payTokenOf(config.AUTH_SECRET, order.id) },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading, cancelling, expiring
// ---------------------------------------------------------------------------------------------

/** GET /orders (§2 /my/order): the caller's orders in a meeting, newest first (limit 1..100, 20). */
export async function listOrders(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  input: { userId: string; meetingId: string; status?: OrderStatus; limit?: number; skip?: number },
): Promise<Order[]> {
  const rows = await findOrdersOfUser(
    deps.db,
    { userId: input.userId, meetingId: input.meetingId, ...(input.status ? { status: input.status } : {}) },
    { limit: input.limit ?? 20, skip: input.skip ?? 0 },
  );
  return toWireOrders(deps.db, rows, { authSecret: deps.config.AUTH_SECRET, withPayToken: true });
}

/**
 * GET /orders/:id: to the buyer (with its pay token) or to a holder of the pay token.
 * @throws 404 order.not_found
 */
export async function getOrder(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  input: { userId: string; orderId: string; token?: string | undefined },
): Promise<Order> {
  const { order, isBuyer } = await orderForCaller(deps.db, input);
  const [wire] = await toWireOrders(deps.db, [order], {
    authSecret: deps.config.AUTH_SECRET,
    withPayToken: isBuyer,
  });
  return wire as Order;
}

/**
 * Gives back what a pending order holds (places and coupon uses) and sets its final status, under
 * its row lock; nothing when it is no longer pending. Answers the order after, or null when it was
 * not pending.
 */
export async function closePendingOrder(
  tx: Database,
  orderId: string,
  status: 'expired' | 'cancelled',
  options: { onlyIfDue?: Date } = {},
): Promise<OrderRow | null> {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== 'pending') return null;
  if (options.onlyIfDue && order.expiresAt && order.expiresAt > options.onlyIfDue) return null;
  if (order.reserved === 1) await releaseOrderHold(tx, order);
  return (await updateOrder(tx, order.id, { status, reserved: 0 })) ?? null;
}

/** Returns the places and coupon uses of an order's live lines (caller holds the order row lock). */
export async function releaseOrderHold(tx: Database, order: OrderRow): Promise<void> {
  const lines = (await findLines(tx, [order.id])).filter((l) => l.cancelled === 0);
  await releaseStock(tx, needsOf(lines, order.agentId));
  await releaseCouponUses(tx, order.id);
}

/**
 * POST /orders/:id/cancel (§4 Group payment 'cancel after scanning'): the buyer or the pay token's
 * holder cancels a pending order; its places and coupon uses return.
 * @throws 404 order.not_found; 409 order.not_pending
 */
export async function cancelOrder(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  input: { userId: string; orderId: string; token?: string | undefined },
): Promise<Order> {
  const { isBuyer } = await orderForCaller(deps.db, input);
  const closed = await inTransaction(deps.db, (tx) => closePendingOrder(tx, input.orderId, 'cancelled'));
  if (!closed) throw orderNotPending();
  const [wire] = await toWireOrders(deps.db, [closed], {
    authSecret: deps.config.AUTH_SECRET,
    withPayToken: isBuyer,
  });
  return wire as Order;
}

/** The expiry job: closes the order when it is still pending and due (repeatable). */
export async function runExpireOrderJob(
  deps: Pick<OrderDeps, 'db'>,
  data: { orderId: string },
): Promise<void> {
  await inTransaction(deps.db, (tx) =>
    closePendingOrder(tx, data.orderId, 'expired', { onlyIfDue: new Date() }),
  );
}

// ---------------------------------------------------------------------------------------------
// Coupons (GET /meeting/coupons)
// ---------------------------------------------------------------------------------------------

/**
 * GET /meeting/coupons (§7 Meetings, §3 Discount): the meeting's valid public coupons (of an activity
 * when given), or with `code` the live coupon of that code, public or not. `remaining` is null
 * without a total limit; `used_by_me` counts the caller's live uses.
 */
export async function listMeetingCoupons(
  deps: Pick<OrderDeps, 'db'>,
  input: { userId: string; meetingId: string; activityId?: string | undefined; code?: string | undefined },
): Promise<Coupon[]> {
  const now = new Date();
  const code = input.code?.trim().toUpperCase();
  const rows = code
    ? (await findCouponsByCodes(deps.db, input.meetingId, [code])).filter(
        (c) =>
          isLive(c, now) && (!input.activityId || c.activityId === null || c.activityId === input.activityId),
      )
    : await findPublicCoupons(deps.db, input.meetingId, input.activityId, now);
  const mine = await countUserCouponUses(
    deps.db,
    rows.map((r) => r.id),
    input.userId,
  );
  return rows.map((row) => ({
    _id: toWireId(row.id),
    code: row.code,
    title: row.title,
    type: row.type === 1 ? 1 : row.type === 2 ? 2 : 3,
    discount_rate: row.discountRate,
    discount_amount: row.discountAmount,
    promotion_threshold: row.promotionThreshold,
    promotion_amount: row.promotionAmount,
    starts_at: toUnixSeconds(row.startsAt),
    ends_at: unix(row.endsAt),
    remaining: row.totalLimit > 0 ? Math.max(0, row.totalLimit - row.usedTotal) : null,
    per_user_limit: row.perUserLimit,
    used_by_me: mine.get(row.id) ?? 0,
  }));
}
