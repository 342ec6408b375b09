import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Commerce tables (§3 Order, Discount, Registrant; §4 Order, Group payment; §9 amounts in integer
 * cents, discount types 1–3). Orders reserve places with the registration's conditional counters and
 * hold them while pending; tickets are written only when a payment is confirmed. CHECK constraints
 * are the backstop of every amount rule: total = subtotal − discount ≥ 0, refunds ≤ paid, coupon
 * uses ≤ limit.
 */

/** The seller printed on receipts. */
export type SellerRow = { name: string; taxpayer_number: string; address: string };

/** Payment settings of a meeting; a missing row means the defaults. */
export const commerceSettings = pgTable(
  'commerce_settings',
  {
    meetingId: text('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** 'sandbox' | 'wechatpay' | 'alipay' | 'stripe'. */
    paymentProvider: text('payment_provider').notNull().default('sandbox'),
    /** The provider's credentials, sealed (providers/payment/credentials-box.ts); null = none set. */
    credentialsCiphertext: text('credentials_ciphertext'),
    currency: text('currency').notNull().default('CNY'),
    /** How long a pending order holds its places, in seconds. */
    paymentWindowSeconds: integer('payment_window_seconds').notNull().default(900),
    enableInvoice: smallint('enable_invoice').notNull().default(0),
    seller: jsonbValue<SellerRow>('seller').notNull().default({ name: '', taxpayer_number: '', address: '' }),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('commerce_settings_window', sql`${t.paymentWindowSeconds} between 60 and 86400`),
    check(
      'commerce_settings_provider',
      sql`${t.paymentProvider} in ('sandbox', 'wechatpay', 'alipay', 'stripe')`,
    ),
    check('commerce_settings_invoice_flag', sql`${t.enableInvoice} in (0, 1)`),
  ],
);

/** Discount columns shared by automatic discounts and coupons (§3 Discount, §9 types 1–3). */
function discountColumns() {
  return {
    type: smallint('type').notNull(),
    /** Type 1: percent off, 1..100. */
    discountRate: integer('discount_rate').notNull().default(0),
    /** Type 2: cents off each line reaching the threshold. */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Types 2 and 3: cents a line (2) or the group (3) must reach. */
    promotionThreshold: integer('promotion_threshold').notNull().default(0),
    /** Type 3: cents off the group. */
    promotionAmount: integer('promotion_amount').notNull().default(0),
    /** Ticket types it covers; [] = every type. */
    priceIds: jsonbValue<string[]>('price_ids').notNull().default([]),
  };
}

/** CHECKs of the discount columns per type. */
function discountChecks(
  name: string,
  t: {
    type: unknown;
    discountRate: unknown;
    discountAmount: unknown;
    promotionThreshold: unknown;
    promotionAmount: unknown;
  },
) {
  return [
    check(`${name}_type`, sql`${t.type} between 1 and 3`),
    check(`${name}_rate`, sql`${t.type} <> 1 or ${t.discountRate} between 1 and 100`),
    check(`${name}_amount`, sql`${t.type} <> 2 or ${t.discountAmount} > 0`),
    check(`${name}_promotion`, sql`${t.type} <> 3 or ${t.promotionAmount} > 0`),
    check(
      `${name}_nonnegative`,
      sql`${t.discountAmount} >= 0 and ${t.promotionThreshold} >= 0 and ${t.promotionAmount} >= 0`,
    ),
  ];
}

/** Automatic discounts (no code): the best one that applies is taken off every order. */
export const discounts = pgTable(
  'discounts',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** null = every activity of the meeting. */
    activityId: text('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    ...discountColumns(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().default(sql`now()`),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: smallint('enabled').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('discounts_meeting_idx').on(t.meetingId, t.activityId), ...discountChecks('discounts', t)],
);

/**
 * Coupons (§3 Registrant 'coupon code'). `used_total` moves only by `used_total + n <= total_limit`
 * (0 = no limit) and comes back when an order is cancelled or expires; the CHECK is the backstop.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    activityId: text('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    /** Upper-cased, unique among the meeting's live coupons. */
    code: text('code').notNull(),
    title: localizedColumn('title'),
    ...discountColumns(),
    /** 1: listed by GET /meeting/coupons; 0: found only by its exact code. */
    isPublic: smallint('is_public').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().default(sql`now()`),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalLimit: integer('total_limit').notNull().default(0),
    usedTotal: integer('used_total').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('coupons_meeting_code_uq').on(t.meetingId, t.code).where(sql`${t.deleted} = 0`),
    check(
      'coupons_used_within_limit',
      sql`${t.usedTotal} >= 0 and (${t.totalLimit} = 0 or ${t.usedTotal} <= ${t.totalLimit})`,
    ),
    check('coupons_limits_nonnegative', sql`${t.totalLimit} >= 0 and ${t.perUserLimit} >= 0`),
    ...discountChecks('coupons', t),
  ],
);

/** Orders (§3 Order, §4 Order). */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The buyer. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** Orders of one group checkout paid by each member (pay_mode 'each'). */
    groupCheckoutId: text('group_checkout_id'),
    /** 'YYYYMMDD' + 8 random digits. */
    number: text('number').notNull(),
    status: text('status').$type<'pending' | 'done' | 'expired' | 'cancelled'>().notNull().default('pending'),
    currency: text('currency').notNull().default('CNY'),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    /** 1: fully refunded (§4 shown 'refunded'). */
    refundFlag: smallint('refund_flag').notNull().default(0),
    /** 1 while the order holds its places and coupon uses (pending, or done). */
    reserved: smallint('reserved').notNull().default(1),
    sourceId: text('source_id').references(() => activitySources.id, { onDelete: 'set null' }),
    payChannel: text('pay_channel'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** sha256 hex of the pay token (the QR link's secret); the token is answered to the buyer only. */
    payTokenHash: text('pay_token_hash').notNull(),
    provider: text('provider').notNull().default('sandbox'),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_meeting_created_idx').on(t.meetingId, t.createdAt.desc()),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_group_checkout_idx').on(t.groupCheckoutId),
    check('orders_status', sql`${t.status} in ('pending', 'done', 'expired', 'cancelled')`),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} and ${t.total} >= 0`,
    ),
    check('orders_refund_within_paid', sql`${t.refundAmount} >= 0 and ${t.refundAmount} <= ${t.paidAmount}`),
    check('orders_flags', sql`${t.refundFlag} in (0, 1) and ${t.reserved} in (0, 1)`),
  ],
);

/** The registrant a line buys a ticket for (§3 Registrant). */
export type RegistrantRow = {
  name: string;
  phone: string | null;
  area_code: string | null;
  email: string | null;
  id_number: string | null;
  job: string;
  company: string;
};

/** Lines of an order: one ticket each, written when the order is paid. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    priceId: text('price_id')
      .notNull()
      .references(() => activityPrices.id, { onDelete: 'restrict' }),
    sourceId: text('source_id').references(() => activitySources.id, { onDelete: 'set null' }),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    registrant: jsonbValue<RegistrantRow>('registrant').notNull(),
    answers: jsonbValue<Record<string, unknown>>('answers').notNull().default({}),
    unitAmount: integer('unit_amount').notNull(),
    discount: integer('discount').notNull().default(0),
    amount: integer('amount').notNull(),
    discountId: text('discount_id'),
    couponId: text('coupon_id'),
    couponCode: text('coupon_code').notNull().default(''),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    cancelled: smallint('cancelled').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_ticket_idx').on(t.ticketId),
    check(
      'order_lines_amounts',
      sql`${t.unitAmount} >= 0 and ${t.discount} >= 0 and ${t.amount} = ${t.unitAmount} - ${t.discount} and ${t.amount} >= 0`,
    ),
    check(
      'order_lines_refund_within_amount',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

/** Coupon uses by order; `released` 1 once given back (cancel, expiry). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    n: integer('n').notNull(),
    released: smallint('released').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_order_idx').on(t.orderId),
    check('coupon_redemptions_n', sql`${t.n} > 0`),
  ],
);

/** Payment attempts; `id` is our out_trade_no (32 characters at most). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'created' | 'paid' | 'failed' | 'closed'>().notNull().default('created'),
    providerTransactionId: text('provider_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    check('payments_status', sql`${t.status} in ('created', 'paid', 'failed', 'closed')`),
    check('payments_amount', sql`${t.amount} > 0`),
    check('payments_id_length', sql`length(${t.id}) <= 32`),
  ],
);

/** Notification inbox: one row per provider event, so a repeated notification is seen as such. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id'),
    meetingId: text('meeting_id'),
    outcome: text('outcome').notNull().default('received'),
    payload: jsonbValue<unknown>('payload').notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

/** Refunds (§3 Order refund amount): never more than paid − refunded, idempotent by key per order. */
export const refunds = pgTable(
  'refunds',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    kind: text('kind')
      .$type<'organiser' | 'late_payment' | 'duplicate_payment' | 'conflict'>()
      .notNull()
      .default('organiser'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    lineIds: jsonbValue<string[]>('line_ids').notNull().default([]),
    idempotencyKey: text('idempotency_key'),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_order_idempotency_uq').on(t.orderId, t.idempotencyKey),
    check('refunds_amount', sql`${t.amount} > 0`),
    check('refunds_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_kind', sql`${t.kind} in ('organiser', 'late_payment', 'duplicate_payment', 'conflict')`),
  ],
);
