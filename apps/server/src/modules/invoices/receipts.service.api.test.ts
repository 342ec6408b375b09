import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { orders, refunds } from '../orders/orders.tables.ts';
import { users } from '../users/users.tables.ts';
import { allocateReceipt, receiptNumberText } from './receipts.service.ts';
import { type ReceiptSnapshot, receipts } from './receipts.tables.ts';

let handle: DatabaseHandle;
const meetingA = newId();
const meetingB = newId();
const orderA = newId();
const orderB = newId();
const refundA = newId();

const snapshot: ReceiptSnapshot = {
  seller: { name: 'Seller', taxpayer_number: '91350100M000100Y43', address: 'Fuzhou' },
  buyer: { name: 'Buyer' },
  order_number: '2026112600000001',
  lines: [{ title: 'Expo', name: 'Buyer', unit_amount: 1000, discount: 0, amount: 1000 }],
};

beforeAll(async () => {
  handle = await openTestDatabase();
  const { db } = handle;
  const userId = newId();
  await db.insert(users).values({ id: userId, username: 'buyer' });
  await db.insert(meetings).values([
    { id: meetingA, title: { en: 'A' }, start: new Date(0), end: new Date(0) },
    { id: meetingB, title: { en: 'B' }, start: new Date(0), end: new Date(0) },
  ]);
  const order = (id: string, meetingId: string, number: string) => ({
    id,
    meetingId,
    userId,
    number,
    status: 'done' as const,
    subtotal: 1000,
    total: 1000,
    paidAmount: 1000,
    payTokenHash: 'x',
  });
  await db
    .insert(orders)
    .values([order(orderA, meetingA, '2026112600000001'), order(orderB, meetingB, '2026112600000002')]);
  await db.insert(refunds).values({ id: refundA, orderId: orderA, amount: 100 });
});
afterAll(() => handle.close());

async function numbersOf(meetingId: string, kind: 'receipt' | 'cancellation'): Promise<number[]> {
  const rows = await handle.db
    .select({ number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.meetingId, meetingId), eq(receipts.kind, kind)))
    .orderBy(asc(receipts.number));
  return rows.map((row) => row.number);
}

describe('allocateReceipt: gapless numbers per meeting and kind (§3 Order)', () => {
  it('numbers concurrent allocations 1..n with no gap when some transactions roll back', async () => {
    const attempts = 30;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, (_, index) =>
        inTransaction(handle.db, async (tx) => {
          const row = await allocateReceipt(tx, {
            meetingId: meetingA,
            orderId: orderA,
            kind: 'receipt',
            amount: 1000 + index,
            currency: 'CNY',
            snapshot,
          });
          // Every third payment fails after its receipt was allocated: its number must come back.
          if (index % 3 === 0) throw new Error('payment rolled back');
          return row.number;
        }),
      ),
    );
    const committed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(committed).toHaveLength(20);
    const stored = await numbersOf(meetingA, 'receipt');
    expect(stored).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const answered = committed.map((outcome) => (outcome as PromiseFulfilledResult<number>).value);
    expect([...answered].sort((a, b) => a - b)).toEqual(stored);
  });

  it('keeps separate sequences per meeting and per kind', async () => {
    const other = await allocateReceipt(handle.db, {
      meetingId: meetingB,
      orderId: orderB,
      kind: 'receipt',
      amount: 500,
      currency: 'CNY',
      snapshot,
    });
    expect(other.number).toBe(1);
    const cancellation = await allocateReceipt(handle.db, {
      meetingId: meetingA,
      orderId: orderA,
      kind: 'cancellation',
      refundId: refundA,
      amount: 100,
      currency: 'CNY',
      snapshot,
    });
    expect(cancellation.number).toBe(1);
    expect(receiptNumberText('cancellation', cancellation.number)).toBe('C-000001');
    const next = await allocateReceipt(handle.db, {
      meetingId: meetingA,
      orderId: orderA,
      kind: 'receipt',
      amount: 1,
      currency: 'CNY',
      snapshot,
    });
    expect(next.number).toBe(21);
    expect(receiptNumberText('receipt', 123)).toBe('R-000123');
  });

  it('refuses programming errors without moving the counter', async () => {
    const base = { meetingId: meetingA, orderId: orderA, currency: 'CNY', snapshot };
    await expect(allocateReceipt(handle.db, { ...base, kind: 'receipt', amount: 0 })).rejects.toThrow(
      /amount/,
    );
    await expect(allocateReceipt(handle.db, { ...base, kind: 'cancellation', amount: 5 })).rejects.toThrow(
      /refund/,
    );
    await expect(
      allocateReceipt(handle.db, { ...base, kind: 'receipt', refundId: refundA, amount: 5 }),
    ).rejects.toThrow(/refund/);
    expect(await numbersOf(meetingA, 'receipt')).toHaveLength(21);
    expect(await numbersOf(meetingA, 'cancellation')).toEqual([1]);
  });
});
