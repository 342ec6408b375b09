import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import {
  commerceSettings,
  couponRedemptions,
  coupons,
  discounts,
  orderLines,
  orders,
  paymentEvents,
  payments,
  refunds,
} from './orders.tables.ts';

/**
 * Queries of the orders module (§3 Order, Discount; §4 Order): settings, discounts and coupons with
 * their guarded use counters, orders and lines, payments, the notification inbox and refunds. Only
 * this file and orders.tables.ts touch drizzle.
 */

export type SettingsRow = typeof commerceSettings.$inferSelect;
export type DiscountRow = typeof discounts.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type LineRow = typeof orderLines.$inferSelect;
export type NewLineRow = typeof orderLines.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A meeting's payment settings; undefined when it has none (the defaults apply). */
export async function findSettings(db: Database, meetingId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(commerceSettings)
    .where(eq(commerceSettings.meetingId, meetingId))
    .limit(1);
  return row;
}

/** Live (not deleted) coupons of a meeting by upper-cased codes. */
export async function findCouponsByCodes(
  db: Database,
  meetingId: string,
  codes: string[],
): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.meetingId, meetingId), inArray(coupons.code, codes), eq(coupons.deleted, 0)));
}

/** Public, enabled, live coupons of a meeting valid at `now` (optionally for one activity). */
export async function findPublicCoupons(
  db: Database,
  meetingId: string,
  activityId: string | undefined,
  now: Date,
): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.meetingId, meetingId),
        eq(coupons.isPublic, 1),
        eq(coupons.enabled, 1),
        eq(coupons.deleted, 0),
        lte(coupons.startsAt, now),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        activityId ? or(isNull(coupons.activityId), eq(coupons.activityId, activityId)) : undefined,
      ),
    )
    .orderBy(asc(coupons.code))
    .limit(100);
}

/** Locks a coupon's row until the transaction ends (the per-user limit is counted under it). */
export async function lockCoupon(db: Database, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** Live (not released) uses of coupons by a user, per coupon. */
export async function countUserCouponUses(
  db: Database,
  couponIds: string[],
  userId: string,
): Promise<Map<string, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      n: sql<number>`coalesce(sum(${couponRedemptions.n}), 0)::int`,
    })
    .from(couponRedemptions)
    .where(
      and(
        inArray(couponRedemptions.couponId, couponIds),
        eq(couponRedemptions.userId, userId),
        eq(couponRedemptions.released, 0),
      ),
    )
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((r) => [r.couponId, Number(r.n)]));
}

/** Guarded use of a coupon: `used_total + n <= total_limit` (0 = none) on a live coupon. False when refused. */
export async function takeCouponUses(db: Database, couponId: string, n: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedTotal: sql`${coupons.usedTotal} + ${n}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.deleted, 0),
        sql`(${coupons.totalLimit} = 0 or ${coupons.usedTotal} + ${n} <= ${coupons.totalLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/** Records coupon uses of an order. */
export async function insertRedemptions(
  db: Database,
  rows: { id: string; couponId: string; orderId: string; userId: string; n: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(couponRedemptions).values(rows);
}

/** Gives back an order's live coupon uses (cancel, expiry), in coupon id order. Answers how many rows. */
export async function releaseCouponUses(db: Database, orderId: string): Promise<number> {
  const rows = await db
    .update(couponRedemptions)
    .set({ released: 1 })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.released, 0)))
    .returning({ couponId: couponRedemptions.couponId, n: couponRedemptions.n });
  for (const row of [...rows].sort((a, b) => a.couponId.localeCompare(b.couponId))) {
    await db
      .update(coupons)
      .set({ usedTotal: sql`greatest(${coupons.usedTotal} - ${row.n}, 0)`, updatedAt: sql`now()` })
      .where(eq(coupons.id, row.couponId));
  }
  return rows.length;
}

/** Takes an order's released coupon uses again (late payment re-reserve); false when a limit refuses. */
export async function retakeCouponUses(db: Database, orderId: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.released, 1)))
    .orderBy(asc(couponRedemptions.couponId));
  for (const row of rows) if (!(await takeCouponUses(db, row.couponId, row.n))) return false;
  if (rows.length > 0) {
    await db.update(couponRedemptions).set({ released: 0 }).where(eq(couponRedemptions.orderId, orderId));
  }
  return true;
}

/** Enabled live automatic discounts of a meeting valid at `now` for these activities (or all). */
export async function findLiveDiscounts(
  db: Database,
  meetingId: string,
  activityIds: string[],
  now: Date,
): Promise<DiscountRow[]> {
  return db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.meetingId, meetingId),
        eq(discounts.enabled, 1),
        eq(discounts.deleted, 0),
        lte(discounts.startsAt, now),
        or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
        activityIds.length > 0
          ? or(isNull(discounts.activityId), inArray(discounts.activityId, activityIds))
          : isNull(discounts.activityId),
      ),
    );
}

/** Inserts orders. */
export async function insertOrders(db: Database, rows: NewOrderRow[]): Promise<OrderRow[]> {
  return db.insert(orders).values(rows).returning();
}

/** Inserts order lines. */
export async function insertLines(db: Database, rows: NewLineRow[]): Promise<LineRow[]> {
  if (rows.length === 0) return [];
  return db.insert(orderLines).values(rows).returning();
}

/** An order by id. */
export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Locks an order's row until the transaction ends (every status change happens under it). */
export async function lockOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Changes an order's columns (version + 1). */
export async function updateOrder(
  db: Database,
  id: string,
  changes: Partial<Omit<NewOrderRow, 'id'>>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/** A buyer's orders in a meeting, newest first. */
export async function findOrdersOfUser(
  db: Database,
  filter: { userId: string; meetingId: string; status?: string },
  page: { limit: number; skip: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, filter.userId),
        eq(orders.meetingId, filter.meetingId),
        filter.status ? eq(orders.status, filter.status as OrderRow['status']) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.skip);
}

/** Lines of orders, in order then position. */
export async function findLines(db: Database, orderIds: string[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

/** Sets a line's columns. */
export async function updateLine(db: Database, id: string, changes: Partial<NewLineRow>): Promise<void> {
  await db.update(orderLines).set(changes).where(eq(orderLines.id, id));
}

/** Titles of activities and types by ids (the wire lines name them). */
export async function findTitles(
  db: Database,
  activityIds: string[],
  priceIds: string[],
): Promise<{ activities: Map<string, unknown>; prices: Map<string, unknown> }> {
  const [a, p] = await Promise.all([
    activityIds.length > 0
      ? db
          .select({ id: activities.id, title: activities.title })
          .from(activities)
          .where(inArray(activities.id, activityIds))
      : Promise.resolve([]),
    priceIds.length > 0
      ? db
          .select({ id: activityPrices.id, title: activityPrices.title })
          .from(activityPrices)
          .where(inArray(activityPrices.id, priceIds))
      : Promise.resolve([]),
  ]);
  return {
    activities: new Map(a.map((r) => [r.id, r.title])),
    prices: new Map(p.map((r) => [r.id, r.title])),
  };
}

/**
 * Lines of a buyer's own tickets-to-be in these activities (pending or done orders without a group),
 * for 'Please only sign up once.' before a ticket exists.
 */
export async function findHeldActivities(
  db: Database,
  userId: string,
  activityIds: string[],
): Promise<string[]> {
  if (activityIds.length === 0) return [];
  const rows = await db
    .select({ activityId: orderLines.activityId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        isNull(orders.agentId),
        eq(orders.status, 'pending'),
        eq(orders.reserved, 1),
        eq(orderLines.cancelled, 0),
        inArray(orderLines.activityId, activityIds),
      ),
    );
  return [...new Set(rows.map((r) => r.activityId))];
}

/** Lines per type a group holds in pending orders (their tickets are not written yet). */
export async function countAgentPendingLinesByPrice(
  db: Database,
  agentId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ priceId: orderLines.priceId, n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.agentId, agentId), eq(orders.status, 'pending'), eq(orders.reserved, 1)))
    .groupBy(orderLines.priceId);
  return new Map(rows.map((r) => [r.priceId, Number(r.n)]));
}

/** Payments of orders, oldest first. */
export async function findPayments(db: Database, orderIds: string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt));
}

/** Refunds of orders, oldest first. */
export async function findRefunds(db: Database, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
}

/** Inserts a payment attempt. */
export async function insertPayment(db: Database, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted as PaymentRow;
}

/** A payment by id. */
export async function findPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Changes a payment (only from `fromStatuses` when given); undefined when it was in another status. */
export async function updatePayment(
  db: Database,
  id: string,
  changes: Partial<typeof payments.$inferInsert>,
  fromStatuses?: PaymentRow['status'][],
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), fromStatuses ? inArray(payments.status, fromStatuses) : undefined))
    .returning();
  return row;
}

/** Payments still 'created' since before `before` (reconciliation), oldest first. */
export async function findStalePayments(db: Database, before: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'created'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/**
 * The current amount (cents) and version of ticket types. Read in the checkout's transaction after
 * its stock UPDATE locked those rows, so what it answers holds until the commit.
 */
export async function findPriceVersions(
  db: Database,
  priceIds: string[],
): Promise<Map<string, { amount: number; version: number }>> {
  if (priceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: activityPrices.id, amount: activityPrices.amount, version: activityPrices.version })
    .from(activityPrices)
    .where(inArray(activityPrices.id, priceIds));
  return new Map(rows.map((row) => [row.id, { amount: row.amount, version: row.version }]));
}

/**
 * Records a notification in the inbox; false when (provider, event_id) is already there (a repeat),
 * unless that earlier delivery was rejected: then it is taken again (true) and decided anew.
 */
export async function insertPaymentEvent(
  db: Database,
  row: {
    provider: string;
    eventId: string;
    paymentId: string | null;
    meetingId: string;
    outcome: string;
    payload: unknown;
  },
): Promise<boolean> {
  // A delivery whose earlier attempt was rejected (the provider's record did not confirm it yet) is
  // taken again: the provider retries a notification we refused, and the retry must be decided anew.
  const rows = await db
    .insert(paymentEvents)
    .values(row)
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventId],
      set: { outcome: row.outcome, payload: row.payload, receivedAt: sql`now()` },
      setWhere: sql`${paymentEvents.outcome} = 'rejected'`,
    })
    .returning({ eventId: paymentEvents.eventId });
  return rows.length === 1;
}

/** Sets the outcome of an inbox row. */
export async function setPaymentEventOutcome(
  db: Database,
  provider: string,
  eventId: string,
  outcome: string,
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** Inserts a refund. */
export async function insertRefund(db: Database, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  return inserted as RefundRow;
}

/** A refund of an order by its idempotency key. */
export async function findRefundByKey(
  db: Database,
  orderId: string,
  key: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A refund by id. */
export async function findRefund(db: Database, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

/** Changes a refund. */
export async function updateRefund(
  db: Database,
  id: string,
  changes: Partial<typeof refunds.$inferInsert>,
): Promise<void> {
  await db
    .update(refunds)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(refunds.id, id));
}
