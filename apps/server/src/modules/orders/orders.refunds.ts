import { ErrorCode } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { allocateReceipt, receiptSnapshotOf } from '../invoices/receipts.service.ts';
import { lockAgent } from '../tickets/tickets.repository.ts';
import { orderNotFound, refundExceedsPaid, refundNotPaid } from './orders.errors.ts';
import { queueRefund, refundJob } from './orders.payments.ts';
import {
  findLines,
  findPayments,
  findRefundByKey,
  findRefunds,
  type LineRow,
  lockOrder,
  type RefundRow,
  releaseCouponUses,
  updateLine,
  updateOrder,
} from './orders.repository.ts';
import type { OrderDeps } from './orders.service.ts';
import { deleteTicketsOfLines, needsOf, releaseStock, ticketsHoldingPlaces } from './orders.stock.ts';

/**
 * Refunds (§3 Order refund amount and refund flag, §4 Order 'refunded'): an organiser's refund (the
 * console's POST …/orders/{id}/refunds) through refundOrder. Under the order's row lock: never more
 * than paid − refunded (409 refund.exceeds_paid; CHECK refund_amount <= paid_amount is the backstop),
 * the same idempotency key refunds once, the amount is spread over the lines (the named ones first),
 * and a line refunded in full — or named in `lineIds` — is cancelled: its ticket is deleted and its
 * place returns. A full refund cancels every line and sets refund_flag 1. The provider is called by
 * the refund job after the commit (orders-refund). The write is audited ('finance.refund').
 */

/** Input of refundOrder; `amount` in cents. */
export type RefundOrderInput = {
  meetingId: string;
  orderId: string;
  amount: number;
  /** Lines to cancel (their tickets deleted, places returned). */
  lineIds?: string[];
  reason: string;
  actorUserId: string | null;
  kind: 'organiser' | 'late_payment' | 'duplicate_payment' | 'conflict';
  /** The console's key: the same key on the same order refunds once. */
  idempotencyKey?: string | undefined;
};

/** Spreads `amount` over lines by what each can still give back, the named ones first. */
function spreadRefund(lines: LineRow[], amount: number, named: Set<string>): Map<string, number> {
  const shares = new Map<string, number>();
  let left = amount;
  const ordered = [...lines.filter((l) => named.has(l.id)), ...lines.filter((l) => !named.has(l.id))];
  for (const line of ordered) {
    if (left === 0) break;
    const take = Math.min(left, line.amount - line.refundedAmount);
    if (take > 0) {
      shares.set(line.id, take);
      left -= take;
    }
  }
  return shares;
}

async function refundLocked(deps: OrderDeps, tx: Database, input: RefundOrderInput): Promise<RefundRow> {
  const order = await lockOrder(tx, input.orderId);
  if (!order || order.meetingId !== input.meetingId) throw orderNotFound();
  if (input.idempotencyKey) {
    const earlier = await findRefundByKey(tx, order.id, input.idempotencyKey);
    if (earlier) return earlier;
  }
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw badRequest(ErrorCode.validation, 'The refund amount must be a positive number of cents');
  }
  if (order.paidAmount === 0) throw refundNotPaid();
  if (input.amount > order.paidAmount - order.refundAmount) throw refundExceedsPaid();
  // The payment to refund: the paid one with the most left to give back.
  const [payments, refunds] = await Promise.all([findPayments(tx, [order.id]), findRefunds(tx, [order.id])]);
  const leftOf = (paymentId: string, amount: number) =>
    amount -
    refunds
      .filter((r) => r.paymentId === paymentId && r.status !== 'failed')
      .reduce((a, r) => a + r.amount, 0);
  const payment = payments
    .filter((p) => p.status === 'paid')
    .map((p) => ({ p, left: leftOf(p.id, p.amount) }))
    .sort((a, b) => b.left - a.left)[0];
  if (!payment || payment.left < input.amount) throw refundExceedsPaid();

  const lines = await findLines(tx, [order.id]);
  const named = new Set(input.lineIds ?? []);
  for (const id of named) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw badRequest(ErrorCode.validation, `Line ${id} is not a line of this order`);
  }
  const refundAmount = order.refundAmount + input.amount;
  const isFull = refundAmount === order.paidAmount;
  const shares = spreadRefund(
    lines.filter((l) => l.cancelled === 0 || named.has(l.id)),
    input.amount,
    named,
  );
  const cancelled: LineRow[] = [];
  for (const line of lines) {
    const refunded = line.refundedAmount + (shares.get(line.id) ?? 0);
    const cancel =
      line.cancelled === 0 && (named.has(line.id) || isFull || (line.amount > 0 && refunded === line.amount));
    if (cancel) cancelled.push(line);
    if (refunded !== line.refundedAmount || cancel) {
      await updateLine(tx, line.id, { refundedAmount: refunded, ...(cancel ? { cancelled: 1 } : {}) });
    }
  }
  // Places of the cancelled lines return (only while the order still holds them) — except those
  // whose ticket already gave its place back: a rejected registration (§4; tickets.review.ts frees
  // its places) or one an organiser deleted. Releasing those again would count places twice.
  if (order.reserved === 1 && cancelled.length > 0) {
    // A review takes the group row, then the ticket: the same order here, so the two never deadlock.
    if (order.agentId) await lockAgent(tx, order.agentId);
    const holding = await ticketsHoldingPlaces(
      tx,
      cancelled.flatMap((l) => l.ticketId ?? []),
    );
    const releasing = cancelled.filter((l) => l.ticketId === null || holding.has(l.ticketId));
    if (releasing.length > 0) await releaseStock(tx, needsOf(releasing, order.agentId));
    await deleteTicketsOfLines(
      tx,
      cancelled.flatMap((l) => l.ticketId ?? []),
    );
  }
  const allCancelled = lines.every((l) => l.cancelled === 1 || cancelled.some((c) => c.id === l.id));
  if (order.reserved === 1 && allCancelled) await releaseCouponUses(tx, order.id);
  await updateOrder(tx, order.id, {
    refundAmount,
    refundFlag: isFull ? 1 : 0,
    ...(order.reserved === 1 && allCancelled ? { reserved: 0 } : {}),
  });
  const refundId = await queueRefund(deps, tx, {
    orderId: order.id,
    payment: payment.p,
    amount: input.amount,
    reason: input.reason,
    kind: input.kind,
    lineIds: [...named],
    idempotencyKey: input.idempotencyKey ?? null,
    createdBy: input.actorUserId,
  });
  // The refund's cancellation document, numbered gaplessly in this transaction (§3 Order).
  await allocateReceipt(tx, {
    meetingId: order.meetingId,
    orderId: order.id,
    kind: 'cancellation',
    refundId,
    amount: input.amount,
    currency: order.currency,
    snapshot: await receiptSnapshotOf(tx, order.id),
  });
  return (await findRefunds(tx, [order.id])).find((r) => r.id === refundId) as RefundRow;
}

/**
 * Refunds part or all of what an order paid (see the module comment). Amount in cents.
 * @returns the refund row (the earlier one for a repeated idempotency key)
 * @throws 400 validation_failed (amount ≤ 0, a line of another order); 404 order.not_found (not this
 *   meeting's); 409 refund.not_paid / refund.exceeds_paid
 */
export async function refundOrder(deps: OrderDeps, input: RefundOrderInput): Promise<RefundRow> {
  const refund = await auditedWrite(
    deps.db,
    {
      actorUserId: input.actorUserId ?? '',
      meetingId: input.meetingId,
      action: 'finance.refund',
      entity: 'order',
      entityId: input.orderId,
    },
    async (tx) => {
      const row = await refundLocked(deps, tx, input);
      return { result: row, after: { refund_id: row.id, amount: row.amount, line_ids: row.lineIds } };
    },
  );
  deps.jobs.wake(refundJob as never);
  return refund;
}
