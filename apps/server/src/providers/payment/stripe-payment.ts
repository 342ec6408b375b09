import { minorUnitDigits } from '@app/domain/commerce';
import Stripe from 'stripe';
import {
  type ClientEnvironment,
  type PaymentChannel,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentQuery,
  PaymentSignatureError,
  type RefundResult,
} from './payment.ts';
import type { StripeCredentials } from './payment-credentials.ts';
import { headerOf, PaymentProviderError } from './payment-provider-error.ts';

/** Seconds a webhook's signed timestamp may be away from our clock (Stripe's default tolerance). */
const webhookToleranceSeconds = 300;
const defaultTimeoutMs = 20_000;
/** Stripe accepts a Checkout Session's expires_at from 30 minutes to 24 hours after creation. */
const minSessionSeconds = 31 * 60;
const maxSessionSeconds = 24 * 3600 - 60;

/** Stripe Checkout for mobile and desktop browsers (§1); inside WeChat the payer uses WeChat Pay. */
const channelsByEnv: Record<ClientEnvironment, PaymentChannel[]> = {
  wechat: [],
  mobile: ['stripe_checkout'],
  browser: ['stripe_checkout'],
};

/** Currencies Stripe counts in whole units (its "zero-decimal" list). */
const stripeZeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Currencies Stripe counts in thousandths (the last digit must be 0). */
const stripeThreeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

function stripeDigits(currency: string): number {
  if (stripeZeroDecimal.has(currency)) return 0;
  if (stripeThreeDecimal.has(currency)) return 3;
  return 2;
}

/**
 * Our amount (the currency's ISO 4217 minor unit: cents, or yen for JPY — money.ts) → Stripe's
 * smallest unit. They differ only where Stripe departs from ISO (ISK: ISO 0 digits, Stripe 2), and
 * three-decimal currencies must end in 0.
 * @throws PaymentProviderError 'amount_not_representable' when Stripe cannot take it exactly
 */
export function toStripeAmount(amount: number, currency: string): number {
  const upper = currency.toUpperCase();
  const shift = stripeDigits(upper) - minorUnitDigits(upper);
  const value = shift >= 0 ? amount * 10 ** shift : amount / 10 ** -shift;
  const isRepresentable =
    Number.isSafeInteger(value) && (!stripeThreeDecimal.has(upper) || value % 10 === 0) && value >= 0;
  if (!isRepresentable) {
    throw new PaymentProviderError(
      `${amount} is not an amount Stripe takes in ${upper}`,
      'amount_not_representable',
      {
        amount,
        currency: upper,
      },
    );
  }
  return value;
}

/** Stripe's smallest unit → ours (inverse of toStripeAmount). */
export function fromStripeAmount(amount: number, currency: string): number {
  const upper = currency.toUpperCase();
  const shift = stripeDigits(upper) - minorUnitDigits(upper);
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}

type Session = Stripe.Checkout.Session;

/** Payment status of a Checkout Session. */
function statusOf(session: Session): PaymentQuery['status'] {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  if (session.status === 'expired') return 'closed';
  return 'pending';
}

/** The Stripe provider plus expiring an open Checkout Session (order expired or cancelled). */
export type StripePaymentProvider = PaymentProvider & {
  /** Expires the payment's open Checkout Session, if Stripe has one. */
  closePayment(paymentId: string): Promise<void>;
};

/**
 * Stripe (DESIGN §8) with the official client: a hosted Checkout Session per payment
 * (client_reference_id and metadata.payment_id = our payment id, expiring no sooner than Stripe's
 * 30 minutes; created with idempotency key `checkout-<payment id>`), webhooks verified by
 * stripe.webhooks.constructEvent with the endpoint secret (checkout.session.completed /
 * async_payment_succeeded → paid, async_payment_failed / expired → failed, others ignored), query
 * by the session (sessions.retrieve; found through the PaymentIntent's metadata when the session id
 * is not known), refunds of the session's PaymentIntent with idempotency key and metadata.refund_id = our refund id
 * (a retry reads the refund already made).
 * `providerTransactionId` is the Checkout Session id (cs_…). Currency minor units: see toStripeAmount.
 * @param options.host/port/protocol point the client elsewhere (tests: a local fake)
 */
export function createStripePaymentProvider(options: {
  credentials: StripeCredentials;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}): StripePaymentProvider {
  const { credentials } = options;
  const now = options.now ?? Date.now;
  const stripe = new Stripe(credentials.secret_key, {
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? defaultTimeoutMs,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  /** Sessions this process created, by payment id (saves the metadata search). */
  const sessionIds = new Map<string, string>();

  /** Runs a Stripe call; its errors become PaymentProviderError with Stripe's code. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        !(error instanceof Stripe.errors.StripeError)
      ) {
        throw new PaymentProviderError(`Stripe ${what} unreachable`, 'network_error', {
          message: (error as Error).message,
        });
      }
      const code = error.code ?? error.type;
      throw new PaymentProviderError(`Stripe ${what} failed: ${code}`, code, {
        status: error.statusCode ?? 0,
        message: error.message,
        requestId: error.requestId ?? '',
      });
    }
  };

  /** The payment's Checkout Session id: given, created here, or found through the PaymentIntent's metadata. */
  const sessionIdOf = async (paymentId: string, providerTransactionId?: string): Promise<string | null> => {
    if (providerTransactionId?.startsWith('cs_')) return providerTransactionId;
    const known = sessionIds.get(paymentId);
    if (known) return known;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) return null;
    const intents = await call('payment intent search', () =>
      stripe.paymentIntents.search({ query: `metadata['payment_id']:'${paymentId}'`, limit: 1 }),
    );
    const intent = intents.data[0];
    if (!intent) return null;
    const sessions = await call('session list', () =>
      stripe.checkout.sessions.list({ payment_intent: intent.id, limit: 1 }),
    );
    return sessions.data[0]?.id ?? null;
  };

  return {
    name: 'stripe',

    channels: (env) => channelsByEnv[env] ?? [],

    createPayment: async (input) => {
      if (input.channel !== 'stripe_checkout') {
        throw new PaymentProviderError(`Stripe has no channel ${input.channel}`, 'channel_unsupported', {
          channel: input.channel,
        });
      }
      const currency = input.currency.toUpperCase();
      const unitAmount = toStripeAmount(input.amount, currency);
      const nowSeconds = Math.floor(now() / 1000);
      const expiresAt = Math.min(
        Math.max(Math.floor(input.expiresAt.getTime() / 1000), nowSeconds + minSessionSeconds),
        nowSeconds + maxSessionSeconds,
      );
      const metadata = { payment_id: input.paymentId, order_number: input.orderNumber };
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: currency.toLowerCase(),
                  unit_amount: unitAmount,
                  product_data: {
                    name: [...(input.description || input.orderNumber)].slice(0, 250).join(''),
                  },
                },
              },
            ],
            client_reference_id: input.paymentId,
            metadata,
            payment_intent_data: { metadata },
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            expires_at: expiresAt,
          },
          { idempotencyKey: `checkout-${input.paymentId}` },
        ),
      );
      if (!session.url) {
        throw new PaymentProviderError('Stripe answered a session without a URL', 'no_url', {
          session: session.id,
        });
      }
      sessionIds.set(input.paymentId, session.id);
      return { kind: 'redirect', url: session.url };
    },

    parseNotification: async ({ headers, rawBody }) => {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headerOf(headers, 'stripe-signature') ?? '',
          credentials.webhook_secret,
          webhookToleranceSeconds,
          undefined,
          now(),
        );
      } catch (error) {
        throw new PaymentSignatureError(`Stripe webhook signature invalid: ${(error as Error).message}`);
      }
      const ignored: PaymentEvent = {
        eventId: event.id,
        type: 'ignored',
        paymentId: '',
        amount: 0,
        currency: '',
      };
      if (!event.type.startsWith('checkout.session.')) return ignored;
      const session = event.data.object as Session;
      const paymentId = session.client_reference_id ?? session.metadata?.payment_id ?? '';
      const currency = (session.currency ?? '').toUpperCase();
      let type: PaymentEvent['type'] = 'ignored';
      if (event.type === 'checkout.session.completed') {
        // 'unpaid' here is an asynchronous method (bank debit) still under way: its own event follows.
        type = session.payment_status === 'unpaid' ? 'ignored' : 'paid';
      } else if (event.type === 'checkout.session.async_payment_succeeded') {
        type = 'paid';
      } else if (
        event.type === 'checkout.session.async_payment_failed' ||
        event.type === 'checkout.session.expired'
      ) {
        type = 'failed';
      }
      const result: PaymentEvent = {
        eventId: event.id,
        type,
        paymentId,
        providerTransactionId: session.id,
        amount: currency ? fromStripeAmount(session.amount_total ?? 0, currency) : 0,
        currency,
      };
      if (type === 'paid') result.paidAt = new Date(event.created * 1000);
      return result;
    },

    acknowledge: (ok) =>
      ok
        ? { status: 200, contentType: 'application/json', body: '{"received":true}' }
        : { status: 400, contentType: 'application/json', body: '{"received":false}' },

    queryPayment: async ({ paymentId, providerTransactionId }) => {
      const sessionId = await sessionIdOf(paymentId, providerTransactionId);
      // No session, or no PaymentIntent yet: nobody has started paying.
      if (!sessionId) return { status: 'pending', amount: 0, currency: '' };
      const session = await call('session', () => stripe.checkout.sessions.retrieve(sessionId));
      const currency = (session.currency ?? '').toUpperCase();
      return {
        status: statusOf(session),
        amount: currency ? fromStripeAmount(session.amount_total ?? 0, currency) : 0,
        currency,
        providerTransactionId: session.id,
      };
    },

    refund: async (input) => {
      let paymentIntent = input.providerTransactionId?.startsWith('pi_') ? input.providerTransactionId : null;
      if (!paymentIntent) {
        const sessionId = await sessionIdOf(input.paymentId, input.providerTransactionId);
        if (!sessionId) throw new PaymentProviderError('No Stripe session for this payment', 'not_paid');
        const session = await call('session', () => stripe.checkout.sessions.retrieve(sessionId));
        const intent = session.payment_intent;
        paymentIntent = typeof intent === 'string' ? intent : (intent?.id ?? null);
        if (!paymentIntent) throw new PaymentProviderError('The Stripe session was not paid', 'not_paid');
      }
      const intentId = paymentIntent;
      // A retried refund (the refund job runs again while Stripe says pending) reads the refund made
      // under our id: an idempotent replay would answer the first, stale status for 24 hours.
      const earlier = await call('refund list', () =>
        stripe.refunds.list({ payment_intent: intentId, limit: 100 }),
      );
      const refund =
        earlier.data.find((r) => r.metadata?.refund_id === input.refundId) ??
        (await call('refund', () =>
          stripe.refunds.create(
            {
              payment_intent: intentId,
              amount: toStripeAmount(input.amount, input.currency),
              reason: 'requested_by_customer',
              metadata: {
                refund_id: input.refundId,
                payment_id: input.paymentId,
                reason: input.reason.slice(0, 500),
              },
            },
            { idempotencyKey: input.refundId },
          ),
        ));
      const status: RefundResult['status'] =
        refund.status === 'succeeded'
          ? 'succeeded'
          : refund.status === 'failed' || refund.status === 'canceled'
            ? 'failed'
            : 'pending';
      return { status, providerRefundId: refund.id };
    },

    closePayment: async (paymentId) => {
      const sessionId = await sessionIdOf(paymentId);
      if (!sessionId) return;
      const session = await call('session', () => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status === 'open')
        await call('session expire', () => stripe.checkout.sessions.expire(sessionId));
    },
  };
}
