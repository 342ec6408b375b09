import { generateKeyPairSync } from 'node:crypto';
import type { LoginResult, Order } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatpay, startFakeWechatpay, wechatNotification } from '../../../test/fake-wechatpay.ts';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createWechatpayPaymentProvider } from '../../providers/payment/wechatpay-payment.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { userIdentities } from '../users/users.tables.ts';
import { checkoutAs } from './orders.fixtures.ts';
import { createOrderPayment, handlePaymentEvent, runRefundJob } from './orders.payments.ts';
import { refundOrder } from './orders.refunds.ts';
import { commerceSettings, orders, payments, refunds } from './orders.tables.ts';

/**
 * A real adapter in the orders flow (§4 Order; DESIGN §8): WeChat Pay against its local fake,
 * through the orders module's own payment start, notification handling and refund job — the
 * adapter's events, queries and refund answers must mean what handlePaymentEvent expects.
 */

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const platformKeyId = 'PUB_KEY_ID_0114232134912410000000000001';
const credentials = {
  mchid: '1900000109',
  appid: 'wx8888888888888888',
  serial_no: '3775B6A45ACD588826D15E583A95F5DD4A5C7E23',
  private_key: String(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' })),
  apiv3_key: 'Q4E6W2R8T1Y5U3I9O7P0A2S4D6F8G1H3',
  platform_public_key: String(platform.publicKey.export({ type: 'spki', format: 'pem' })),
  platform_public_key_id: platformKeyId,
};
const meetingId = ids.meeting;

let t: TestApp;
let fake: FakeWechatpay;
let buyer: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  // The meeting pays with WeChat Pay but has no credentials stored: the app's own workers cannot
  // reach a provider, so only the calls below (with the adapter on the fake) move money.
  await t.database.db
    .insert(commerceSettings)
    .values({ meetingId, paymentProvider: 'wechatpay' })
    .onConflictDoUpdate({ target: commerceSettings.meetingId, set: { paymentProvider: 'wechatpay' } });
  fake = await startFakeWechatpay({
    mchid: credentials.mchid,
    appid: credentials.appid,
    merchantSerial: credentials.serial_no,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformSerial: platformKeyId,
  });
  buyer = await newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('WeChat Pay through the orders flow', () => {
  it('Native QR → paid notification confirms the order and writes the ticket once → refund settles', async () => {
    const provider = createWechatpayPaymentProvider({ credentials, baseUrl: fake.baseUrl });
    const deps = {
      db: t.database.db,
      config: t.app.deps.config,
      jobs: t.app.deps.jobs,
      providerOf: async () => provider,
    };
    const activity = await insertActivity(t.database.db, { meetingId, prices: [{ amount: 8000, total: 5 }] });
    const checkout = await checkoutAs(t, buyer, {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], data: {} }],
    });
    expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
    const order = checkout.body.results[0] as Order;

    const started = await createOrderPayment(deps, {
      userId: buyer.user_id.$id,
      orderId: order._id.$id,
      channel: 'wechat_native',
    });
    expect(started.start).toMatchObject({ kind: 'qr' });
    expect(fake.received.at(-1)?.body).toMatchObject({
      out_trade_no: started.payment_id,
      amount: { total: 8000, currency: 'CNY' },
      notify_url: `${t.app.deps.config.PUBLIC_URL.replace(/\/+$/, '')}/api/payments/notify/wechatpay/${meetingId}`,
    });

    const paid = fake.pay(started.payment_id);
    const delivery = wechatNotification({
      platformPrivateKey: platform.privateKey,
      platformSerial: platformKeyId,
      apiv3Key: credentials.apiv3_key,
      id: 'EV-flow-1',
      eventType: 'TRANSACTION.SUCCESS',
      resource: {
        mchid: credentials.mchid,
        appid: credentials.appid,
        out_trade_no: started.payment_id,
        transaction_id: paid.transaction_id,
        trade_state: 'SUCCESS',
        success_time: paid.success_time,
        amount: { total: 8000, payer_total: 8000, currency: 'CNY', payer_currency: 'CNY' },
      },
    });
    const event = await provider.parseNotification(delivery);
    const handle = () => handlePaymentEvent(deps, { provider, meetingId, event, payload: {} });
    expect(await handle()).toBe('confirmed');
    expect(await handle()).toBe('duplicate');
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, order._id.$id));
    expect(orderRow).toMatchObject({ status: 'done', paidAmount: 8000 });
    const [paymentRow] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, started.payment_id));
    expect(paymentRow).toMatchObject({ status: 'paid', providerTransactionId: paid.transaction_id });
    const written = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(written).toHaveLength(1);

    const refund = await refundOrder(deps, {
      meetingId,
      orderId: order._id.$id,
      amount: 3000,
      reason: 'Organiser refund',
      actorUserId: null,
      kind: 'organiser',
      idempotencyKey: 'flow-1',
    });
    // WeChat Pay answers PROCESSING: the job throws so it runs again; then the refund has succeeded.
    await expect(runRefundJob(deps, { refundId: refund.id })).rejects.toThrow(/pending/);
    expect(fake.received.at(-1)?.body).toMatchObject({
      transaction_id: paid.transaction_id,
      out_refund_no: refund.id,
      amount: { refund: 3000, total: 8000, currency: 'CNY' },
    });
    const stored = fake.refunds.get(refund.id);
    if (stored) stored.status = 'SUCCESS';
    await runRefundJob(deps, { refundId: refund.id });
    const [refundRow] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(refundRow).toMatchObject({ status: 'succeeded', providerRefundId: stored?.refund_id });
    expect([...fake.refunds.keys()]).toEqual([refund.id]);
  });

  it('a notification whose amount WeChat Pay does not confirm is rejected, the order stays pending', async () => {
    const provider = createWechatpayPaymentProvider({ credentials, baseUrl: fake.baseUrl });
    const deps = {
      db: t.database.db,
      config: t.app.deps.config,
      jobs: t.app.deps.jobs,
      providerOf: async () => provider,
    };
    const activity = await insertActivity(t.database.db, { meetingId, prices: [{ amount: 8000, total: 5 }] });
    const checkout = await checkoutAs(
      t,
      await newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId),
      {
        activity_id: activity.activityId,
        lines: [{ price_id: activity.priceIds[0], data: {} }],
      },
    );
    const order = checkout.body.results[0] as Order;
    const started = await createOrderPayment(deps, {
      userId: order.user_id.$id,
      orderId: order._id.$id,
      channel: 'wechat_native',
    });
    // Signed by the platform, but WeChat Pay's own record says not paid: not believed.
    const event = await provider.parseNotification(
      wechatNotification({
        platformPrivateKey: platform.privateKey,
        platformSerial: platformKeyId,
        apiv3Key: credentials.apiv3_key,
        id: 'EV-flow-2',
        eventType: 'TRANSACTION.SUCCESS',
        resource: {
          mchid: credentials.mchid,
          out_trade_no: started.payment_id,
          transaction_id: '4200000000000000000000000002',
          trade_state: 'SUCCESS',
          amount: { total: 8000, currency: 'CNY' },
        },
      }),
    );
    expect(await handlePaymentEvent(deps, { provider, meetingId, event, payload: {} })).toBe('rejected');
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, order._id.$id));
    expect(orderRow?.status).toBe('pending');

    // WeChat Pay resends the refused notification once its record says paid: decided anew, confirmed.
    fake.pay(started.payment_id).transaction_id = '4200000000000000000000000002';
    expect(await handlePaymentEvent(deps, { provider, meetingId, event, payload: {} })).toBe('confirmed');
    expect(await handlePaymentEvent(deps, { provider, meetingId, event, payload: {} })).toBe('duplicate');
    const [paidRow] = await t.database.db.select().from(orders).where(eq(orders.id, order._id.$id));
    expect(paidRow?.status).toBe('done');
  });

  it('JSAPI inside WeChat pays as the buyer: the openid of their WeChat login goes to WeChat Pay', async () => {
    const provider = createWechatpayPaymentProvider({ credentials, baseUrl: fake.baseUrl });
    const deps = {
      db: t.database.db,
      config: t.app.deps.config,
      jobs: t.app.deps.jobs,
      providerOf: async () => provider,
    };
    const jsapiBuyer = await newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);
    await t.database.db.insert(userIdentities).values({
      provider: 'wechat',
      subject: 'o-union-jsapi',
      userId: jsapiBuyer.user_id.$id,
      profile: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', unionid: 'o-union-jsapi' },
    });
    const activity = await insertActivity(t.database.db, { meetingId, prices: [{ amount: 6600, total: 5 }] });
    const checkout = await checkoutAs(t, jsapiBuyer, {
      activity_id: activity.activityId,
      lines: [{ price_id: activity.priceIds[0], data: {} }],
    });
    const order = checkout.body.results[0] as Order;
    const started = await createOrderPayment(deps, {
      userId: jsapiBuyer.user_id.$id,
      orderId: order._id.$id,
      channel: 'wechat_jsapi',
    });
    expect(started.start).toMatchObject({ kind: 'jsapi' });
    expect(fake.received.at(-1)?.body).toMatchObject({
      out_trade_no: started.payment_id,
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
  });

  it('an event about something else (no payment of ours) is acknowledged as ignored', async () => {
    const provider = createWechatpayPaymentProvider({ credentials, baseUrl: fake.baseUrl });
    const deps = {
      db: t.database.db,
      config: t.app.deps.config,
      jobs: t.app.deps.jobs,
      providerOf: async () => provider,
    };
    const event = {
      eventId: 'EV-other-1',
      type: 'ignored' as const,
      paymentId: '',
      amount: 0,
      currency: 'CNY',
    };
    expect(await handlePaymentEvent(deps, { provider, meetingId, event, payload: {} })).toBe('ignored');
  });
});
