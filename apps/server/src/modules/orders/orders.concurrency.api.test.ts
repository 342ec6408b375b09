import type { LoginResult, Order } from '@app/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { checkoutAs, insertCoupon, notification, notify, startPayment, stockOf } from './orders.fixtures.ts';
import { runExpireOrderJob } from './orders.service.ts';
import { couponRedemptions, coupons, orderLines, orders, payments } from './orders.tables.ts';

/**
 * No oversell with payment (§4 Order, commerce design "Stock"): 200 buyers check out and pay at once
 * for 100 places; exactly 100 orders are paid and hold the 100 tickets, the rest are refused (sold
 * out) or expire and give their places to later buyers; no ticket exists without a paid order. A
 * coupon with a total limit of 1 used by 50 buyers at once is used once. Runs on PGlite (requests
 * interleave at every query) and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
const meetingId = ids.meeting;
const crowd = 200;
const places = 100;
const users: LoginResult[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION_CONTEXT_TTL_MS: '1000' } });
  await seedFixture(t.database.db);
  const deps = { db: t.database.db, config: t.app.deps.config };
  for (let at = 0; at < crowd; at += 25) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, crowd - at) }, (_, index) =>
          newLogin(deps, meetingId, `buyer-${at + index}-${newId().slice(-6)}`),
        ),
      )),
    );
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** How many answers had each status and code. */
function tally(statuses: { statusCode: number; body: { code?: string | number } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of statuses) {
    const key = a.statusCode === 200 ? '200' : `${a.statusCode} ${a.body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Every live ticket of the activity belongs to a line of a done order with a paid payment. */
async function ticketsArePaid(activityId: string): Promise<void> {
  const live = await t.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.activityId, activityId), eq(tickets.deleted, 0)));
  const ticketIds = live.map((r) => r.id);
  if (ticketIds.length === 0) return;
  const paid = await t.database.db
    .select({ ticketId: orderLines.ticketId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, 'paid')))
    .where(and(inArray(orderLines.ticketId, ticketIds), eq(orders.status, 'done')));
  expect(new Set(paid.map((r) => r.ticketId)).size).toBe(ticketIds.length);
}

describe(`${crowd} buyers check out and pay at once for ${places} places`, () => {
  it(`exactly ${places} paid orders and ${places} tickets; the unpaid expire and their places are sold again`, async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      prices: [{ amount: 5000, total: places }],
    });
    const priceId = activity.priceIds[0] as string;
    // Everyone checks out at once; 30 of the lucky ones will not pay.
    const first = await Promise.all(
      users.map((who) =>
        checkoutAs(t, who, { activity_id: activity.activityId, lines: [{ price_id: priceId }] }),
      ),
    );
    expect(tally(first)).toEqual({ '200': places, '409 ticket.sold_out': crowd - places });
    expect(await stockOf(t, activity.activityId, priceId)).toEqual({
      sold: places,
      ticketTotal: places,
      tickets: 0,
    });
    const winners = first.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    const losers = first.flatMap((answer, index) => (answer.statusCode === 200 ? [] : [index]));
    const orderOf = (index: number) => {
      const answer = first[index] as (typeof first)[number];
      return (answer.body.results[0] as Order)._id.$id;
    };
    const payers = winners.slice(30);
    const idle = winners.slice(0, 30);

    // The payers pay (each notification delivered twice) while the idle ones' orders expire.
    const paying = Promise.all(
      payers.map(async (index) => {
        const who = users[index] as LoginResult;
        const paymentId = await startPayment(t, who, orderOf(index));
        const event = notification(paymentId, 5000);
        const answers = [await notify(t, meetingId, event), await notify(t, meetingId, event)];
        return answers.map((a) => a.statusCode);
      }),
    );
    const expiring = Promise.all(
      idle.map(async (index) => {
        await t.database.db
          .update(orders)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(orders.id, orderOf(index)));
        await runExpireOrderJob({ db: t.database.db }, { orderId: orderOf(index) });
      }),
    );
    const [paidAnswers] = await Promise.all([paying, expiring]);
    expect(paidAnswers.flat().every((s) => s === 200)).toBe(true);
    expect(await stockOf(t, activity.activityId, priceId)).toEqual({
      sold: places - 30,
      ticketTotal: places - 30,
      tickets: places - 30,
    });

    // The refused buyers try again at once: 30 places are free again.
    const second = await Promise.all(
      losers.map(async (index) => {
        const who = users[index] as LoginResult;
        const answer = await checkoutAs(t, who, {
          activity_id: activity.activityId,
          lines: [{ price_id: priceId }],
        });
        if (answer.statusCode === 200) {
          const paymentId = await startPayment(t, who, (answer.body.results[0] as Order)._id.$id);
          expect((await notify(t, meetingId, notification(paymentId, 5000))).statusCode).toBe(200);
        }
        return answer;
      }),
    );
    expect(tally(second)).toEqual({ '200': 30, '409 ticket.sold_out': crowd - places - 30 });

    const statuses = await t.database.db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.activityId, activity.activityId))
      .groupBy(orders.status);
    expect(Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]))).toEqual({
      done: places,
      expired: 30,
    });
    expect(await stockOf(t, activity.activityId, priceId)).toEqual({
      sold: places,
      ticketTotal: places,
      tickets: places,
    });
    await ticketsArePaid(activity.activityId);
  });

  it('a coupon with a total limit of 1 is used once by 50 buyers at once', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      prices: [{ amount: 5000, total: null }],
    });
    const code = `ONE${Date.now() % 1_000_000}`;
    const couponId = await insertCoupon(t, { meetingId, code, type: 2, discountAmount: 1000, totalLimit: 1 });
    const answers = await Promise.all(
      users.slice(0, 50).map((who) =>
        checkoutAs(t, who, {
          activity_id: activity.activityId,
          lines: [{ price_id: activity.priceIds[0], coupon_code: code }],
        }),
      ),
    );
    expect(tally(answers)).toEqual({ '200': 1, '409 coupon.limit': 49 });
    const winner = answers.find((a) => a.statusCode === 200)?.body.results[0] as Order;
    expect(winner).toMatchObject({ total: 4000, discount: 1000 });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(coupon?.usedTotal).toBe(1);
    const uses = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    expect(uses).toHaveLength(1);
    // The one use comes back when its order is cancelled, and can be taken again.
    await runExpireOrderJob({ db: t.database.db }, { orderId: winner._id.$id });
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, winner._id.$id));
    await runExpireOrderJob({ db: t.database.db }, { orderId: winner._id.$id });
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(after?.usedTotal).toBe(0);
  });
});
