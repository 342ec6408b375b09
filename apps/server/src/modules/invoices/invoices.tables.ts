import type { InvoiceDelivery, InvoiceType } from '@app/domain/commerce';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { users } from '../users/users.tables.ts';

/** §4 Invoice states of a stored request ("fill in" is having none, or only rejected ones). */
export type InvoiceStateValue = 'processing' | 'completed' | 'rejected';

/**
 * Invoice requests of orders (§3 Invoice, §4 Invoice). At most one live (processing or completed)
 * request per order (partial unique index); a rejected one is reapplied in place (back to processing)
 * or a new one is made. `amount` (cents) is computed by the server from the order (paid − refunded)
 * on every (re)submission. The organiser completes a request with an uploaded PDF (`pdf_key`, a key of
 * the attachment bucket) and/or an `issued_number`, or rejects it with a `reject_reason`.
 * `version` goes up by one on every write (optimistic concurrency for the buyer and the console).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The buyer who asked (the order's user). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<InvoiceStateValue>().notNull().default('processing'),
    type: text('type').$type<InvoiceType>().notNull(),
    title: text('title').notNull(),
    taxpayerNumber: text('taxpayer_number').notNull(),
    registeredAddress: text('registered_address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    mobile: text('mobile').notNull(),
    email: text('email').notNull().default(''),
    delivery: text('delivery').$type<InvoiceDelivery>().notNull(),
    mailingAddress: text('mailing_address').notNull().default(''),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    issuedNumber: text('issued_number').notNull().default(''),
    /** Storage key of the issued PDF in the attachment bucket, or null. */
    pdfKey: text('pdf_key'),
    processedBy: text('processed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('invoices_live_order_uq').on(t.orderId).where(sql`${t.state} <> 'rejected'`),
    index('invoices_meeting_state_idx').on(t.meetingId, t.state, t.createdAt),
    check('invoices_state', sql`${t.state} in ('processing', 'completed', 'rejected')`),
    check('invoices_type', sql`${t.type} in ('regular', 'special')`),
    check('invoices_delivery', sql`${t.delivery} in ('electronic', 'express', 'venue')`),
    check('invoices_amount_positive', sql`${t.amount} > 0`),
    check(
      'invoices_completed_has_document',
      sql`${t.state} <> 'completed' or ${t.pdfKey} is not null or ${t.issuedNumber} <> ''`,
    ),
    check('invoices_rejected_has_reason', sql`${t.state} <> 'rejected' or ${t.rejectReason} <> ''`),
  ],
);
