import {
  cancelOrder as cancelOrderContract,
  checkoutActivities,
  createOrderPayment as createOrderPaymentContract,
  getOrder as getOrderContract,
  listMeetingCoupons as listMeetingCouponsContract,
  listOrderChannels as listOrderChannelsContract,
  listOrders as listOrdersContract,
  objectIdPattern,
  quoteCheckout as quoteCheckoutContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { bodyLimitBytes } from '../../plugins/wire-format.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { type PaymentProvider, PaymentSignatureError } from '../../providers/payment/payment.ts';
import { notificationInvalid } from './orders.errors.ts';
import {
  createOrderPayment,
  handlePaymentEvent,
  listOrderChannels,
  type PaymentDeps,
  providerOf,
  reconcileJob,
  reconcilePayments,
  refundJob,
  runRefundJob,
} from './orders.payments.ts';
import { findStalePayments } from './orders.repository.ts';
import {
  deliverSandboxNotification,
  performSandboxPayment,
  renderSandboxPage,
  type SandboxMode,
  sandboxDeliveryJob,
  sandboxPageCsp,
} from './orders.sandbox.ts';
import {
  cancelOrder,
  checkout,
  expireOrderJob,
  getOrder,
  listMeetingCoupons,
  listOrders,
  quoteCheckout,
  runExpireOrderJob,
} from './orders.service.ts';

/** Seconds between reconciliation offers (commerce design: every 5 minutes). */
export const reconcileIntervalSeconds = 300;

/**
 * Orders and payment (§4 Order, Group payment; §7 POST /checkout/activities, GET /meeting/coupons):
 * checkout and quote, the buyer's orders, cancel, channels, starting a payment (logged-in callers);
 * the providers' notification route POST /payments/notify/{provider}/{meeting_id} (no session, no
 * Apikey: the provider's signature is the proof; raw body of any content type); the sandbox pay page;
 * and the workers of expiry, refunds, reconciliation and late sandbox deliveries.
 */
export async function orderRoutes(
  app: App,
  options: { providerOf?: PaymentDeps['providerOf'] } = {},
): Promise<void> {
  const { db, config, jobs } = app.deps;
  const deps: PaymentDeps = {
    db,
    config,
    jobs,
    mail: createMailProvider(config),
    ...(options.providerOf ? { providerOf: options.providerOf } : {}),
  };
  const auth = { auth: 'required' } as const;

  jobs.work(expireOrderJob, (data) => runExpireOrderJob(deps, data), { concurrency: 5 });
  jobs.work(refundJob, (data) => runRefundJob(deps, data), { concurrency: 2 });
  jobs.work(
    reconcileJob,
    async () => {
      await reconcilePayments(deps);
    },
    { concurrency: 1 },
  );
  jobs.work(sandboxDeliveryJob, async (data) => {
    const status = await deliverSandboxNotification(config, data.meetingId, data.notification);
    if (status >= 500) throw new Error(`sandbox notification answered ${status}`);
  });
  let isClosed = false;
  const offerReconciliation = async () => {
    try {
      const stale = await findStalePayments(db, new Date(Date.now() - 120_000), 1);
      if (stale.length === 0) return;
      const id = await jobs.enqueue(
        db,
        reconcileJob,
        {},
        {
          singletonKey: 'reconcile',
          singletonSeconds: reconcileIntervalSeconds,
        },
      );
      if (id) jobs.wake(reconcileJob);
    } catch (error) {
      if (!isClosed) app.log.error({ err: error }, 'orders: could not offer reconciliation');
    }
  };
  const timer = setInterval(() => void offerReconciliation(), reconcileIntervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
  });

  app.route({
    ...contractRoute(checkoutActivities),
    config: auth,
    handler: async (request) => ({
      results: await checkout(deps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
    }),
  });
  app.route({
    ...contractRoute(quoteCheckoutContract),
    config: auth,
    handler: async (request) =>
      quoteCheckout(deps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(listOrdersContract),
    config: auth,
    handler: async (request) => ({
      results: await listOrders(deps, {
        userId: requireUserId(request),
        meetingId: request.query.meeting_id,
        ...(request.query.status ? { status: request.query.status } : {}),
        ...(request.query.limit !== undefined ? { limit: request.query.limit } : {}),
        ...(request.query.skip !== undefined ? { skip: request.query.skip } : {}),
      }),
    }),
  });
  app.route({
    ...contractRoute(getOrderContract),
    config: auth,
    handler: async (request) =>
      getOrder(deps, {
        userId: requireUserId(request),
        orderId: request.params.id,
        token: request.query.token,
      }),
  });
  app.route({
    ...contractRoute(cancelOrderContract),
    config: auth,
    handler: async (request) =>
      cancelOrder(deps, {
        userId: requireUserId(request),
        orderId: request.params.id,
        token: request.query.token,
      }),
  });
  app.route({
    ...contractRoute(listOrderChannelsContract),
    config: auth,
    handler: async (request) => ({
      results: await listOrderChannels(deps, {
        userId: requireUserId(request),
        orderId: request.params.id,
        token: request.query.token,
        env: request.query.env,
      }),
    }),
  });
  app.route({
    ...contractRoute(createOrderPaymentContract),
    config: auth,
    handler: async (request) =>
      createOrderPayment(deps, {
        userId: requireUserId(request),
        orderId: request.params.id,
        token: request.body.token,
        channel: request.body.channel,
        openid: request.body.openid,
        returnUrl: request.body.return_url,
        clientIp: request.ip,
      }),
  });
  app.route({
    ...contractRoute(listMeetingCouponsContract),
    config: auth,
    handler: async (request) => ({
      results: await listMeetingCoupons(deps, {
        userId: requireUserId(request),
        meetingId: request.query.meeting_id,
        activityId: request.query.activity_id,
        code: request.query.code,
      }),
    }),
  });

  // The sandbox pay page: a browser navigation (no Apikey, no session); the payment id is the key.
  app.route({
    method: 'GET',
    url: '/payments/sandbox/:payment_id',
    config: { auth: 'none', skipApikey: true },
    schema: {
      summary:
        'Sandbox pay page (HTML, zh or en by Accept-Language): amount, order number, Pay / Fail and a developer panel (deliver once, 10 duplicates, late, out of order). 404 not_found for a payment that is not a sandbox one. No Apikey.',
      description: 'Implements §4 Order (sandbox provider of the commerce design).',
      tags: ['orders'],
      security: [],
    },
    handler: async (request, reply) => {
      const { payment_id: paymentId } = request.params as { payment_id: string };
      const query = request.query as { return?: unknown };
      const html = await renderSandboxPage(db, {
        paymentId,
        acceptLanguage: request.headers['accept-language'],
        returnUrl: typeof query.return === 'string' ? query.return : undefined,
      });
      return reply
        .header('content-security-policy', sandboxPageCsp)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  });
  app.route({
    method: 'POST',
    url: '/payments/sandbox/:payment_id',
    config: { auth: 'none', skipApikey: true },
    schema: {
      summary:
        "Performs the sandbox page's choice (form: action paid|failed, mode once|duplicates|late|out_of_order, delay seconds, return): signs and delivers the notification(s) to the notify route, then 303 to the return address. 404 not_found. No Apikey.",
      description: 'Implements §4 Order (sandbox provider of the commerce design).',
      tags: ['orders'],
      security: [],
    },
    handler: async (request, reply) => {
      const { payment_id: paymentId } = request.params as { payment_id: string };
      const form = (request.body ?? {}) as Record<string, unknown>;
      const modes: SandboxMode[] = ['once', 'duplicates', 'late', 'out_of_order'];
      const mode = modes.includes(form.mode as SandboxMode) ? (form.mode as SandboxMode) : 'once';
      const location = await performSandboxPayment(deps, {
        paymentId,
        action: form.action === 'failed' ? 'failed' : 'paid',
        mode,
        delaySeconds: Number(form.delay) || undefined,
        returnUrl: typeof form.return === 'string' ? form.return : undefined,
      });
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
  });

  // Provider notifications: any content type, kept raw for the provider's signature check.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: bodyLimitBytes },
      (request, body, done) => {
        request.rawBody = body as string;
        done(null, body);
      },
    );
    scope.route({
      method: 'POST',
      url: '/payments/notify/:provider/:meeting_id',
      config: { auth: 'none', skipApikey: true },
      schema: {
        summary:
          "A payment provider's notification for a meeting (raw body: JSON, form or text). Verified with the meeting's provider, recorded once per event id, amount re-checked; answered in the provider's own format (sandbox: 200 {ok:true}, 400 {ok:false} for a bad signature, an unknown payment or a wrong amount). No session, no Apikey.",
        description: 'Implements §4 Order and Group payment (commerce design handlePaymentEvent).',
        tags: ['orders'],
        security: [],
      },
      handler: async (request, reply) => {
        const params = request.params as { provider: string; meeting_id: string };
        if (!objectIdPattern.test(params.meeting_id)) throw notificationInvalid();
        let provider: PaymentProvider;
        try {
          provider = await providerOf(deps, params.meeting_id);
        } catch {
          throw notificationInvalid();
        }
        if (provider.name !== params.provider) throw notificationInvalid();
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        );
        let outcome: Awaited<ReturnType<typeof handlePaymentEvent>>;
        try {
          const event = await provider.parseNotification({ headers, rawBody: request.rawBody });
          outcome = await handlePaymentEvent(deps, {
            provider,
            meetingId: params.meeting_id,
            event,
            payload: { event: { ...event, paidAt: event.paidAt?.toISOString() ?? null } },
          });
        } catch (error) {
          if (!(error instanceof PaymentSignatureError)) throw error;
          request.log.warn(
            { provider: params.provider, reason: error.message },
            'payment notification refused',
          );
          outcome = 'rejected';
        }
        const ack = provider.acknowledge(outcome !== 'rejected');
        if (outcome === 'rejected')
          request.log.warn({ provider: params.provider }, 'payment notification rejected');
        return reply.status(ack.status).type(ack.contentType).send(ack.body);
      },
    });
  });
}
