import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { PaymentSignatureError } from './payment.ts';
import { PaymentProviderError } from './payment-provider-error.ts';
import { createStripePaymentProvider, fromStripeAmount, toStripeAmount } from './stripe-payment.ts';

const credentials = {
  secret_key: 'sk_test_51FakeKey0123456789',
  webhook_secret: 'whsec_test0123456789abcdef',
};
const now = Date.parse('2026-11-26T10:00:00Z');
const base = {
  orderNumber: '2026112612345678',
  amount: 12_345,
  currency: 'USD',
  description: 'Expo 2026 — VIP ticket',
  notifyUrl: 'https://meet.example.org/api/payments/notify/stripe/m1',
  returnUrl: 'https://meet.example.org/#/my/order/o1',
  expiresAt: new Date(now + 15 * 60_000),
};

describe('Stripe minor units', () => {
  it('passes ISO minor units through, shifts where Stripe departs from ISO, refuses what Stripe cannot take', () => {
    expect(toStripeAmount(12_345, 'USD')).toBe(12_345);
    expect(toStripeAmount(12_345, 'CNY')).toBe(12_345);
    expect(toStripeAmount(1_000, 'JPY')).toBe(1_000); // ¥1000: yen are our unit and Stripe's
    expect(toStripeAmount(50_000, 'KRW')).toBe(50_000);
    expect(toStripeAmount(500, 'ISK')).toBe(50_000); // ISO 0 digits, Stripe 2
    expect(fromStripeAmount(50_000, 'ISK')).toBe(500);
    expect(toStripeAmount(12_340, 'KWD')).toBe(12_340);
    expect(() => toStripeAmount(12_345, 'KWD')).toThrow(PaymentProviderError); // must end in 0
    expect(() => toStripeAmount(1.5, 'USD')).toThrow(PaymentProviderError);
    expect(fromStripeAmount(1_000, 'jpy')).toBe(1_000);
  });
});

describe('Stripe adapter against a fake Stripe API (key, version, idempotency checked)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: credentials.secret_key });
  });
  afterAll(async () => {
    await fake.close();
  });
  const provider = (overrides: Partial<typeof credentials> = {}, clock = () => now + 0) =>
    createStripePaymentProvider({
      credentials: { ...credentials, ...overrides },
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      now: clock,
    });
  const realClock = () => Date.now();

  it('offers Checkout on mobile and desktop browsers, nothing inside WeChat (§1)', () => {
    expect(provider().channels('mobile')).toEqual(['stripe_checkout']);
    expect(provider().channels('browser')).toEqual(['stripe_checkout']);
    expect(provider().channels('wechat')).toEqual([]);
  });

  it('creates a Checkout Session: our payment id as client_reference_id and metadata, expiry ≥ 30 min', async () => {
    const at = Date.now();
    const start = await provider({}, realClock).createPayment({
      ...base,
      expiresAt: new Date(at + 15 * 60_000),
      paymentId: 'p-stripe-1',
      channel: 'stripe_checkout',
    });
    if (start.kind !== 'redirect') throw new Error('expected redirect');
    expect(start.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const request = fake.received.at(-1);
    expect(request?.idempotencyKey).toBe('checkout-p-stripe-1');
    expect(request?.body).toMatchObject({
      mode: 'payment',
      client_reference_id: 'p-stripe-1',
      metadata: { payment_id: 'p-stripe-1', order_number: base.orderNumber },
      payment_intent_data: { metadata: { payment_id: 'p-stripe-1' } },
      success_url: base.returnUrl,
      cancel_url: base.returnUrl,
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '12345', product_data: { name: base.description } },
        },
      ],
    });
    const expiresAt = Number(request?.body.expires_at);
    expect(expiresAt - Math.floor(at / 1000)).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - Math.floor(at / 1000)).toBeLessThan(32 * 60);
  });

  it('keeps a later expiry as is, within 24 hours', async () => {
    const at = Date.now();
    await provider({}, realClock).createPayment({
      ...base,
      expiresAt: new Date(at + 2 * 3600_000),
      paymentId: 'p-stripe-2h',
      channel: 'stripe_checkout',
    });
    expect(Number(fake.received.at(-1)?.body.expires_at)).toBe(Math.floor((at + 2 * 3600_000) / 1000));
  });

  it('sends yen as whole yen', async () => {
    await provider({}, realClock).createPayment({
      ...base,
      amount: 3_000,
      currency: 'JPY',
      paymentId: 'p-jpy',
      channel: 'stripe_checkout',
    });
    expect(fake.received.at(-1)?.body).toMatchObject({
      line_items: [{ price_data: { currency: 'jpy', unit_amount: '3000' } }],
    });
  });

  it('a wrong secret key is refused by Stripe (401) as a provider error', async () => {
    const error = await provider({ secret_key: 'sk_test_wrongwrongwrong' }, realClock)
      .createPayment({ ...base, paymentId: 'p-bad-key', channel: 'stripe_checkout' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).response).toMatchObject({ status: 401 });
  });

  it('queries: unknown payment → pending; open → pending; paid → paid with the session id', async () => {
    const stripe = provider({}, realClock);
    expect(await stripe.queryPayment({ paymentId: 'p-never' })).toEqual({
      status: 'pending',
      amount: 0,
      currency: '',
    });
    await stripe.createPayment({ ...base, paymentId: 'p-query', channel: 'stripe_checkout' });
    expect(await stripe.queryPayment({ paymentId: 'p-query' })).toMatchObject({
      status: 'pending',
      amount: 12_345,
      currency: 'USD',
    });
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === 'p-query');
    if (!session) throw new Error('no session');
    fake.pay(session.id);
    expect(await stripe.queryPayment({ paymentId: 'p-query' })).toEqual({
      status: 'paid',
      amount: 12_345,
      currency: 'USD',
      providerTransactionId: session.id,
    });
    // Another process (no memory of the session) finds it through the PaymentIntent's metadata.
    expect(await provider({}, realClock).queryPayment({ paymentId: 'p-query' })).toMatchObject({
      status: 'paid',
      providerTransactionId: session.id,
    });
    expect(fake.received.some((r) => r.path.startsWith('/v1/payment_intents/search'))).toBe(true);
  });

  it('refunds the session’s PaymentIntent with idempotency key = our refund id; a retry refunds once', async () => {
    const stripe = provider({}, realClock);
    await stripe.createPayment({ ...base, paymentId: 'p-refund', channel: 'stripe_checkout' });
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === 'p-refund');
    if (!session) throw new Error('no session');
    fake.pay(session.id);
    const input = {
      paymentId: 'p-refund',
      providerTransactionId: session.id,
      refundId: 'r-1',
      amount: 10_000,
      total: 12_345,
      currency: 'USD',
      reason: 'Organiser refund',
    };
    const first = await stripe.refund(input);
    expect(first.status).toBe('succeeded');
    expect(first.providerRefundId).toMatch(/^re_test_/);
    expect(fake.received.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'r-1',
      body: { payment_intent: session.payment_intent, amount: '10000', metadata: { refund_id: 'r-1' } },
    });
    // The refund job runs again: the refund made under our id is read, none is created.
    const calls = fake.received.length;
    expect(await stripe.refund(input)).toEqual(first);
    expect(fake.received.slice(calls).some((r) => r.method === 'POST')).toBe(false);
    await expect(stripe.refund({ ...input, refundId: 'r-2', amount: 5_000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it('expires an open session when the payment is closed', async () => {
    const stripe = provider({}, realClock);
    await stripe.createPayment({ ...base, paymentId: 'p-close', channel: 'stripe_checkout' });
    await stripe.closePayment('p-close');
    expect((await stripe.queryPayment({ paymentId: 'p-close' })).status).toBe('closed');
  });

  it('fails with network_error when Stripe cannot be reached', async () => {
    const unreachable = createStripePaymentProvider({
      credentials,
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
    });
    await expect(
      unreachable.queryPayment({ paymentId: 'x', providerTransactionId: 'cs_test_x' }),
    ).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});

describe('Stripe webhooks', () => {
  const stripe = createStripePaymentProvider({ credentials, now: () => now });
  const session = {
    id: 'cs_test_a1b2c3',
    object: 'checkout.session',
    client_reference_id: 'p-hook',
    metadata: { payment_id: 'p-hook' },
    amount_total: 12_345,
    currency: 'usd',
    payment_status: 'paid',
    status: 'complete',
    payment_intent: 'pi_test_123',
  };
  const hook = (
    type: string,
    object: Record<string, unknown> = session,
    options: { secret?: string; at?: number } = {},
  ) => {
    const rawBody = JSON.stringify({
      id: `evt_${type.replaceAll('.', '_')}`,
      object: 'event',
      type,
      created: Math.floor(now / 1000) - 2,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: options.secret ?? credentials.webhook_secret,
      timestamp: options.at ?? Math.floor(now / 1000),
    });
    return { headers: { 'stripe-signature': header }, rawBody };
  };

  it('checkout.session.completed (paid) → a paid event in our units with the session id', async () => {
    expect(await stripe.parseNotification(hook('checkout.session.completed'))).toEqual({
      eventId: 'evt_checkout_session_completed',
      type: 'paid',
      paymentId: 'p-hook',
      providerTransactionId: 'cs_test_a1b2c3',
      amount: 12_345,
      currency: 'USD',
      paidAt: new Date(now - 2000),
    });
  });

  it('async outcomes and expiry: succeeded → paid, failed / expired → failed, unpaid completion and others → ignored', async () => {
    const typeOf = async (type: string, object?: Record<string, unknown>) =>
      (await stripe.parseNotification(hook(type, object))).type;
    expect(await typeOf('checkout.session.async_payment_succeeded')).toBe('paid');
    expect(
      await typeOf('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' }),
    ).toBe('failed');
    expect(
      await typeOf('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid' }),
    ).toBe('failed');
    expect(await typeOf('checkout.session.completed', { ...session, payment_status: 'unpaid' })).toBe(
      'ignored',
    );
    expect(await typeOf('charge.refunded', { id: 'ch_1', object: 'charge' })).toBe('ignored');
  });

  it('refuses a changed body, another secret, an old timestamp, a missing header', async () => {
    const good = hook('checkout.session.completed');
    const cases = [
      { headers: good.headers, rawBody: good.rawBody.replace('12345', '1') },
      hook('checkout.session.completed', session, { secret: 'whsec_another0123456789' }),
      hook('checkout.session.completed', session, { at: Math.floor(now / 1000) - 600 }),
      { headers: {}, rawBody: good.rawBody },
    ];
    for (const input of cases) {
      await expect(stripe.parseNotification(input)).rejects.toBeInstanceOf(PaymentSignatureError);
    }
  });

  it('acknowledges with 200 JSON, or 400 so Stripe retries', () => {
    expect(stripe.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"received":true}',
    });
    expect(stripe.acknowledge(false).status).toBe(400);
  });
});
