import type { LoginResult, Order, QuoteAnswer } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { type InsertedActivity, insertActivity } from '../activities/activities.fixtures.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { receipts } from '../invoices/receipts.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { insertAgent } from '../tickets/tickets.fixtures.ts';
import type { TicketRow } from '../tickets/tickets.repository.ts';
import { applyReview } from '../tickets/tickets.review.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  callAs,
  checkoutAs,
  insertCoupon,
  notification,
  notify,
  startPayment,
  stockOf,
} from './orders.fixtures.ts';
import { reconcilePayments, runRefundJob } from './orders.payments.ts';
import { refundOrder } from './orders.refunds.ts';
import { checkout, expireOrderJob, quoteCheckout, runExpireOrderJob } from './orders.service.ts';
import { discounts, orders, payments, refunds } from './orders.tables.ts';

/**
 * Orders and payment through the API (§4 Order, Group payment; §7 POST /checkout/activities; §8):
 * checkout reserves without tickets, the sandbox notification confirms once however often it comes,
 * in any order, never for another amount or a bad signature; expiry and cancel give places back; a
 * late payment takes them again or is refunded; refunds never exceed what was paid.
 */

let t: TestApp;
const meetingId = ids.meeting;
let buyer: LoginResult;

const newBuyer = () => newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);

/** A fresh activity with one paid type (8000 cents) of `total` places. */
const paidActivity = (total: number | null = 10, amount = 8000): Promise<InsertedActivity> =>
  insertActivity(t.database.db, { meetingId, prices: [{ amount, total }] });

const orderOf = async (who: LoginResult, id: string) =>
  (await callAs<Order>(t, who, 'GET', apiUrl(`/orders/${id}`))).body;

/** Checks out one line of the activity's first type as `who`; answers the order. */
async function buy(
  who: LoginResult,
  activity: InsertedActivity,
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const res = await checkoutAs(t, who, {
    activity_id: activity.activityId,
    lines: [{ price_id: activity.priceIds[0], data: {} }],
    ...extra,
  });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.results[0] as Order;
}

/** Sets an order's deadline in the past and runs its expiry job. */
async function expire(orderId: string): Promise<void> {
  await t.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));
  await runExpireOrderJob({ db: t.database.db }, { orderId });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  buyer = await newBuyer();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('checkout (§4 Order)', () => {
  it('reserves the place, writes no ticket, enqueues the expiry and answers a pay token', async () => {
    const activity = await paidActivity(5);
    const order = await buy(buyer, activity);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: 8000,
      discount: 0,
      total: 8000,
      currency: 'CNY',
    });
    expect(order.pay_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.number).toMatch(/^\d{16}$/);
    expect(order.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 800);
    expect(await stockOf(t, activity.activityId, activity.priceIds[0] as string)).toEqual({
      sold: 1,
      ticketTotal: 1,
      tickets: 0,
    });
    const jobs = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'orders-expire' and singleton_key = ${order._id.$id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]?.n).toBe(1);
    // One ticket per activity for yourself: a second checkout while this one is pending is refused.
    const again = await checkoutAs(t, buyer, {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0] }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('ticket.sign_up_once');
  });

  it('refuses a changed expected_total with 4340 and writes nothing', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const res = await checkoutAs(t, who, {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0] }],
      expected_total: 7999,
    });
    expect(res.statusCode).toBe(409);
    expect(res.body.code).toBe(4340);
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
  });

  it('refuses the last place twice: ticket.sold_out for one line, 4029 for several', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      enableAgent: 1,
      prices: [{ amount: 100, total: 1 }],
    });
    await buy(await newBuyer(), activity);
    const late = await checkoutAs(t, await newBuyer(), {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0] }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.body.code).toBe('ticket.sold_out');
  });

  it('makes a free order done at once with its ticket', async () => {
    const activity = await paidActivity(5);
    const code = `FREE${Date.now() % 100000}`;
    await insertCoupon(t, { meetingId, code, type: 1, discountRate: 100 });
    const who = await newBuyer();
    const order = await buy(who, activity, { coupon_code: code.toLowerCase() });
    expect(order).toMatchObject({ status: 'done', total: 0, discount: 8000 });
    expect(order.lines[0]?.ticket_id).not.toBeNull();
    expect(order.lines[0]?.coupon_code).toBe(code);
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).tickets).toBe(1);
  });

  it('quotes without writing: discounts, and coupon problems per line', async () => {
    const activity = await paidActivity(5, 10000);
    const code = `HALF${Date.now() % 100000}`;
    await insertCoupon(t, { meetingId, code, type: 1, discountRate: 50 });
    const quote = await callAs<QuoteAnswer>(t, buyer, 'POST', apiUrl('/checkout/activities/quote'), {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], coupon_code: code }],
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.body).toMatchObject({ subtotal: 10000, discount: 5000, total: 5000, problems: [] });
    const bad = await callAs<QuoteAnswer>(t, buyer, 'POST', apiUrl('/checkout/activities/quote'), {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], coupon_code: 'NOPE-NOT-A-CODE' }],
    });
    expect(bad.body.problems).toEqual([expect.objectContaining({ index: 0, code: 'coupon.invalid' })]);
    expect(bad.body.total).toBe(10000);
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
    const refused = await checkoutAs(t, await newBuyer(), {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], coupon_code: 'NOPE-NOT-A-CODE' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe('coupon.invalid');
  });

  it('lists the public coupons and finds a private one by its code only', async () => {
    const code = `PRIV${Date.now() % 100000}`;
    await insertCoupon(t, { meetingId, code, isPublic: 0, totalLimit: 3 });
    const listed = await callAs<{ results: { code: string }[] }>(
      t,
      buyer,
      'GET',
      apiUrl('/meeting/coupons', { meeting_id: meetingId }),
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.body.results.some((c) => c.code === code)).toBe(false);
    const found = await callAs<{ results: { code: string; remaining: number }[] }>(
      t,
      buyer,
      'GET',
      apiUrl('/meeting/coupons', { meeting_id: meetingId, code: code.toLowerCase() }),
    );
    expect(found.body.results).toEqual([expect.objectContaining({ code, remaining: 3, used_by_me: 0 })]);
  });
});

describe('one order across activities', () => {
  it('buys a ticket of two activities of the meeting in one order; paying writes both tickets', async () => {
    const a = await paidActivity(5, 3000);
    const b = await paidActivity(5, 4500);
    const who = await newBuyer();
    const res = await checkoutAs(t, who, {
      activity_id: a.activityId,
      lines: [
        { price_id: a.priceIds[0], data: {} },
        { activity_id: b.activityId, price_id: b.priceIds[0], data: {} },
      ],
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const order = res.body.results[0] as Order;
    expect(order).toMatchObject({ total: 7500, subtotal: 7500 });
    expect(order.lines.map((l) => l.activity_id.$id)).toEqual([a.activityId, b.activityId]);
    const paymentId = await startPayment(t, who, order._id.$id);
    await notify(t, meetingId, notification(paymentId, 7500));
    expect((await stockOf(t, a.activityId, a.priceIds[0] as string)).tickets).toBe(1);
    expect((await stockOf(t, b.activityId, b.priceIds[0] as string)).tickets).toBe(1);
    // Two lines of one activity for yourself are refused.
    const twice = await checkoutAs(t, await newBuyer(), {
      activity_id: a.activityId,
      lines: [{ price_id: a.priceIds[0] }, { price_id: a.priceIds[0] }],
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('group checkout (§4 Group payment)', () => {
  it('the leader pays for everyone in one order, or each member gets an order of their own', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      enableAgent: 1,
      prices: [{ amount: 3000, total: 5 }],
    });
    const leader = await newBuyer();
    const agentId = await insertAgent(t, {
      meetingId,
      activityId: activity.activityId,
      userId: leader.user_id.$id,
    });
    const members = (n: number) =>
      Array.from({ length: n }, () => ({ price_id: activity.priceIds[0], data: {} }));
    const together = await checkoutAs(t, leader, {
      activity_id: activity.activityId,
      agent_id: agentId,
      lines: members(2),
    });
    expect(together.statusCode, JSON.stringify(together.body)).toBe(200);
    expect(together.body.results).toHaveLength(1);
    expect(together.body.results[0]).toMatchObject({
      total: 6000,
      agent_id: { $id: agentId },
      group_checkout_id: null,
    });
    const each = await checkoutAs(t, leader, {
      activity_id: activity.activityId,
      agent_id: agentId,
      pay_mode: 'each',
      lines: members(2),
    });
    expect(each.statusCode).toBe(200);
    expect(each.body.results.map((o) => o.total)).toEqual([3000, 3000]);
    const groupIds = new Set(each.body.results.map((o) => o.group_checkout_id?.$id));
    expect(groupIds.size).toBe(1);
    expect([...groupIds][0]).toMatch(/^[0-9a-f]{24}$/);
    // Two more members than places left: 4029, nothing taken.
    const over = await checkoutAs(t, leader, {
      activity_id: activity.activityId,
      agent_id: agentId,
      lines: members(2),
    });
    expect(over.statusCode).toBe(409);
    expect(over.body.code).toBe(4029);
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(4);
    // One member's order is paid: their ticket belongs to the group.
    const first = each.body.results[0] as Order;
    const paymentId = await startPayment(t, leader, first._id.$id);
    await notify(t, meetingId, notification(paymentId, 3000));
    const paid = await orderOf(leader, first._id.$id);
    expect(paid.status).toBe('done');
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, paid.lines[0]?.ticket_id?.$id ?? ''));
    expect(ticket).toMatchObject({ agentId, userId: null, status: 1, amount: 3000 });
  });
});

describe('paying (sandbox notifications)', () => {
  it('confirms once for the same notification sent 10 times; tickets exist only after payment', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const channels = await callAs<{ results: { channel: string }[] }>(
      t,
      who,
      'GET',
      apiUrl(`/orders/${order._id.$id}/channels`, { env: 'mobile' }),
    );
    expect(channels.body.results).toEqual([{ channel: 'sandbox', provider: 'sandbox' }]);
    const paymentId = await startPayment(t, who, order._id.$id);
    const event = notification(paymentId, 8000);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push((await notify(t, meetingId, event)).statusCode);
    expect(answers).toEqual(Array(10).fill(200));
    const paid = await orderOf(who, order._id.$id);
    expect(paid).toMatchObject({ status: 'done', paid_amount: 8000, pay_channel: 'sandbox' });
    expect(paid.lines[0]?.ticket_id).not.toBeNull();
    expect(await stockOf(t, activity.activityId, activity.priceIds[0] as string)).toEqual({
      sold: 1,
      ticketTotal: 1,
      tickets: 1,
    });
    const outcomes = (await t.database.db.execute(
      sql`select outcome from payment_events where payment_id = ${paymentId}`,
    )) as unknown as { rows: { outcome: string }[] };
    expect(outcomes.rows.map((r) => r.outcome)).toEqual(['confirmed']);
    const issued = await t.database.db.select().from(receipts).where(eq(receipts.orderId, order._id.$id));
    expect(issued).toEqual([expect.objectContaining({ kind: 'receipt', amount: 8000, currency: 'CNY' })]);
  });

  it('takes failed then paid (out of order) to paid; a later failure changes nothing', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    expect(
      (await notify(t, meetingId, notification(paymentId, 8000, { status: 'failed', paid_at: null })))
        .statusCode,
    ).toBe(200);
    expect((await orderOf(who, order._id.$id)).status).toBe('pending');
    expect((await notify(t, meetingId, notification(paymentId, 8000))).statusCode).toBe(200);
    expect(
      (await notify(t, meetingId, notification(paymentId, 8000, { status: 'failed', paid_at: null })))
        .statusCode,
    ).toBe(200);
    const after = await orderOf(who, order._id.$id);
    expect(after.status).toBe('done');
    expect(after.payments[0]?.status).toBe('paid');
  });

  it('rejects a wrong amount and a bad signature, the order unchanged', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    // Signed correctly but for 1 cent: the amount check refuses it.
    expect((await notify(t, meetingId, notification(paymentId, 1))).statusCode).toBe(400);
    // The body changed after signing: the signature check refuses it.
    const tampered = await notify(t, meetingId, notification(paymentId, 8000), {
      tamper: (raw) => raw.replace('"amount":8000', '"amount":1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(
      (await notify(t, meetingId, notification(paymentId, 8000), { signature: 'ab'.repeat(32) })).statusCode,
    ).toBe(400);
    expect((await notify(t, meetingId, notification(paymentId, 8000), { signature: '' })).statusCode).toBe(
      400,
    );
    const after = await orderOf(who, order._id.$id);
    expect(after).toMatchObject({ status: 'pending', paid_amount: 0 });
    expect(after.lines[0]?.ticket_id).toBeNull();
    // The same notification for another meeting does not verify either.
    const other = await notify(t, 'aaaaaaaaaaaaaaaaaaaa0999', notification(paymentId, 8000));
    expect(other.statusCode).toBe(400);
  });

  it('lets another device see, pay or cancel with the pay token only', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const other = await newBuyer();
    const order = await buy(who, activity);
    expect((await callAs(t, other, 'GET', apiUrl(`/orders/${order._id.$id}`))).statusCode).toBe(404);
    expect(
      (await callAs(t, other, 'GET', apiUrl(`/orders/${order._id.$id}`, { token: 'x'.repeat(32) })))
        .statusCode,
    ).toBe(404);
    const seen = await callAs<Order>(
      t,
      other,
      'GET',
      apiUrl(`/orders/${order._id.$id}`, { token: order.pay_token }),
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.body.pay_token).toBeUndefined();
    const cancelled = await callAs<Order>(
      t,
      other,
      'POST',
      apiUrl(`/orders/${order._id.$id}/cancel`, { token: order.pay_token }),
      {},
    );
    expect(cancelled.body.status).toBe('cancelled');
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
    const twice = await callAs(t, who, 'POST', apiUrl(`/orders/${order._id.$id}/cancel`), {});
    expect(twice.statusCode).toBe(409);
    expect((twice.body as { code: string }).code).toBe('order.not_pending');
    const pay = await callAs(t, who, 'POST', apiUrl(`/orders/${order._id.$id}/payments`), {
      channel: 'sandbox',
    });
    expect(pay.statusCode).toBe(409);
    const wrongChannel = await callAs(
      t,
      who,
      'POST',
      apiUrl(`/orders/${(await buy(other, activity))._id.$id}/payments`),
      {
        channel: 'wechat_jsapi',
      },
    );
    expect(wrongChannel.statusCode).toBe(404);
  });
});

describe('expiry and late payment', () => {
  it('expiry returns the place and the coupon use; paying late re-reserves when places are left', async () => {
    const activity = await paidActivity(1, 10000);
    const code = `ONCE${Date.now() % 100000}`;
    const couponId = await insertCoupon(t, { meetingId, code, type: 2, discountAmount: 1000, totalLimit: 1 });
    const who = await newBuyer();
    const order = await buy(who, activity, { coupon_code: code });
    expect(order.total).toBe(9000);
    const paymentId = await startPayment(t, who, order._id.$id);
    await expire(order._id.$id);
    expect((await orderOf(who, order._id.$id)).status).toBe('expired');
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
    const used = (await t.database.db.execute(
      sql`select used_total from coupons where id = ${couponId}`,
    )) as unknown as {
      rows: { used_total: number }[];
    };
    expect(used.rows[0]?.used_total).toBe(0);
    expect((await notify(t, meetingId, notification(paymentId, 9000))).statusCode).toBe(200);
    const after = await orderOf(who, order._id.$id);
    expect(after).toMatchObject({ status: 'done', paid_amount: 9000, refund_amount: 0 });
    expect(await stockOf(t, activity.activityId, activity.priceIds[0] as string)).toEqual({
      sold: 1,
      ticketTotal: 1,
      tickets: 1,
    });
  });

  it('paying late when the places are gone refunds automatically and tells the buyer', async () => {
    const activity = await paidActivity(1);
    const who = await newBuyer();
    const email = `late-${newId()}@example.com`;
    await t.database.db.update(users).set({ email }).where(eq(users.id, who.user_id.$id));
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    await expire(order._id.$id);
    const winner = await buy(await newBuyer(), activity);
    expect(winner.status).toBe('pending');
    expect((await notify(t, meetingId, notification(paymentId, 8000))).statusCode).toBe(200);
    const after = await orderOf(who, order._id.$id);
    expect(after).toMatchObject({
      status: 'expired',
      paid_amount: 8000,
      refund_amount: 8000,
      refund_flag: 1,
    });
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 8000, status: 'pending' })]);
    expect(await stockOf(t, activity.activityId, activity.priceIds[0] as string)).toEqual({
      sold: 1,
      ticketTotal: 1,
      tickets: 0,
    });
    // The refund job (pg-boss, polled every 0.5 s in tests) asks the provider after the commit.
    let refund: typeof refunds.$inferSelect | undefined;
    for (let i = 0; i < 100 && refund?.status !== 'succeeded'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id.$id));
    }
    expect(refund).toMatchObject({ kind: 'late_payment', status: 'succeeded' });
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(order.number);
  });

  it('reconciliation confirms a payment whose notification never came', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    const { recordSandboxOutcome } = await import('../../providers/payment/sandbox-payment.ts');
    recordSandboxOutcome(paymentId, { status: 'paid', amount: 8000, currency: 'CNY' });
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 600_000) })
      .where(eq(payments.id, paymentId));
    expect(
      await reconcilePayments({ db: t.database.db, config: t.app.deps.config, jobs: t.app.deps.jobs }),
    ).toBeGreaterThanOrEqual(1);
    expect((await orderOf(who, order._id.$id)).status).toBe('done');
  });
});

describe('discounts, limits and conflicts', () => {
  it('takes the best automatic discount, then the coupon on what remains; the per-user limit holds', async () => {
    const activity = await paidActivity(10, 10000);
    await t.database.db.insert(discounts).values([
      {
        id: newId(),
        meetingId,
        activityId: activity.activityId,
        type: 3,
        promotionThreshold: 10000,
        promotionAmount: 2000,
        startsAt: new Date(Date.now() - 60_000),
      },
      {
        id: newId(),
        meetingId,
        activityId: null,
        type: 1,
        discountRate: 10,
        startsAt: new Date(Date.now() - 60_000),
      },
      {
        id: newId(),
        meetingId,
        activityId: activity.activityId,
        type: 1,
        discountRate: 90,
        startsAt: new Date(Date.now() - 60_000),
        enabled: 0,
      },
    ]);
    const code = `MINE${Date.now() % 100000}`;
    await insertCoupon(t, {
      meetingId,
      code,
      type: 1,
      discountRate: 50,
      perUserLimit: 1,
      activityId: activity.activityId,
    });
    const who = await newBuyer();
    const order = await buy(who, activity, { coupon_code: code });
    // 10000 − 2000 (threshold promotion beats 10 %) = 8000, then 50 % off what remains.
    expect(order).toMatchObject({ subtotal: 10000, discount: 6000, total: 4000 });
    const other = await paidActivity(10, 10000);
    const again = await checkoutAs(t, who, {
      activity_id: other.activityId,
      lines: [{ price_id: other.priceIds[0], coupon_code: code }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('coupon.not_applicable');
    await callAs(t, who, 'POST', apiUrl(`/orders/${order._id.$id}/cancel`), {});
    const second = await buy(who, activity, { coupon_code: code });
    expect(second.total).toBe(4000);
    const third = await checkoutAs(t, await newBuyer(), {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], coupon_code: code }],
    });
    expect(third.statusCode).toBe(200);
    // The same buyer cannot use it twice: one live use each.
    await callAs(t, who, 'POST', apiUrl(`/orders/${second._id.$id}/cancel`), {});
    await buy(who, activity, { coupon_code: code });
    const coupons = await callAs<{ results: { used_by_me: number }[] }>(
      t,
      who,
      'GET',
      apiUrl('/meeting/coupons', { meeting_id: meetingId, code }),
    );
    expect(coupons.body.results[0]?.used_by_me).toBe(1);
    // Per user: a meeting-wide coupon once per buyer, whatever the activity.
    const once = `EACH${Date.now() % 100000}`;
    await insertCoupon(t, { meetingId, code: once, type: 2, discountAmount: 100, perUserLimit: 1 });
    expect((await buy(who, other, { coupon_code: once })).lines[0]?.coupon_code).toBe(once);
    const third2 = await paidActivity(10, 10000);
    const refused = await checkoutAs(t, who, {
      activity_id: third2.activityId,
      lines: [{ price_id: third2.priceIds[0], coupon_code: once }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe('coupon.limit');
    expect((await stockOf(t, third2.activityId, third2.priceIds[0] as string)).sold).toBe(0);
    // The meeting-wide discount would price the other tests' orders: it ends here.
    await t.database.db.update(discounts).set({ deleted: 1 }).where(eq(discounts.meetingId, meetingId));
  });

  it('a second paid payment of a paid order is refunded in full', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const one = await startPayment(t, who, order._id.$id);
    const two = await startPayment(t, who, order._id.$id);
    await notify(t, meetingId, notification(one, 8000));
    await notify(t, meetingId, notification(two, 8000));
    const after = await orderOf(who, order._id.$id);
    expect(after).toMatchObject({ status: 'done', paid_amount: 16000, refund_amount: 8000, refund_flag: 0 });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id.$id));
    expect(refund).toMatchObject({ kind: 'duplicate_payment', amount: 8000, paymentId: two });
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).tickets).toBe(1);
  });

  it('a buyer who registered meanwhile is refunded when the payment comes, the place returned', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      prices: [{ amount: 8000, total: 5 }, { amount: 0 }],
    });
    const who = await newBuyer();
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    const free = await callAs(t, who, 'POST', apiUrl('/tickets'), {
      activity_id: activity.activityId,
      price_id: activity.priceIds[1],
    });
    expect(free.statusCode).toBe(200);
    expect((await notify(t, meetingId, notification(paymentId, 8000))).statusCode).toBe(200);
    const after = await orderOf(who, order._id.$id);
    expect(after).toMatchObject({
      status: 'cancelled',
      paid_amount: 8000,
      refund_amount: 8000,
      refund_flag: 1,
    });
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id.$id));
    expect(refund?.kind).toBe('conflict');
  });

  it('the durable expiry job closes a pending order at its deadline', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order._id.$id));
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'orders-expire' and singleton_key = ${order._id.$id}`,
    );
    t.app.deps.jobs.wake(expireOrderJob);
    let status = 'pending';
    for (let i = 0; i < 100 && status === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await orderOf(who, order._id.$id)).status;
    }
    expect(status).toBe('expired');
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).sold).toBe(0);
  });
});

describe('refunds (§3 Order refund amount)', () => {
  it('never refunds more than paid; partial refunds add up; a full refund cancels and frees the place', async () => {
    const activity = await paidActivity(5);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const orderId = order._id.$id;
    const deps = { db: t.database.db, config: t.app.deps.config, jobs: t.app.deps.jobs };
    const base = {
      meetingId,
      orderId,
      reason: 'test',
      actorUserId: who.user_id.$id,
      kind: 'organiser' as const,
    };
    await expect(refundOrder(deps, { ...base, amount: 100 })).rejects.toMatchObject({
      code: 'refund.not_paid',
    });
    const paymentId = await startPayment(t, who, orderId);
    await notify(t, meetingId, notification(paymentId, 8000));
    await expect(refundOrder(deps, { ...base, amount: 8001 })).rejects.toMatchObject({
      code: 'refund.exceeds_paid',
    });
    await expect(refundOrder(deps, { ...base, amount: 0 })).rejects.toMatchObject({ status: 400 });
    const first = await refundOrder(deps, { ...base, amount: 3000, idempotencyKey: 'k1' });
    const repeat = await refundOrder(deps, { ...base, amount: 3000, idempotencyKey: 'k1' });
    expect(repeat.id).toBe(first.id);
    await expect(refundOrder(deps, { ...base, amount: 5001, idempotencyKey: 'k2' })).rejects.toMatchObject({
      code: 'refund.exceeds_paid',
    });
    let after = await orderOf(who, orderId);
    expect(after).toMatchObject({ status: 'done', refund_amount: 3000, refund_flag: 0 });
    expect(after.lines[0]).toMatchObject({ refunded_amount: 3000, cancelled: 0 });
    expect((await stockOf(t, activity.activityId, activity.priceIds[0] as string)).tickets).toBe(1);
    await refundOrder(deps, { ...base, amount: 5000, idempotencyKey: 'k3' });
    after = await orderOf(who, orderId);
    expect(after).toMatchObject({ refund_amount: 8000, refund_flag: 1 });
    expect(after.lines[0]).toMatchObject({ refunded_amount: 8000, cancelled: 1 });
    expect(after.refunds.reduce((a, r) => a + r.amount, 0)).toBe(8000);
    expect(await stockOf(t, activity.activityId, activity.priceIds[0] as string)).toEqual({
      sold: 0,
      ticketTotal: 0,
      tickets: 0,
    });
    await expect(refundOrder(deps, { ...base, amount: 1, idempotencyKey: 'k4' })).rejects.toMatchObject({
      code: 'refund.exceeds_paid',
    });
    const documents = await t.database.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    expect(documents.filter((d) => d.kind === 'receipt').map((d) => d.amount)).toEqual([8000]);
    expect(
      documents
        .filter((d) => d.kind === 'cancellation')
        .map((d) => d.amount)
        .sort(),
    ).toEqual([3000, 5000]);
    for (const refund of after.refunds) await runRefundJob(deps, { refundId: refund._id.$id });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  });
});

describe('prices edited during checkout (§8 4340)', () => {
  it('a type edited after the cached registration context was read is refused with 4340, nothing held', async () => {
    const activity = await paidActivity(5, 6000);
    const priceId = activity.priceIds[0] as string;
    const who = await newBuyer();
    // A context kept for a minute (production keeps it REGISTRATION_CONTEXT_TTL_MS, 1 s by default).
    const deps = {
      db: t.database.db,
      config: { ...t.app.deps.config, REGISTRATION_CONTEXT_TTL_MS: 60_000 },
      jobs: t.app.deps.jobs,
    };
    const body = { activity_id: activity.activityId, lines: [{ price_id: priceId, data: {} }] };
    const input = { userId: who.user_id.$id, meetingId, body };
    expect((await quoteCheckout(deps, input)).total).toBe(6000);
    await t.database.db
      .update(activityPrices)
      .set({ amount: 9000, version: sql`${activityPrices.version} + 1` })
      .where(eq(activityPrices.id, priceId));
    await expect(checkout(deps, input)).rejects.toMatchObject({ status: 409, code: 4340 });
    expect(await stockOf(t, activity.activityId, priceId)).toEqual({ sold: 0, ticketTotal: 0, tickets: 0 });
    const held = await t.database.db.select().from(orders).where(eq(orders.userId, who.user_id.$id));
    expect(held).toEqual([]);
  });
});

describe('refunds after a review (§4)', () => {
  it('refunding a rejected paid registration does not give its places back a second time', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      isReview: 1,
      prices: [{ amount: 5000, total: 3 }],
    });
    const priceId = activity.priceIds[0] as string;
    // Another buyer's paid place stays taken throughout (the counters never floor at 0 here).
    const other = await newBuyer();
    const otherOrder = await buy(other, activity);
    await notify(t, meetingId, notification(await startPayment(t, other, otherOrder._id.$id), 5000));
    const who = await newBuyer();
    const order = await buy(who, activity);
    const orderId = order._id.$id;
    await notify(t, meetingId, notification(await startPayment(t, who, orderId), 5000));
    const ticketId = (await orderOf(who, orderId)).lines[0]?.ticket_id?.$id ?? '';
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket?.status).toBe(0);
    expect(await stockOf(t, activity.activityId, priceId)).toMatchObject({ sold: 2, ticketTotal: 2 });

    // The organiser rejects the registration: its places come back with the review.
    await applyReview(t.database.db, null, ticket as TicketRow, { status: 2, reason: 'not eligible' });
    expect(await stockOf(t, activity.activityId, priceId)).toMatchObject({ sold: 1, ticketTotal: 1 });

    // Then refunds the order in full: money back, the line cancelled, the counters left alone.
    const deps = { db: t.database.db, config: t.app.deps.config, jobs: t.app.deps.jobs };
    await refundOrder(deps, {
      meetingId,
      orderId,
      amount: 5000,
      reason: 'rejected',
      actorUserId: who.user_id.$id,
      kind: 'organiser',
    });
    expect(await orderOf(who, orderId)).toMatchObject({ refund_flag: 1, refund_amount: 5000 });
    expect(await stockOf(t, activity.activityId, priceId)).toEqual({ sold: 1, ticketTotal: 1, tickets: 1 });
  });
});

describe('the sandbox page', () => {
  it('shows the amount and order number in Chinese or English', async () => {
    const activity = await paidActivity(5, 12345);
    const who = await newBuyer();
    const order = await buy(who, activity);
    const paymentId = await startPayment(t, who, order._id.$id);
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/${paymentId}`,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('¥123.45');
    expect(zh.body).toContain(order.number);
    expect(zh.body).toContain('沙箱支付');
    const en = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${paymentId}` });
    expect(en.body).toContain('Sandbox payment');
    expect(en.headers['content-security-policy']).toMatch(/style-src 'sha256-/);
    const missing = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${'f'.repeat(24)}` });
    expect(missing.statusCode).toBe(404);
  });
});
