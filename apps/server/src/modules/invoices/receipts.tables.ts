import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { orders, refunds } from '../orders/orders.tables.ts';

/** The two kinds of payment document (§3 Order): a receipt for a payment, a cancellation for a refund. */
export type ReceiptKind = 'receipt' | 'cancellation';

/**
 * What a receipt shows, frozen when it is allocated so a later edit of the seller, the order or a
 * ticket type never changes an issued document. Amounts are integer cents in the receipt's currency.
 */
export type ReceiptSnapshot = {
  /** commerce_settings.seller at allocation time. */
  seller: { name: string; taxpayer_number: string; address: string };
  buyer: { name: string; phone?: string; email?: string };
  order_number: string;
  /** Unix seconds of the payment (receipt) or the refund (cancellation). */
  time?: number;
  /** The receipt's number a cancellation cancels (in part), when known. */
  cancels_number?: number;
  lines: {
    /** Activity and ticket-type titles (language maps resolved at render time). */
    title: string | Record<string, string>;
    price_title?: string | Record<string, string>;
    /** Registrant name. */
    name: string;
    unit_amount: number;
    discount: number;
    amount: number;
  }[];
};

/**
 * Payment receipts and refund cancellations (§3 Order, §4 Order): never updated nor deleted. `number`
 * is gapless per meeting and kind (receipt_counters moved in the payment's or refund's own transaction),
 * shown as R-000123 / C-000123. `amount` is cents (> 0), `currency` ISO 4217.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    number: integer('number').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    snapshot: jsonbValue<ReceiptSnapshot>('snapshot').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('receipts_meeting_kind_number_uq').on(t.meetingId, t.kind, t.number),
    index('receipts_order_idx').on(t.orderId, t.createdAt),
    check('receipts_kind', sql`${t.kind} in ('receipt', 'cancellation')`),
    check('receipts_amount_positive', sql`${t.amount} > 0`),
    check('receipts_number_positive', sql`${t.number} > 0`),
    check('receipts_refund_of_cancellation', sql`(${t.kind} = 'cancellation') = (${t.refundId} is not null)`),
  ],
);

/**
 * The last number given per meeting and kind. Moved only by `INSERT … ON CONFLICT DO UPDATE SET
 * last = last + 1 RETURNING last` inside the caller's transaction: the row lock serialises concurrent
 * allocations and a rolled-back transaction takes its increment with it, so numbers have no gaps.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.kind] }),
    check('receipt_counters_last_nonnegative', sql`${t.last} >= 0`),
  ],
);
