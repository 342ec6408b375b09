import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { orderLines, orders, payments, refunds } from '../orders/orders.tables.ts';

/**
 * Test fixtures of the console's commerce area: orders with lines, payments and refunds written
 * straight into the tables (as checkout and the payment confirmation would leave them), so the
 * console's reads, export, revenue and reconciliation are tested apart from checkout.
 */

export type FixtureLine = {
  activityId: string;
  priceId: string;
  name: string;
  phone?: string;
  email?: string;
  /** Cents. */
  unitAmount: number;
  discount?: number;
  couponCode?: string;
};

/**
 * Inserts an order of `lines` for `userId`: status 'done' and paid through `channel` at `paidAt`
 * (one payment of the total) unless `status` says otherwise ('pending': a created payment only).
 * Returns the order, line and payment ids.
 */
export async function insertOrder(
  db: Database,
  input: {
    meetingId: string;
    userId: string;
    lines: FixtureLine[];
    status?: 'pending' | 'done' | 'expired' | 'cancelled';
    channel?: string;
    provider?: string;
    createdAt?: Date;
    paidAt?: Date;
    number?: string;
    /**
     * Whether the order holds places (orders.reserved 1). Default false: the fixture moves no stock
     * counters, so a refund that cancels lines must not give places back that were never taken.
     */
    holdsPlaces?: boolean;
  },
): Promise<{ orderId: string; lineIds: string[]; paymentId: string; total: number }> {
  const status = input.status ?? 'done';
  const isPaid = status === 'done';
  const createdAt = input.createdAt ?? new Date();
  const paidAt = isPaid ? (input.paidAt ?? createdAt) : null;
  const subtotal = input.lines.reduce((sum, l) => sum + l.unitAmount, 0);
  const discount = input.lines.reduce((sum, l) => sum + (l.discount ?? 0), 0);
  const total = subtotal - discount;
  const orderId = newId();
  const channel = input.channel ?? 'sandbox';
  const provider = input.provider ?? 'sandbox';
  await db.insert(orders).values({
    id: orderId,
    meetingId: input.meetingId,
    userId: input.userId,
    number:
      input.number ?? `20260101${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`,
    status,
    currency: 'CNY',
    subtotal,
    discount,
    total,
    paidAmount: isPaid ? total : 0,
    payChannel: isPaid ? channel : null,
    paidAt,
    expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
    payTokenHash: randomBytes(32).toString('hex'),
    provider,
    reserved: input.holdsPlaces ? 1 : 0,
    createdAt,
    updatedAt: createdAt,
  });
  const lineIds = input.lines.map(() => newId());
  await db.insert(orderLines).values(
    input.lines.map((line, i) => ({
      id: lineIds[i] as string,
      orderId,
      activityId: line.activityId,
      priceId: line.priceId,
      registrant: {
        name: line.name,
        phone: line.phone ?? null,
        area_code: line.phone ? '86' : null,
        email: line.email ?? null,
        id_number: null,
        job: '',
        company: '',
      },
      unitAmount: line.unitAmount,
      discount: line.discount ?? 0,
      amount: line.unitAmount - (line.discount ?? 0),
      couponCode: line.couponCode ?? '',
      position: i,
    })),
  );
  const paymentId = randomBytes(16).toString('hex');
  if (total > 0) {
    await db.insert(payments).values({
      id: paymentId,
      orderId,
      meetingId: input.meetingId,
      provider,
      channel,
      amount: total,
      currency: 'CNY',
      status: isPaid ? 'paid' : 'created',
      providerTransactionId: isPaid ? `tx-${paymentId.slice(0, 12)}` : null,
      paidAt,
      createdAt,
      updatedAt: paidAt ?? createdAt,
    });
  }
  return { orderId, lineIds, paymentId, total };
}

/** Inserts a succeeded refund of `amount` cents at `at` and moves the order's refund columns. */
export async function insertRefund(
  db: Database,
  input: {
    orderId: string;
    paymentId: string;
    amount: number;
    at?: Date;
    paidAmount: number;
    refunded?: number;
  },
): Promise<string> {
  const id = newId();
  const at = input.at ?? new Date();
  await db.insert(refunds).values({
    id,
    orderId: input.orderId,
    paymentId: input.paymentId,
    amount: input.amount,
    reason: 'fixture',
    status: 'succeeded',
    createdAt: at,
    updatedAt: at,
  });
  const refunded = (input.refunded ?? 0) + input.amount;
  await db
    .update(orders)
    .set({ refundAmount: refunded, refundFlag: refunded >= input.paidAmount ? 1 : 0 })
    .where(eq(orders.id, input.orderId));
  return id;
}
