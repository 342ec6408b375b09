import { getCommerceReconciliation, refundConsoleOrder } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { providerOf } from '../orders/orders.payments.ts';
import { refundOrder } from './console-commerce.refunds.ts';
import { getReconciliation } from './console-commerce.service.ts';

/**
 * The console's commerce calls that reach the meeting's payment provider (DESIGN §7; §3 Order refund
 * amount, §4 Order): POST /console/meetings/{meeting_id}/commerce/orders/{id}/refunds (finance.refund)
 * and GET …/commerce/reconciliation?date (finance.read). Logged-in callers only.
 */
export function consoleCommercePaymentRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  // The orders module's lookup of a meeting's provider (the one its payments and refunds use).
  const reconciliationDeps = {
    db,
    config,
    providerOf: (meetingId: string) => providerOf({ db, config, jobs }, meetingId),
  };
  app.route({
    ...contractRoute(refundConsoleOrder),
    config: { auth: 'required' },
    handler: async (request) =>
      refundOrder(app.deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(getCommerceReconciliation),
    config: { auth: 'required' },
    handler: async (request) =>
      getReconciliation(reconciliationDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        date: request.query.date,
      }),
  });
}
