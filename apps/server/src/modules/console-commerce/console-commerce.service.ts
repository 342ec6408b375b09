import { PassThrough, type Readable } from 'node:stream';
import type {
  CommerceOptions,
  CommerceReconciliation,
  CommerceReconciliationItem,
  CommerceRevenue,
  ConsoleOrder,
  ConsoleOrderDetail,
  ConsoleOrderFilter,
  ConsoleOrderList,
  ConsoleOrderListQuery,
  ExportConsoleOrdersQuery,
} from '@app/contracts';
import { toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import type { Database } from '../../db/client.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { noPermission, notFound } from '../../errors.ts';
import type { PaymentProvider, PaymentQuery } from '../../providers/payment/payment.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { csvField } from '../shared/csv.ts';
import {
  findActivitiesWithPrices,
  findLines,
  findMeetingZone,
  findOrder,
  findOrderAudit,
  findOrderBatch,
  findOrderChannels,
  findOrderPage,
  findPayments,
  findPaymentsOfDay,
  findRefunds,
  type LineWithTitles,
  type OrderRow,
  type OrderWhere,
  type OrderWithBuyer,
  sumPaidByDay,
  sumRefundedByDay,
} from './console-commerce.repository.ts';
import { findSettingsRow } from './console-commerce.settings.ts';

/**
 * The console's orders, revenue and reconciliation (DESIGN §7; §3 Order, §4 Order, §9 cents). Every
 * call starts with requireCan (finance.read); amounts stay integer cents except in the CSV, which
 * shows yuan with 2 decimals (§9). Days are the meeting's calendar days (meetings.time_zone; the
 * design's Asia/Shanghai when a meeting has none).
 */

const defaultPageSize = 50;
const exportBatch = 500;
/** Most payments one reconciliation queries the provider about. */
const reconciliationLimit = 500;
/** Time zone of a meeting without one (commerce design). */
export const defaultCommerceZone = 'Asia/Shanghai';

/** The meeting's time zone for commerce days. */
export async function commerceZoneOf(db: Database, meetingId: string): Promise<string> {
  return (await findMeetingZone(db, meetingId)) || defaultCommerceZone;
}

function whereOf(meetingId: string, timeZone: string, filter: ConsoleOrderFilter): OrderWhere {
  return {
    meetingId,
    timeZone,
    q: filter.q || undefined,
    status: filter.status,
    channel: filter.channel || undefined,
    from: filter.from,
    to: filter.to,
  };
}

/** An order row as the table lists it. */
function toConsoleOrder(row: OrderWithBuyer): ConsoleOrder {
  return {
    _id: toWireId(row.id),
    number: row.number,
    status: row.status,
    refund_flag: row.refundFlag === 1 ? 1 : 0,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    paid_amount: row.paidAmount,
    refund_amount: row.refundAmount,
    pay_channel: row.payChannel,
    provider: row.provider,
    pay_time: row.paidAt ? unix(row.paidAt) : null,
    create_time: unix(row.createdAt),
    user_id: toWireId(row.userId),
    name: row.name,
    phone: row.phone,
    email: row.email,
    lines_count: row.linesCount,
  };
}

/**
 * GET /console/meetings/{meeting_id}/commerce/orders: a page of the meeting's orders, newest first,
 * searched and filtered, with the total and the channels used. @throws 403 no_permission (finance.read).
 */
export async function listOrders(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; query: ConsoleOrderListQuery },
): Promise<ConsoleOrderList> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  const timeZone = await commerceZoneOf(deps.db, input.meetingId);
  const [page, channels] = await Promise.all([
    findOrderPage(deps.db, whereOf(input.meetingId, timeZone, input.query), {
      limit: input.query.limit ?? defaultPageSize,
      skip: input.query.skip ?? 0,
    }),
    findOrderChannels(deps.db, input.meetingId),
  ]);
  return { items: page.rows.map(toConsoleOrder), total: page.total, channels };
}

/** One order with lines, payments, refunds and audit, as the detail answers it. @throws 404 not_found. */
export async function orderDetailOf(
  db: Database,
  meetingId: string,
  id: string,
): Promise<ConsoleOrderDetail> {
  const row = await findOrder(db, meetingId, id);
  if (!row) throw notFound('order');
  const [lines, paymentRows, refundRows, audit] = await Promise.all([
    findLines(db, [row.id]),
    findPayments(db, row.id),
    findRefunds(db, row.id),
    findOrderAudit(db, meetingId, row.id),
  ]);
  return {
    ...toConsoleOrder(row),
    agent_id: wireIdOrNull(row.agentId),
    expires_at: row.expiresAt ? unix(row.expiresAt) : null,
    refundable: Math.max(0, row.paidAmount - row.refundAmount),
    lines: lines.map((line) => ({
      _id: toWireId(line.id),
      activity_id: toWireId(line.activityId),
      activity_title: line.activityTitle as ConsoleOrderDetail['lines'][number]['activity_title'],
      price_id: toWireId(line.priceId),
      price_title: line.priceTitle as ConsoleOrderDetail['lines'][number]['price_title'],
      name: line.registrant.name ?? '',
      phone: line.registrant.phone ?? '',
      email: line.registrant.email ?? '',
      unit_amount: line.unitAmount,
      discount: line.discount,
      amount: line.amount,
      coupon_code: line.couponCode,
      ticket_id: wireIdOrNull(line.ticketId),
      refunded_amount: line.refundedAmount,
      cancelled: line.cancelled === 1 ? 1 : 0,
    })),
    payments: paymentRows.map((p) => ({
      _id: p.id,
      provider: p.provider,
      channel: p.channel,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      provider_transaction_id: p.providerTransactionId,
      pay_time: p.paidAt ? unix(p.paidAt) : null,
      create_time: unix(p.createdAt),
    })),
    refunds: refundRows.map((r) => ({
      _id: r.id,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      kind: r.kind,
      line_ids: r.lineIds,
      create_time: unix(r.createdAt),
    })),
    audit: audit.map((a) => ({
      action: a.action,
      actor_user_id: a.actorUserId,
      after: a.after,
      create_time: unix(a.createdAt),
    })),
  };
}

/**
 * GET /console/meetings/{meeting_id}/commerce/orders/{id}: one order with its lines, payments,
 * refunds and audit trail. @throws 403 no_permission (finance.read); 404 not_found.
 */
export async function getOrder(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<ConsoleOrderDetail> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  return orderDetailOf(deps.db, input.meetingId, input.id);
}

/** Cents as yuan text with 2 decimals, e.g. 12345 → '123.45', -5 → '-0.05' (§9, the CSV). */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Local date and time text of an instant in a zone: 'YYYY-MM-DD HH:mm:ss'. */
function localTime(at: Date | null, timeZone: string): string {
  if (!at) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The CSV's columns (one row per order line). */
export const orderCsvHeader = [
  'order_number',
  'status',
  'refund_flag',
  'created_at',
  'paid_at',
  'pay_channel',
  'currency',
  'order_total',
  'order_paid',
  'order_refunded',
  'line_activity',
  'line_ticket_type',
  'registrant_name',
  'registrant_phone',
  'registrant_email',
  'unit_price',
  'line_discount',
  'line_amount',
  'coupon_code',
  'line_refunded',
  'line_cancelled',
];

function csvRows(order: OrderRow, lines: LineWithTitles[], timeZone: string, language: string): string {
  const head = [
    order.number,
    order.status,
    order.refundFlag,
    localTime(order.createdAt, timeZone),
    localTime(order.paidAt, timeZone),
    order.payChannel ?? '',
    order.currency,
    yuan(order.total),
    yuan(order.paidAmount),
    yuan(order.refundAmount),
  ];
  const rows = lines.length > 0 ? lines : [null];
  return rows
    .map((line) => {
      const cells: (string | number)[] = line
        ? [
            localize(line.activityTitle as never, language),
            localize(line.priceTitle as never, language),
            line.registrant.name ?? '',
            line.registrant.phone ?? '',
            line.registrant.email ?? '',
            yuan(line.unitAmount),
            yuan(line.discount),
            yuan(line.amount),
            line.couponCode,
            yuan(line.refundedAmount),
            line.cancelled,
          ]
        : ['', '', '', '', '', '', '', '', '', '', ''];
      return `${[...head, ...cells].map(csvField).join(',')}\r\n`;
    })
    .join('');
}

/**
 * GET /console/meetings/{meeting_id}/commerce/orders/export: the filtered orders as CSV (UTF-8 with a
 * BOM so spreadsheet programs read Chinese names), newest first, one row per order line (an order
 * without lines gets one row), amounts in yuan with 2 decimals, times in the meeting's zone; written
 * 500 orders at a time into the returned stream (keyset), stopping when the client goes away.
 * @throws 403 no_permission (finance.read).
 */
export async function exportOrders(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; query: ExportConsoleOrdersQuery },
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  const timeZone = await commerceZoneOf(deps.db, input.meetingId);
  const where = whereOf(input.meetingId, timeZone, input.query);
  const language = input.query.lang ?? 'en';
  const out = new PassThrough();
  const write = async () => {
    out.write(`\uFEFF${orderCsvHeader.join(',')}\r\n`);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const batch = await findOrderBatch(deps.db, where, after, exportBatch);
      if (batch.length === 0) break;
      const lines = await findLines(
        deps.db,
        batch.map((o) => o.id),
      );
      const text = batch
        .map((order) =>
          csvRows(
            order,
            lines.filter((l) => l.orderId === order.id),
            timeZone,
            language,
          ),
        )
        .join('');
      if (!out.write(text) && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        });
      }
      if (out.destroyed || batch.length < exportBatch) break;
      const last = batch[batch.length - 1] as OrderRow;
      after = { createdAt: last.createdAt, id: last.id };
    }
    out.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'text/csv; charset=utf-8', fileName: `orders-${input.meetingId}.csv` };
}

/** Every calendar day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const at = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (at <= end) {
    days.push(at.toISOString().slice(0, 10));
    at.setUTCDate(at.getUTCDate() + 1);
  }
  return days;
}

/**
 * GET /console/meetings/{meeting_id}/commerce/revenue?from&to: cents paid (payments confirmed),
 * refunded (refunds succeeded) and net per calendar day of the meeting's zone and payment channel,
 * every day of the range for the chart, and the totals. @throws 403 no_permission (finance.read).
 */
export async function getRevenue(
  deps: RolesDeps & { currencyOf: (meetingId: string) => Promise<string> },
  input: { userId: string; meetingId: string; from: string; to: string },
): Promise<CommerceRevenue> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  const timeZone = await commerceZoneOf(deps.db, input.meetingId);
  const range = { meetingId: input.meetingId, timeZone, from: input.from, to: input.to };
  const [paid, refunded, currency] = await Promise.all([
    sumPaidByDay(deps.db, range),
    sumRefundedByDay(deps.db, range),
    deps.currencyOf(input.meetingId),
  ]);
  const cells = new Map<string, { date: string; channel: string; paid: number; refunded: number }>();
  const cell = (date: string, channel: string) => {
    const key = `${date}\n${channel}`;
    let found = cells.get(key);
    if (!found) {
      found = { date, channel, paid: 0, refunded: 0 };
      cells.set(key, found);
    }
    return found;
  };
  for (const p of paid) cell(p.day, p.channel).paid += Number(p.cents);
  for (const r of refunded) cell(r.day, r.channel).refunded += Number(r.cents);
  const rows = [...cells.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.channel.localeCompare(b.channel))
    .map((c) => ({ ...c, net: c.paid - c.refunded }));
  const days = daysBetween(input.from, input.to).map((date) => {
    const ofDay = rows.filter((r) => r.date === date);
    const dayPaid = ofDay.reduce((sum, r) => sum + r.paid, 0);
    const dayRefunded = ofDay.reduce((sum, r) => sum + r.refunded, 0);
    return { date, paid: dayPaid, refunded: dayRefunded, net: dayPaid - dayRefunded };
  });
  const totalPaid = rows.reduce((sum, r) => sum + r.paid, 0);
  const totalRefunded = rows.reduce((sum, r) => sum + r.refunded, 0);
  return {
    time_zone: timeZone,
    currency,
    rows,
    days,
    totals: { paid: totalPaid, refunded: totalRefunded, net: totalPaid - totalRefunded },
  };
}

/** Our payment status as the provider's query names it. */
const expectedProviderStatus: Record<string, PaymentQuery['status']> = {
  created: 'pending',
  paid: 'paid',
  failed: 'failed',
  closed: 'closed',
};

/**
 * GET /console/meetings/{meeting_id}/commerce/reconciliation?date: every payment created that day
 * (meeting's zone, at most 500) with our status and amount next to the provider's answer to
 * queryPayment (the sandbox answers from its own records); a status or (paid) amount that differs, or
 * a query that failed, is a mismatch; mismatches first, then by time.
 * @throws 403 no_permission (finance.read).
 */
export async function getReconciliation(
  deps: RolesDeps & { providerOf: (meetingId: string) => Promise<PaymentProvider> },
  input: { userId: string; meetingId: string; date: string },
): Promise<CommerceReconciliation> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  const timeZone = await commerceZoneOf(deps.db, input.meetingId);
  const rows = await findPaymentsOfDay(deps.db, {
    meetingId: input.meetingId,
    timeZone,
    date: input.date,
    limit: reconciliationLimit,
  });
  const provider = rows.length > 0 ? await deps.providerOf(input.meetingId).catch(() => null) : null;
  const items: CommerceReconciliationItem[] = [];
  for (const { payment, orderNumber } of rows) {
    let answer: PaymentQuery | null = null;
    if (provider && provider.name === payment.provider) {
      answer = await provider
        .queryPayment({
          paymentId: payment.id,
          ...(payment.providerTransactionId ? { providerTransactionId: payment.providerTransactionId } : {}),
        })
        .catch(() => null);
    }
    const problem: CommerceReconciliationItem['problem'] = !answer
      ? 'query_failed'
      : answer.status !== expectedProviderStatus[payment.status]
        ? 'status'
        : payment.status === 'paid' && answer.amount !== payment.amount
          ? 'amount'
          : '';
    items.push({
      payment_id: payment.id,
      order_id: toWireId(payment.orderId),
      order_number: orderNumber,
      channel: payment.channel,
      status: payment.status,
      amount: payment.amount,
      provider_status: answer?.status ?? null,
      provider_amount: answer?.amount ?? null,
      problem,
      create_time: unix(payment.createdAt),
    });
  }
  items.sort((a, b) => Number(a.problem === '') - Number(b.problem === '') || a.create_time - b.create_time);
  return {
    date: input.date,
    time_zone: timeZone,
    items,
    mismatches: items.filter((i) => i.problem !== '').length,
  };
}

/**
 * GET /console/meetings/{meeting_id}/commerce/options: the meeting's live activities with their
 * live ticket types (cents), its currency and time zone — what the coupon and discount forms offer.
 * @throws 403 no_permission (needs finance.read or commerce.edit).
 */
export async function getOptions(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<CommerceOptions> {
  const access = await meetingAccess(deps, input.userId, input.meetingId);
  if (!can(access, 'finance.read') && !can(access, 'commerce.edit')) throw noPermission();
  const [list, settings, timeZone] = await Promise.all([
    findActivitiesWithPrices(deps.db, input.meetingId),
    findSettingsRow(deps.db, input.meetingId),
    commerceZoneOf(deps.db, input.meetingId),
  ]);
  return {
    activities: list.map((a) => ({
      _id: toWireId(a.id),
      title: a.title,
      prices: a.prices.map((p) => ({ _id: toWireId(p.id), title: p.title, amount: p.amount })),
    })),
    currency: settings?.currency ?? 'CNY',
    time_zone: timeZone,
  };
}
