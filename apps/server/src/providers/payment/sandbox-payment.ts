import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  type PaymentEvent,
  type PaymentProvider,
  type PaymentQuery,
  PaymentSignatureError,
} from './payment.ts';
import { headerOf } from './payment-provider-error.ts';

/**
 * The sandbox payment provider (commerce design): no money moves. Paying happens on our own page
 * (GET /api/payments/sandbox/{payment_id}); the page's form sends notifications signed with
 * HMAC-SHA256 under a key derived from AUTH_SECRET and the meeting id, exactly as a real provider's
 * would arrive, so the whole confirm path (inbox, amount re-check, row lock, late payment) runs in
 * development and tests. Amounts are integer cents.
 */

/** Header carrying the hex HMAC-SHA256 of the raw body. */
export const sandboxSignatureHeader = 'x-sandbox-signature';

/** The notification body the sandbox signs. `paid_at` is unix seconds (null for a failure). */
export type SandboxNotification = {
  event_id: string;
  payment_id: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: string;
  paid_at: number | null;
};

/** The signing key of a meeting's sandbox: HKDF-SHA256 of AUTH_SECRET, salt = meeting id. */
export function sandboxKeyOf(authSecret: string, meetingId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, meetingId, 'sandbox-payment-notifications', 32));
}

/** The raw body and headers of a signed sandbox notification (what the sandbox page POSTs). */
export function signSandboxNotification(
  authSecret: string,
  meetingId: string,
  notification: SandboxNotification,
): { rawBody: string; headers: Record<string, string> } {
  const rawBody = JSON.stringify(notification);
  const signature = createHmac('sha256', sandboxKeyOf(authSecret, meetingId)).update(rawBody).digest('hex');
  return { rawBody, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature } };
}

/**
 * What the sandbox knows of its payments in this process (for queryPayment, i.e. reconciliation):
 * the outcome the sandbox page chose. A restarted process answers 'pending' for older ones.
 */
const outcomes = new Map<
  string,
  { status: 'paid' | 'failed'; amount: number; currency: string; paidAt: Date }
>();

/** Records the outcome the sandbox page chose (read back by queryPayment). */
export function recordSandboxOutcome(
  paymentId: string,
  outcome: { status: 'paid' | 'failed'; amount: number; currency: string },
): void {
  if (outcomes.size > 100_000) outcomes.clear();
  outcomes.set(paymentId, { ...outcome, paidAt: new Date() });
}

/**
 * The sandbox provider of one meeting.
 * @param options.publicUrl where the sandbox page lives (PUBLIC_URL)
 */
export function createSandboxPaymentProvider(options: {
  authSecret: string;
  meetingId: string;
  publicUrl: string;
}): PaymentProvider {
  const key = sandboxKeyOf(options.authSecret, options.meetingId);
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    name: 'sandbox',
    channels: () => ['sandbox'],
    createPayment: async (input) => ({
      kind: 'redirect',
      url: `${base}/api/payments/sandbox/${encodeURIComponent(input.paymentId)}?return=${encodeURIComponent(input.returnUrl)}`,
    }),
    parseNotification: async ({ headers, rawBody }): Promise<PaymentEvent> => {
      const signature = headerOf(headers, sandboxSignatureHeader) ?? '';
      const expected = createHmac('sha256', key).update(rawBody).digest();
      const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentSignatureError('sandbox notification signature does not verify');
      }
      let body: Partial<SandboxNotification>;
      try {
        body = JSON.parse(rawBody) as Partial<SandboxNotification>;
      } catch {
        throw new PaymentSignatureError('sandbox notification is not JSON');
      }
      if (
        typeof body.event_id !== 'string' ||
        typeof body.payment_id !== 'string' ||
        (body.status !== 'paid' && body.status !== 'failed') ||
        !Number.isSafeInteger(body.amount) ||
        typeof body.currency !== 'string'
      ) {
        throw new PaymentSignatureError('sandbox notification body is incomplete');
      }
      return {
        eventId: body.event_id,
        type: body.status,
        paymentId: body.payment_id,
        providerTransactionId: `sandbox-${body.payment_id}`,
        amount: body.amount as number,
        currency: body.currency,
        ...(typeof body.paid_at === 'number' ? { paidAt: new Date(body.paid_at * 1000) } : {}),
      };
    },
    acknowledge: (ok) => ({
      status: ok ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({ ok }),
    }),
    queryPayment: async ({ paymentId }): Promise<PaymentQuery> => {
      const outcome = outcomes.get(paymentId);
      if (!outcome) return { status: 'pending', amount: 0, currency: '' };
      return {
        status: outcome.status,
        amount: outcome.amount,
        currency: outcome.currency,
        providerTransactionId: `sandbox-${paymentId}`,
        paidAt: outcome.paidAt,
      };
    },
    refund: async ({ refundId }) => ({ status: 'succeeded', providerRefundId: `sandbox-refund-${refundId}` }),
  };
}
