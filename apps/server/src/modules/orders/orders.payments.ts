import type { PaymentChannelName } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type {
  ClientEnvironment,
  PaymentChannel,
  PaymentEvent,
  PaymentProvider,
  PaymentStart,
} from '../../providers/payment/payment.ts';
import { allocateReceipt, receiptSnapshotOf } from '../invoices/receipts.service.ts';
import type { JobType } from '../jobs/jobs.service.ts';
import { queueMail } from '../messages/messages.service.ts';
import { userIdentities, users } from '../users/users.tables.ts';
import { channelUnavailable, orderExpired, orderNotPending, paymentFailed } from './orders.errors.ts';
import {
  findLines,
  findPayment,
  findRefund,
  findStalePayments,
  insertPayment,
  insertPaymentEvent,
  insertRefund,
  lockOrder,
  type OrderRow,
  type PaymentRow,
  retakeCouponUses,
  setPaymentEventOutcome,
  updateOrder,
  updatePayment,
  updateRefund,
} from './orders.repository.ts';
import { type OrderDeps, orderForCaller, releaseOrderHold } from './orders.service.ts';
import { needsOf, takeStock, writeTickets } from './orders.stock.ts';
import { getMeetingPaymentProvider } from './payment-provider-of-meeting.ts';

/**
 * Paying orders (§4 Order, Group payment; §8 'Payment failed'): starting a payment through the
 * meeting's provider, and the one place a payment is confirmed — handlePaymentEvent, called by the
 * notification route and by reconciliation:
 * 1. the notification goes into the inbox (provider + event id, ON CONFLICT DO NOTHING): a repeat
 *    is answered 'duplicate' and changes nothing;
 * 2. amount and currency are checked against our payment row (and, for real providers, against the
 *    provider's own answer to queryPayment): a mismatch is 'rejected', the order unchanged;
 * 3. the order row is locked; a pending order becomes 'done' and its tickets are written (a free
 *    order's were written at checkout); a late payment (expired or cancelled order) takes its places
 *    again if they are left, else it is refunded automatically ('late_payment') and the payer told;
 *    a second payment of a done order is refunded ('duplicate_payment').
 * Refunds go to the provider from a durable job after the transaction commits (orders-refund).
 */

/** Outcome of one notification. */
export type EventOutcome = 'confirmed' | 'duplicate' | 'ignored' | 'refunded' | 'rejected';

/** Dependencies of payment handling: OrderDeps plus, optionally, the mail provider (late-payment notices). */
export type PaymentDeps = OrderDeps & { mail?: Pick<MailProvider, 'name'> };

/** The provider refund of one refund row, after its transaction committed (retried until it answers). */
export const refundJob: JobType<{ refundId: string }> = {
  name: 'orders-refund',
  retryLimit: 20,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** Periodic reconciliation: payments still 'created' after 2 minutes are asked of their provider. */
export const reconcileJob: JobType<Record<string, never>> = {
  name: 'orders-reconcile',
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * The meeting's payment provider: `deps.providerOf` when given (tests), else its settings' provider
 * with its sealed credentials (payment-provider-of-meeting.ts; 409 payment.not_configured).
 */
export function providerOf(deps: OrderDeps, meetingId: string): Promise<PaymentProvider> {
  return deps.providerOf
    ? deps.providerOf(meetingId)
    : getMeetingPaymentProvider(deps.db, deps.config, meetingId);
}

/** Every channel a provider offers in some environment. */
function allChannels(provider: PaymentProvider): PaymentChannel[] {
  return [...new Set((['wechat', 'mobile', 'browser'] as const).flatMap((env) => provider.channels(env)))];
}

/**
 * GET /orders/:id/channels (§1 environments): the channels of the meeting's provider that fit `env`
 * (all of them without env).
 * @throws 404 order.not_found
 */
export async function listOrderChannels(
  deps: OrderDeps,
  input: { userId: string; orderId: string; token?: string | undefined; env?: ClientEnvironment | undefined },
): Promise<{ channel: PaymentChannelName; provider: PaymentProvider['name'] }[]> {
  const { order } = await orderForCaller(deps.db, input);
  let provider: PaymentProvider;
  try {
    provider = await providerOf(deps, order.meetingId);
  } catch {
    return [];
  }
  const channels = input.env ? provider.channels(input.env) : allChannels(provider);
  return channels.map((channel) => ({ channel, provider: provider.name }));
}

/** The address the payer comes back to: a same-origin return_url, else `#/my/order/<id>`. */
function returnUrlOf(publicUrl: string, orderId: string, requested: string | undefined): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (requested) {
    try {
      const url = new URL(requested, `${base}/`);
      if (url.origin === new URL(base).origin) return url.toString();
    } catch {
      // Not a URL: the default below.
    }
  }
  return `${base}/#/my/order/${orderId}`;
}

/**
 * POST /orders/:id/payments (§4 Order): starts paying a pending order through `channel` of the
 * meeting's provider. A payment row (our out_trade_no) is stored first; the provider's refusal marks
 * it failed and answers 'Payment failed' (§8). Amount = the order's total, in cents.
 * @returns the payment id and how the client starts paying (redirect, QR, JSAPI)
 * @throws 400 payment.channel_unavailable; 404 order.not_found; 409 order.not_pending /
 *   order.expired / payment.failed
 */
export async function createOrderPayment(
  deps: OrderDeps,
  input: {
    userId: string;
    orderId: string;
    token?: string | undefined;
    channel: PaymentChannelName;
    openid?: string | undefined;
    returnUrl?: string | undefined;
    clientIp?: string | undefined;
  },
): Promise<{ payment_id: string; start: PaymentStart }> {
  const { order } = await orderForCaller(deps.db, input);
  if (order.status !== 'pending') throw orderNotPending();
  if (!order.expiresAt || order.expiresAt.getTime() <= Date.now()) throw orderExpired();
  // A provider without working credentials answers 409 payment.not_configured.
  const provider = await providerOf(deps, order.meetingId);
  if (!allChannels(provider).includes(input.channel)) throw channelUnavailable();
  const payment = await insertPayment(deps.db, {
    id: newId(),
    orderId: order.id,
    meetingId: order.meetingId,
    provider: provider.name,
    channel: input.channel,
    amount: order.total,
    currency: order.currency,
  });
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  // JSAPI pays as a WeChat user: the caller's own openid from their WeChat login, unless the page
  // brings one (a mini-program's web view knows the openid of its own app id).
  const openid =
    input.openid ??
    (input.channel === 'wechat_jsapi' ? await wechatOpenidOf(deps.db, input.userId) : undefined);
  try {
    const start = await provider.createPayment({
      paymentId: payment.id,
      orderNumber: order.number,
      amount: payment.amount,
      currency: payment.currency,
      description: `Order ${order.number}`,
      channel: input.channel,
      notifyUrl: `${base}/api/payments/notify/${provider.name}/${order.meetingId}`,
      returnUrl: returnUrlOf(base, order.id, input.returnUrl),
      expiresAt: order.expiresAt,
      ...(input.clientIp ? { clientIp: input.clientIp } : {}),
      ...(openid ? { openid } : {}),
    });
    return { payment_id: payment.id, start };
  } catch (error) {
    await updatePayment(deps.db, payment.id, { status: 'failed' }, ['created']);
    if (error instanceof AppError) throw error;
    throw paymentFailed();
  }
}

/** Records a refund of a payment (pending) and enqueues its provider call in the same transaction. */
export async function queueRefund(
  deps: Pick<OrderDeps, 'jobs'>,
  tx: Database,
  row: {
    orderId: string;
    payment: PaymentRow;
    amount: number;
    reason: string;
    kind: 'organiser' | 'late_payment' | 'duplicate_payment' | 'conflict';
    lineIds?: string[];
    idempotencyKey?: string | null;
    createdBy?: string | null;
  },
): Promise<string> {
  const id = newId();
  await insertRefund(tx, {
    id,
    orderId: row.orderId,
    paymentId: row.payment.id,
    amount: row.amount,
    reason: row.reason,
    kind: row.kind,
    lineIds: row.lineIds ?? [],
    idempotencyKey: row.idempotencyKey ?? null,
    createdBy: row.createdBy ?? null,
  });
  await deps.jobs.enqueue(tx, refundJob, { refundId: id }, { singletonKey: id });
  return id;
}

/** Tells the buyer (by e-mail when known: the account's, else the first registrant's) that a late payment was refunded. */
async function tellLatePayment(deps: PaymentDeps, tx: Database, order: OrderRow): Promise<void> {
  if (!deps.mail) return;
  const [buyer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  // The account's e-mail, else the first registrant's (a buyer who signed in by phone).
  const email =
    buyer?.email ?? (await findLines(tx, [order.id])).find((l) => l.registrant.email)?.registrant.email;
  if (!email) return;
  const amount = (order.total / 100).toFixed(2);
  await queueMail(
    { db: tx, jobs: deps.jobs, mail: deps.mail },
    {
      meetingId: order.meetingId,
      message: {
        to: email,
        subject: `Order ${order.number}: payment refunded / 订单 ${order.number} 已退款`,
        text: `Your payment of ${amount} ${order.currency} for order ${order.number} arrived after the order had expired and the tickets were no longer available, so it is being refunded in full.\n\n订单 ${order.number} 的付款 ${amount} ${order.currency} 在订单过期后到账，票已售完，款项将全额退回。`,
      },
    },
  );
}

/**
 * Confirms a paid order under its row lock: marks it done, adds the payment to paid_amount and
 * writes the tickets. A ticket the unique indexes refuse (the person registered meanwhile) cancels
 * the order, returns its places and refunds the payment ('conflict').
 */
async function confirmLocked(
  deps: PaymentDeps,
  tx: Database,
  order: OrderRow,
  payment: PaymentRow,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const lines = await findLines(tx, [order.id]);
  const paidAt = event.paidAt ?? new Date();
  try {
    await tx.transaction(async (savepoint) => writeTickets(savepoint as unknown as Database, order, lines));
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 409) throw error;
    await releaseOrderHold(tx, order);
    await updateOrder(tx, order.id, {
      status: 'cancelled',
      reserved: 0,
      paidAmount: order.paidAmount + payment.amount,
      refundAmount: order.refundAmount + payment.amount,
      refundFlag: 1,
      payChannel: payment.channel,
      paidAt,
    });
    await queueRefund(deps, tx, {
      orderId: order.id,
      payment,
      amount: payment.amount,
      reason: error.message,
      kind: 'conflict',
    });
    return 'refunded';
  }
  await updateOrder(tx, order.id, {
    status: 'done',
    reserved: 1,
    paidAmount: order.paidAmount + payment.amount,
    payChannel: payment.channel,
    paidAt,
  });
  // The payment's receipt, numbered gaplessly in this transaction (§3 Order; receipts.service.ts).
  await allocateReceipt(tx, {
    meetingId: order.meetingId,
    orderId: order.id,
    kind: 'receipt',
    amount: payment.amount,
    currency: payment.currency,
    snapshot: await receiptSnapshotOf(tx, order.id),
  });
  return 'confirmed';
}

/** The openid of the user's WeChat login (§7 POST /tokens/wechat), or undefined when they have none. */
async function wechatOpenidOf(db: Database, userId: string): Promise<string | undefined> {
  const rows = await db
    .select({ profile: userIdentities.profile })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'wechat')))
    .limit(1);
  const openid = rows[0]?.profile.openid;
  return typeof openid === 'string' && openid !== '' ? openid : undefined;
}

/**
 * Handles one verified payment notification (commerce design; see the module comment). Idempotent:
 * the same event any number of times confirms once; events of one payment in any order end in the
 * same state (a failure never undoes a payment).
 * @param input.provider the meeting's provider the notification was verified with
 * @param input.payload what to keep in the inbox (the decoded event or the raw body)
 * @returns 'confirmed' | 'duplicate' | 'ignored' | 'refunded' | 'rejected'
 */
export async function handlePaymentEvent(
  deps: PaymentDeps,
  input: { provider: PaymentProvider; meetingId: string; event: PaymentEvent; payload: unknown },
): Promise<EventOutcome> {
  const { provider, meetingId, event } = input;
  // Real providers: believe a 'paid' only when the provider's own record says so, for that amount.
  let verified = true;
  if (event.type === 'paid' && provider.name !== 'sandbox') {
    try {
      const query = await provider.queryPayment({
        paymentId: event.paymentId,
        ...(event.providerTransactionId ? { providerTransactionId: event.providerTransactionId } : {}),
      });
      verified =
        query.status === 'paid' && query.amount === event.amount && query.currency === event.currency;
    } catch {
      // Unreachable now: not recorded, so the provider's retry (or reconciliation) decides later.
      throw new AppError(503, 'payment.query_failed', 'The payment provider could not be asked');
    }
  }
  return inTransaction(deps.db, async (tx) => {
    const isNew = await insertPaymentEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      paymentId: event.paymentId,
      meetingId,
      outcome: 'received',
      payload: input.payload ?? {},
    });
    if (!isNew) return 'duplicate';
    const outcome = await applyEvent(deps, tx, { provider, meetingId, event, verified });
    await setPaymentEventOutcome(tx, provider.name, event.eventId, outcome);
    return outcome;
  });
}

async function applyEvent(
  deps: PaymentDeps,
  tx: Database,
  input: { provider: PaymentProvider; meetingId: string; event: PaymentEvent; verified: boolean },
): Promise<EventOutcome> {
  const { event } = input;
  // Events a provider sends about other things (a Stripe event of another type) name no payment of
  // ours: acknowledged, so the provider stops resending them.
  if (event.type === 'ignored') return 'ignored';
  const found = await findPayment(tx, event.paymentId);
  if (!found || found.meetingId !== input.meetingId || found.provider !== input.provider.name)
    return 'rejected';
  if (event.type === 'refunded') return 'ignored';
  if (
    event.type === 'paid' &&
    (!input.verified || event.amount !== found.amount || event.currency !== found.currency)
  ) {
    return 'rejected';
  }
  // Order row first, then the payment: every writer of an order takes its lock first.
  const order = await lockOrder(tx, found.orderId);
  if (!order) return 'rejected';
  const payment = (await findPayment(tx, event.paymentId)) as PaymentRow;
  if (event.type === 'failed') {
    await updatePayment(tx, payment.id, { status: 'failed' }, ['created']);
    return 'ignored';
  }
  if (payment.status === 'paid') return 'duplicate';
  const paidAt = event.paidAt ?? new Date();
  const paid = (await updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt,
    providerTransactionId: event.providerTransactionId ?? null,
  })) as PaymentRow;
  if (order.status === 'pending') return confirmLocked(deps, tx, order, paid, event);
  if (order.status === 'done') {
    // A second payment of a paid order (two devices paid): refunded in full.
    await updateOrder(tx, order.id, {
      paidAmount: order.paidAmount + paid.amount,
      refundAmount: order.refundAmount + paid.amount,
    });
    await queueRefund(deps, tx, {
      orderId: order.id,
      payment: paid,
      amount: paid.amount,
      reason: 'Duplicate payment',
      kind: 'duplicate_payment',
    });
    return 'refunded';
  }
  // A late payment: the order expired or was cancelled and gave its places back. Take them again if
  // they are left (a savepoint undoes a partial take), else refund.
  const lines = (await findLines(tx, [order.id])).filter((l) => l.cancelled === 0);
  let isReserved = false;
  try {
    await tx.transaction(async (savepoint) => {
      const sp = savepoint as unknown as Database;
      if ((await takeStock(sp, needsOf(lines, order.agentId))) !== null) throw new LateRefusal();
      if (!(await retakeCouponUses(sp, order.id))) throw new LateRefusal();
    });
    isReserved = true;
  } catch (error) {
    if (!(error instanceof LateRefusal)) throw error;
  }
  if (isReserved) {
    const reopened = (await updateOrder(tx, order.id, { status: 'pending', reserved: 1 })) as OrderRow;
    return confirmLocked(deps, tx, reopened, paid, event);
  }
  await updateOrder(tx, order.id, {
    paidAmount: order.paidAmount + paid.amount,
    refundAmount: order.refundAmount + paid.amount,
    refundFlag: 1,
    payChannel: paid.channel,
    paidAt,
  });
  await queueRefund(deps, tx, {
    orderId: order.id,
    payment: paid,
    amount: paid.amount,
    reason: 'Paid after the order expired; no tickets left',
    kind: 'late_payment',
  });
  await tellLatePayment(deps, tx, order);
  return 'refunded';
}

/** A late payment's places (or coupon uses) are gone. */
class LateRefusal extends Error {}

/**
 * The refund job: asks the provider to refund (idempotent by our refund id) and records its answer.
 * A provider that cannot be reached throws, so the job is retried.
 */
export async function runRefundJob(deps: OrderDeps, data: { refundId: string }): Promise<void> {
  const refund = await findRefund(deps.db, data.refundId);
  if (refund?.status !== 'pending' || !refund.paymentId) return;
  const payment = await findPayment(deps.db, refund.paymentId);
  if (!payment) return;
  const provider = await providerOf(deps, payment.meetingId);
  const result = await provider.refund({
    paymentId: payment.id,
    ...(payment.providerTransactionId ? { providerTransactionId: payment.providerTransactionId } : {}),
    refundId: refund.id,
    amount: refund.amount,
    total: payment.amount,
    currency: payment.currency,
    reason: refund.reason,
  });
  if (result.status === 'pending') {
    await updateRefund(deps.db, refund.id, { providerRefundId: result.providerRefundId });
    throw new Error(`refund ${refund.id} still pending at the provider`);
  }
  await updateRefund(deps.db, refund.id, {
    status: result.status,
    providerRefundId: result.providerRefundId,
  });
}

/**
 * Reconciliation (commerce design): payments still 'created' for more than 2 minutes are asked of
 * their provider; a paid one goes through handlePaymentEvent (event id 'query:<payment id>'), a
 * failed or closed one is marked so. Up to `limit` payments a run.
 * @returns how many payments changed
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  options: { olderThanMs?: number; limit?: number } = {},
): Promise<number> {
  const stale = await findStalePayments(
    deps.db,
    new Date(Date.now() - (options.olderThanMs ?? 120_000)),
    options.limit ?? 200,
  );
  let changed = 0;
  for (const payment of stale) {
    try {
      const provider = await providerOf(deps, payment.meetingId);
      const query = await provider.queryPayment({ paymentId: payment.id });
      if (query.status === 'paid') {
        const outcome = await handlePaymentEvent(deps, {
          provider,
          meetingId: payment.meetingId,
          event: {
            eventId: `query:${payment.id}`,
            type: 'paid',
            paymentId: payment.id,
            amount: query.amount,
            currency: query.currency,
            ...(query.providerTransactionId ? { providerTransactionId: query.providerTransactionId } : {}),
            ...(query.paidAt ? { paidAt: query.paidAt } : {}),
          },
          payload: { source: 'reconciliation', query },
        });
        if (outcome !== 'duplicate' && outcome !== 'rejected') changed += 1;
      } else if (query.status === 'failed' || query.status === 'closed') {
        if (await updatePayment(deps.db, payment.id, { status: query.status }, ['created'])) changed += 1;
      }
    } catch {
      // One provider's trouble does not stop the others; the next run asks again.
    }
  }
  return changed;
}
