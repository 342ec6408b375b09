import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

/** A Checkout Session as the fake holds it (the fields the adapter reads). */
export type FakeStripeSession = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  success_url: string;
  mode: string;
};

export type FakeStripe = {
  host: string;
  port: number;
  /** Requests after the API key checked out: method, path and the decoded form body. */
  received: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string }[];
  sessions: Map<string, FakeStripeSession>;
  /** Completes a session as a paid card payment (a PaymentIntent with the session's metadata). */
  pay: (sessionId: string) => FakeStripeSession;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for api.stripe.com: checks the secret key (Bearer) and Stripe-Version header,
 * honours Idempotency-Key (same key and body → same answer; another body → 400
 * idempotency_error), and answers like Stripe for Checkout Sessions (create with its 30 min–24 h
 * expires_at rule, retrieve, list by payment_intent, expire), PaymentIntent search by metadata and
 * refunds (create, never more than the intent's amount; list by payment_intent).
 */
export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const received: FakeStripe['received'] = [];
  const sessions = new Map<string, FakeStripeSession>();
  const intents = new Map<
    string,
    { id: string; amount: number; refunded: number; metadata: Record<string, string> }
  >();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const refundList: {
    id: string;
    payment_intent: string;
    status: string;
    metadata: Record<string, string>;
  }[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    const fail = (status: number, type: string, message: string, code?: string) =>
      send(status, { error: { type, message, ...(code ? { code } : {}) } });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return fail(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (!request.headers['stripe-version'])
      return fail(400, 'invalid_request_error', 'Stripe-Version missing');
    const body = qs.parse(raw) as Record<string, unknown>;
    const idempotencyKey = String(request.headers['idempotency-key'] ?? '');
    received.push({ method: request.method ?? '', path: url.pathname + url.search, body, idempotencyKey });
    const fingerprint = `${request.method} ${url.pathname}`;
    if (request.method === 'POST' && idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.body !== `${fingerprint} ${raw}`) {
          return fail(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters',
          );
        }
        return send(earlier.status, earlier.answer);
      }
    }
    const remember = (status: number, answer: unknown) => {
      if (request.method === 'POST' && idempotencyKey) {
        idempotent.set(idempotencyKey, { body: `${fingerprint} ${raw}`, status, answer });
      }
      send(status, answer);
    };

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const items = body.line_items as
        | { quantity?: string; price_data?: Record<string, unknown> }[]
        | undefined;
      const price = items?.[0]?.price_data as
        | { currency?: string; unit_amount?: string; product_data?: { name?: string } }
        | undefined;
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Number(body.expires_at ?? now + 86_400);
      if (
        body.mode !== 'payment' ||
        !price?.currency ||
        !/^\d+$/.test(price.unit_amount ?? '') ||
        !price.product_data?.name
      ) {
        return fail(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price_data].',
          'parameter_missing',
        );
      }
      if (expiresAt < now + 1800 || expiresAt > now + 86_400) {
        return fail(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'parameter_invalid_integer',
        );
      }
      if (typeof body.success_url !== 'string') {
        return fail(
          400,
          'invalid_request_error',
          'Missing required param: success_url.',
          'parameter_missing',
        );
      }
      const sessionId = id('cs');
      const session: FakeStripeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount) * Number(items?.[0]?.quantity ?? 1),
        currency: price.currency,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_intent: null,
        expires_at: expiresAt,
        success_url: body.success_url,
        mode: 'payment',
      };
      sessions.set(sessionId, session);
      return remember(200, session);
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const session = sessions.get(one[1] ?? '');
      if (!session)
        return fail(
          404,
          'invalid_request_error',
          `No such checkout.session: '${one[1]}'`,
          'resource_missing',
        );
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expire) {
      const session = sessions.get(expire[1] ?? '');
      if (!session) return fail(404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
      if (session.status !== 'open') {
        return fail(
          400,
          'invalid_request_error',
          'Only Checkout Sessions with a status of open can be expired.',
        );
      }
      session.status = 'expired';
      session.url = null;
      return remember(200, session);
    }
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((s) => s.payment_intent === intent);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const match = /^metadata\['payment_id'\]:'([^']*)'$/.exec(url.searchParams.get('query') ?? '');
      if (!match) return fail(400, 'invalid_request_error', 'Invalid search query');
      const data = [...intents.values()]
        .filter((pi) => pi.metadata.payment_id === match[1])
        .map((pi) => ({
          id: pi.id,
          object: 'payment_intent',
          amount: pi.amount,
          status: 'succeeded',
          metadata: pi.metadata,
        }));
      return send(200, {
        object: 'search_result',
        data,
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent');
      const data = refundList.filter((r) => r.payment_intent === intent);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent ?? ''));
      if (!intent) return fail(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || intent.refunded + amount > intent.amount) {
        return fail(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge`,
          'amount_too_large',
        );
      }
      intent.refunded += amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      };
      refundList.push(refund);
      return remember(200, refund);
    }
    return fail(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${url.pathname}).`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    received,
    sessions,
    pay: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = { id: id('pi'), amount: session.amount_total, refunded: 0, metadata: session.metadata };
      intents.set(intent.id, intent);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = intent.id;
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
