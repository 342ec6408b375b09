import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { orderLines, orders, payments, refunds } from '../orders/orders.tables.ts';

/**
 * Reads of the console's commerce area (DESIGN §7; §3 Order): the orders table's filtered page and
 * export batches, one order's lines, payments, refunds and audit rows, the revenue sums by day and
 * channel, and a day's payments for reconciliation. Days are calendar days in the meeting's zone.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The orders table's filters as the repository takes them. */
export type OrderWhere = {
  meetingId: string;
  timeZone: string;
  q?: string | undefined;
  status?: string | undefined;
  channel?: string | undefined;
  /** YYYY-MM-DD, inclusive, in `timeZone`. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The first instant of a calendar day in a time zone (SQL timestamptz). */
export function dayStart(date: string, timeZone: string): SQL {
  return sql`((${date}::date)::timestamp at time zone ${timeZone})`;
}

/** The first instant of the day after a calendar day in a time zone. */
export function dayEnd(date: string, timeZone: string): SQL {
  return sql`(((${date}::date) + 1)::timestamp at time zone ${timeZone})`;
}

/** `%text%` for LIKE with %, _ and \ escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderConditions(where: OrderWhere): SQL {
  const parts: (SQL | undefined)[] = [eq(orders.meetingId, where.meetingId)];
  if (where.status) parts.push(eq(orders.status, where.status as OrderRow['status']));
  if (where.channel) parts.push(eq(orders.payChannel, where.channel));
  if (where.from) parts.push(sql`${orders.createdAt} >= ${dayStart(where.from, where.timeZone)}`);
  if (where.to) parts.push(sql`${orders.createdAt} < ${dayEnd(where.to, where.timeZone)}`);
  if (where.q) {
    const pattern = containsPattern(where.q.toLowerCase());
    parts.push(
      sql`(lower(${orders.number}) like ${pattern} or exists (select 1 from ${orderLines} l where l.order_id = "orders"."id" and lower(coalesce(l.registrant->>'name', '') || E'\n' || coalesce(l.registrant->>'phone', '') || E'\n' || coalesce(l.registrant->>'email', '')) like ${pattern}))`,
    );
  }
  return and(...parts) as SQL;
}

/** The buyer columns: the first line's registrant (by position). */
const buyer = {
  name: sql<string>`coalesce((select l.registrant->>'name' from ${orderLines} l where l.order_id = "orders"."id" order by l.position, l.id limit 1), '')`,
  phone: sql<string>`coalesce((select l.registrant->>'phone' from ${orderLines} l where l.order_id = "orders"."id" order by l.position, l.id limit 1), '')`,
  email: sql<string>`coalesce((select l.registrant->>'email' from ${orderLines} l where l.order_id = "orders"."id" order by l.position, l.id limit 1), '')`,
  linesCount: sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`,
};

export type OrderWithBuyer = OrderRow & { name: string; phone: string; email: string; linesCount: number };

/** A page of the meeting's orders, newest first, with the number matching. */
export async function findOrderPage(
  db: Database,
  where: OrderWhere,
  page: { limit: number; skip: number },
): Promise<{ rows: OrderWithBuyer[]; total: number }> {
  const condition = orderConditions(where);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, ...buyer })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.order,
      name: r.name,
      phone: r.phone,
      email: r.email,
      linesCount: r.linesCount,
    })),
    total: counted?.n ?? 0,
  };
}

/** Export batches: `size` orders after `after` (newest first, keyset on created_at and id). */
export async function findOrderBatch(
  db: Database,
  where: OrderWhere,
  after: { createdAt: Date; id: string } | null,
  size: number,
): Promise<OrderRow[]> {
  const condition = after
    ? and(
        orderConditions(where),
        sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
      )
    : orderConditions(where);
  return db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size);
}

/** The payment channels the meeting's orders used, alphabetically. */
export async function findOrderChannels(db: Database, meetingId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ channel: payments.channel })
    .from(payments)
    .where(eq(payments.meetingId, meetingId))
    .orderBy(asc(payments.channel));
  return rows.map((r) => r.channel);
}

/** One order of the meeting, with its buyer columns. */
export async function findOrder(
  db: Database,
  meetingId: string,
  id: string,
): Promise<OrderWithBuyer | undefined> {
  const [row] = await db
    .select({ order: orders, ...buyer })
    .from(orders)
    .where(and(eq(orders.meetingId, meetingId), eq(orders.id, id)))
    .limit(1);
  return row
    ? { ...row.order, name: row.name, phone: row.phone, email: row.email, linesCount: row.linesCount }
    : undefined;
}

export type LineWithTitles = OrderLineRow & { activityTitle: unknown; priceTitle: unknown };

/** The lines of orders, in position order, with their activity and ticket-type titles. */
export async function findLines(db: Database, orderIds: string[]): Promise<LineWithTitles[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ line: orderLines, activityTitle: activities.title, priceTitle: activityPrices.title })
    .from(orderLines)
    .leftJoin(activities, eq(activities.id, orderLines.activityId))
    .leftJoin(activityPrices, eq(activityPrices.id, orderLines.priceId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
  return rows.map((r) => ({
    ...r.line,
    activityTitle: r.activityTitle ?? '',
    priceTitle: r.priceTitle ?? '',
  }));
}

/** An order's payments, oldest first. */
export async function findPayments(db: Database, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

/** An order's refunds, oldest first. */
export async function findRefunds(db: Database, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/** The audit rows written about an order (entity 'order'), oldest first. */
export async function findOrderAudit(db: Database, meetingId: string, orderId: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.meetingId, meetingId), eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)),
    )
    .orderBy(asc(auditLog.id))
    .limit(200);
}

/** The meeting's time zone (IANA), '' when the meeting does not exist. */
export async function findMeetingZone(db: Database, meetingId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: meetings.timeZone })
    .from(meetings)
    .where(eq(meetings.id, meetingId))
    .limit(1);
  return row?.timeZone ?? '';
}

/** Cents paid per day and channel: payments confirmed between the range's days (in `timeZone`). */
export async function sumPaidByDay(
  db: Database,
  input: { meetingId: string; timeZone: string; from: string; to: string },
): Promise<{ day: string; channel: string; cents: number }[]> {
  const day = sql<string>`to_char(${payments.paidAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({ day, channel: payments.channel, cents: sql<number>`sum(${payments.amount})::int` })
    .from(payments)
    .where(
      and(
        eq(payments.meetingId, input.meetingId),
        eq(payments.status, 'paid'),
        sql`${payments.paidAt} >= ${dayStart(input.from, input.timeZone)}`,
        sql`${payments.paidAt} < ${dayEnd(input.to, input.timeZone)}`,
      ),
    )
    .groupBy(sql`1, 2`);
}

/** Cents refunded per day and channel: succeeded refunds created in the range (in `timeZone`). */
export async function sumRefundedByDay(
  db: Database,
  input: { meetingId: string; timeZone: string; from: string; to: string },
): Promise<{ day: string; channel: string; cents: number }[]> {
  const day = sql<string>`to_char(${refunds.createdAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const channel = sql<string>`coalesce(${payments.channel}, ${orders.payChannel}, '')`;
  return db
    .select({ day, channel, cents: sql<number>`sum(${refunds.amount})::int` })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(orders.meetingId, input.meetingId),
        eq(refunds.status, 'succeeded'),
        sql`${refunds.createdAt} >= ${dayStart(input.from, input.timeZone)}`,
        sql`${refunds.createdAt} < ${dayEnd(input.to, input.timeZone)}`,
      ),
    )
    .groupBy(sql`1, 2`);
}

/** The payments created on a day (in `timeZone`) with their order numbers, oldest first, at most `limit`. */
export async function findPaymentsOfDay(
  db: Database,
  input: { meetingId: string; timeZone: string; date: string; limit: number },
) {
  return db
    .select({ payment: payments, orderNumber: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.meetingId, input.meetingId),
        sql`${payments.createdAt} >= ${dayStart(input.date, input.timeZone)}`,
        sql`${payments.createdAt} < ${dayEnd(input.date, input.timeZone)}`,
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(input.limit);
}

/** The meeting's live activities with their live ticket types (the coupon and discount forms). */
export async function findActivitiesWithPrices(db: Database, meetingId: string) {
  const activityRows = await db
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .orderBy(asc(activities.start), asc(activities.id));
  const ids = activityRows.map((a) => a.id);
  const prices =
    ids.length === 0
      ? []
      : await db
          .select({
            id: activityPrices.id,
            activityId: activityPrices.activityId,
            title: activityPrices.title,
            amount: activityPrices.amount,
          })
          .from(activityPrices)
          .where(and(inArray(activityPrices.activityId, ids), eq(activityPrices.deleted, 0)))
          .orderBy(asc(activityPrices.weight), asc(activityPrices.id));
  return activityRows.map((a) => ({ ...a, prices: prices.filter((p) => p.activityId === a.id) }));
}
