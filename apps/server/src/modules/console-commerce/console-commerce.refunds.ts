import type { ConsoleOrderDetail, ConsoleRefundValues } from '@app/contracts';
import type { AppDeps } from '../../app-types.ts';
import { refundOrder as refundThroughProvider } from '../orders/orders.refunds.ts';
import { requireCan } from '../roles/roles.service.ts';
import { orderDetailOf } from './console-commerce.service.ts';

/**
 * POST /console/meetings/{meeting_id}/commerce/orders/{id}/refunds (§3 Order refund amount, §4
 * Order): refunds `amount` cents of the order through its payment provider and cancels the tickets
 * of `line_ids`, by the orders module's refundOrder (never over paid − refunded; the same
 * `idempotency_key` refunds once; audited there). Answers the order as the detail shows it.
 * @throws 400 validation_failed; 403 no_permission (finance.refund); 404 not_found / order.not_found;
 * 409 refund.exceeds_paid / refund.not_paid.
 */
export async function refundOrder(
  deps: AppDeps,
  input: { userId: string; meetingId: string; id: string; body: ConsoleRefundValues },
): Promise<ConsoleOrderDetail> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.refund' });
  // 404 before anything moves when the order is not this meeting's.
  await orderDetailOf(deps.db, input.meetingId, input.id);
  await refundThroughProvider(
    { db: deps.db, config: deps.config, jobs: deps.jobs },
    {
      meetingId: input.meetingId,
      orderId: input.id,
      amount: input.body.amount,
      lineIds: input.body.line_ids ?? [],
      reason: input.body.reason,
      actorUserId: input.userId,
      kind: 'organiser',
      idempotencyKey: input.body.idempotency_key,
    },
  );
  return orderDetailOf(deps.db, input.meetingId, input.id);
}
