import { ErrorCode, type Receipt, toWireId } from '@app/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { commerceSettings, orderLines, orders } from '../orders/orders.tables.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps } from '../roles/roles.service.ts';
import { users } from '../users/users.tables.ts';
import { renderReceiptPdf } from './receipts.pdf.ts';
import { type ReceiptKind, type ReceiptSnapshot, receiptCounters, receipts } from './receipts.tables.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/** The printed number of a receipt: `R-000123` for a receipt, `C-000123` for a cancellation. */
export function receiptNumberText(kind: ReceiptKind, number: number): string {
  return `${kind === 'receipt' ? 'R' : 'C'}-${String(number).padStart(6, '0')}`;
}

/**
 * Issues a payment receipt or a refund cancellation (§3 Order, §4 Order) inside the caller's
 * transaction `tx` (the payment confirmation or the refund): moves the meeting's counter of that kind
 * by one (`INSERT … ON CONFLICT DO UPDATE SET last = last + 1 RETURNING last`, which row-locks the
 * counter until `tx` ends) and inserts the receipt with that number. Numbers are gapless per meeting
 * and kind: a rolled-back `tx` rolls its increment back too, and concurrent callers wait on the lock.
 * Call it last in the transaction, so the counter lock is held briefly.
 * Input: `amount` in cents (> 0), `currency` ISO 4217, `refundId` required for a cancellation and
 * absent for a receipt, `snapshot` what the PDF shows.
 * @returns the inserted receipt row (`number` ≥ 1).
 * @throws Error on a programming error (amount ≤ 0, refundId missing or misplaced) — never user input.
 */
export async function allocateReceipt(
  tx: Database,
  input: {
    meetingId: string;
    orderId: string;
    kind: ReceiptKind;
    refundId?: string | null;
    amount: number;
    currency: string;
    snapshot: ReceiptSnapshot;
  },
): Promise<ReceiptRow> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new Error(`allocateReceipt: amount must be a positive integer of cents, got ${input.amount}`);
  }
  if ((input.kind === 'cancellation') !== Boolean(input.refundId)) {
    throw new Error('allocateReceipt: a cancellation names its refund, a receipt names none');
  }
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ meetingId: input.meetingId, kind: input.kind, last: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.meetingId, receiptCounters.kind],
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  if (!counter) throw new Error('allocateReceipt: the counter returned no row');
  const [row] = await tx
    .insert(receipts)
    .values({
      id: newId(),
      meetingId: input.meetingId,
      kind: input.kind,
      number: counter.last,
      orderId: input.orderId,
      refundId: input.refundId ?? null,
      amount: input.amount,
      currency: input.currency,
      snapshot: input.snapshot,
    })
    .returning();
  if (!row) throw new Error('allocateReceipt: the insert returned no row');
  return row;
}

/**
 * What a receipt of `orderId` shows, read in `tx` from the order as it is now: the meeting's seller
 * (commerce_settings.seller, empty when no row), the buyer (first line's registrant, else the
 * account), the order number, payment time and the order's lines with activity and ticket-type titles.
 * A passes it to {@link allocateReceipt} from the confirm and refund transactions.
 * @throws Error when the order does not exist (a programming error in the caller).
 */
export async function receiptSnapshotOf(tx: Database, orderId: string): Promise<ReceiptSnapshot> {
  const [order] = await tx
    .select({
      meetingId: orders.meetingId,
      number: orders.number,
      userId: orders.userId,
      paidAt: orders.paidAt,
      seller: commerceSettings.seller,
      username: users.username,
      phone: users.phone,
      email: users.email,
    })
    .from(orders)
    .leftJoin(commerceSettings, eq(commerceSettings.meetingId, orders.meetingId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new Error(`receiptSnapshotOf: no order ${orderId}`);
  const lines = await tx
    .select({
      registrant: orderLines.registrant,
      unitAmount: orderLines.unitAmount,
      discount: orderLines.discount,
      amount: orderLines.amount,
      title: activities.title,
      priceTitle: activityPrices.title,
    })
    .from(orderLines)
    .innerJoin(activities, eq(activities.id, orderLines.activityId))
    .innerJoin(activityPrices, eq(activityPrices.id, orderLines.priceId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  const first = lines[0]?.registrant;
  return {
    seller: order.seller ?? { name: '', taxpayer_number: '', address: '' },
    buyer: {
      name: first?.name || order.username || '',
      ...((first?.phone ?? order.phone) ? { phone: first?.phone ?? order.phone ?? '' } : {}),
      ...((first?.email ?? order.email) ? { email: first?.email ?? order.email ?? '' } : {}),
    },
    order_number: order.number,
    ...(order.paidAt ? { time: unix(order.paidAt) } : {}),
    lines: lines.map((line) => ({
      title: line.title,
      price_title: line.priceTitle,
      name: line.registrant.name,
      unit_amount: line.unitAmount,
      discount: line.discount,
      amount: line.amount,
    })),
  };
}

/** The wire shape of a receipt (§3 Order). */
export function toWireReceipt(row: ReceiptRow): Receipt {
  return {
    _id: toWireId(row.id),
    order_id: toWireId(row.orderId),
    kind: row.kind,
    number: row.number,
    number_text: receiptNumberText(row.kind, row.number),
    amount: row.amount,
    currency: row.currency,
    create_time: unix(row.createdAt),
    pdf_url: `/api/receipts/${row.id}`,
  };
}

/**
 * GET /orders/{id}/receipts: the order's receipts and cancellations, oldest first — to its buyer only.
 * @throws 404 order.not_found (no such order, or someone else's)
 */
export async function listOrderReceipts(
  deps: { db: Database },
  input: { userId: string; orderId: string },
): Promise<Receipt[]> {
  const [order] = await deps.db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order || order.userId !== input.userId) {
    throw new AppError(404, ErrorCode.orderNotFound, 'Order not found');
  }
  const rows = await deps.db
    .select()
    .from(receipts)
    .where(eq(receipts.orderId, input.orderId))
    .orderBy(asc(receipts.createdAt), asc(receipts.kind), asc(receipts.number));
  return rows.map(toWireReceipt);
}

/**
 * GET /receipts/{id}: the receipt as a PDF (receipts.pdf.ts) with its file name — for the order's
 * buyer or a console user with finance.read in the receipt's meeting. `language` picks the titles and
 * the money format (default zh).
 * @throws 404 not_found (no such receipt, or the caller may not see it: strangers learn nothing)
 */
export async function receiptPdf(
  deps: RolesDeps,
  input: { userId: string; receiptId: string; language?: string | undefined },
): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await deps.db
    .select({ receipt: receipts, buyerId: orders.userId })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(eq(receipts.id, input.receiptId))
    .limit(1);
  if (!row) throw notFound('Receipt');
  if (row.buyerId !== input.userId) {
    const access = await meetingAccess(deps, input.userId, row.receipt.meetingId);
    if (!can(access, 'finance.read')) throw notFound('Receipt');
  }
  const numberText = receiptNumberText(row.receipt.kind, row.receipt.number);
  const bytes = await renderReceiptPdf({
    kind: row.receipt.kind,
    numberText,
    amount: row.receipt.amount,
    currency: row.receipt.currency,
    issuedAt: row.receipt.createdAt,
    snapshot: row.receipt.snapshot,
    language: input.language || 'zh',
  });
  return { bytes, fileName: `${numberText}.pdf` };
}
