import type { LoginResult, Order } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import {
  type SandboxNotification,
  signSandboxNotification,
} from '../../providers/payment/sandbox-payment.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { coupons } from './orders.tables.ts';

/**
 * Test helpers of the orders API tests: checkout and payment calls, signed sandbox notifications
 * delivered to the notify route, coupons, and the counters that prove places were (not) taken.
 */

const bearer = (login: LoginResult) => ({ authorization: `Bearer ${login.token}` });

export type Answer<T = unknown> = {
  statusCode: number;
  body: T & { code?: string | number; message?: string };
};

/** POST /api/checkout/activities as `who`. */
export async function checkoutAs(
  t: TestApp,
  who: LoginResult,
  body: unknown,
): Promise<Answer<{ results: Order[] }>> {
  const res = await t.call('POST', apiUrl('/checkout/activities'), { json: body, headers: bearer(who) });
  return { statusCode: res.statusCode, body: res.json() };
}

/** A signed JSON call as `who`. */
export async function callAs<T = unknown>(
  t: TestApp,
  who: LoginResult,
  method: 'GET' | 'POST',
  path: string,
  json?: unknown,
): Promise<Answer<T>> {
  const res = await t.call(method, path, { ...(json !== undefined ? { json } : {}), headers: bearer(who) });
  return { statusCode: res.statusCode, body: res.json() };
}

/** Starts a sandbox payment of an order; answers the payment id. */
export async function startPayment(t: TestApp, who: LoginResult, orderId: string): Promise<string> {
  const res = await callAs<{ payment_id: string }>(t, who, 'POST', apiUrl(`/orders/${orderId}/payments`), {
    channel: 'sandbox',
  });
  if (res.statusCode !== 200)
    throw new Error(`payment start answered ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.payment_id;
}

/** A sandbox notification of a payment (a new event id unless given). */
export function notification(
  paymentId: string,
  amount: number,
  overrides: Partial<SandboxNotification> = {},
): SandboxNotification {
  return {
    event_id: newId(),
    payment_id: paymentId,
    status: 'paid',
    amount,
    currency: 'CNY',
    paid_at: Math.floor(Date.now() / 1000),
    ...overrides,
  };
}

/**
 * Delivers a notification to POST /api/payments/notify/sandbox/{meeting_id} (signed with the
 * meeting's sandbox key unless `rawBody`/`signature` override it); answers status and body.
 */
export async function notify(
  t: TestApp,
  meetingId: string,
  body: SandboxNotification,
  options: { tamper?: (raw: string) => string; signature?: string } = {},
): Promise<{ statusCode: number; body: string }> {
  const signed = signSandboxNotification(t.app.deps.config.AUTH_SECRET, meetingId, body);
  const payload = options.tamper ? options.tamper(signed.rawBody) : signed.rawBody;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/notify/sandbox/${meetingId}`,
    headers: {
      ...signed.headers,
      ...(options.signature !== undefined ? { 'x-sandbox-signature': options.signature } : {}),
    },
    payload,
  });
  return { statusCode: res.statusCode, body: res.body };
}

/** Inserts a coupon; answers its id. */
export async function insertCoupon(
  t: TestApp,
  input: {
    meetingId: string;
    code: string;
    type?: 1 | 2 | 3;
    discountRate?: number;
    discountAmount?: number;
    promotionThreshold?: number;
    promotionAmount?: number;
    totalLimit?: number;
    perUserLimit?: number;
    isPublic?: 0 | 1;
    activityId?: string | null;
  },
): Promise<string> {
  const id = newId();
  await t.database.db.insert(coupons).values({
    id,
    meetingId: input.meetingId,
    code: input.code.toUpperCase(),
    title: { en: `Coupon ${input.code}` },
    type: input.type ?? 1,
    discountRate: input.discountRate ?? (input.type === undefined || input.type === 1 ? 50 : 0),
    discountAmount: input.discountAmount ?? 0,
    promotionThreshold: input.promotionThreshold ?? 0,
    promotionAmount: input.promotionAmount ?? 0,
    totalLimit: input.totalLimit ?? 0,
    perUserLimit: input.perUserLimit ?? 0,
    isPublic: input.isPublic ?? 1,
    activityId: input.activityId ?? null,
    startsAt: new Date(Date.now() - 3600_000),
  });
  return id;
}

/** The counters of an activity's first type and the activity, and its live tickets. */
export async function stockOf(t: TestApp, activityId: string, priceId: string) {
  const db = t.database.db;
  const [price] = await db
    .select({ sold: activityPrices.soldTotal })
    .from(activityPrices)
    .where(eq(activityPrices.id, priceId));
  const [activity] = await db
    .select({ total: activities.ticketTotal })
    .from(activities)
    .where(eq(activities.id, activityId));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.activityId, activityId), eq(tickets.deleted, 0)));
  return { sold: price?.sold ?? -1, ticketTotal: activity?.total ?? -1, tickets: Number(row?.n ?? 0) };
}
