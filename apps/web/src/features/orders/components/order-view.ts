import type { Order, OrderStatus } from '@app/contracts';
import type { ClientEnvironment } from '../../../lib/environment.ts';

/**
 * Pure helpers of the order pages: the status chip (§4 Order colours), the payment countdown (§9
 * tick 1000 ms), the channel environment (§1) and the pay-on-another-device link (§4 Group payment).
 */

/** The word an order's status chip shows (`orders` catalogue `status.*`). */
export type OrderStatusKey = 'refunded' | 'completed' | Exclude<OrderStatus, 'done'>;
/** Chip colour (§4: done → green, refunded → grey, pending → orange, other status grey). */
export type OrderTone = 'green' | 'grey' | 'orange';

/**
 * §4 Order: done is shown 'Refunded' (grey) when its refund flag is 1, else 'Completed' (green);
 * pending is orange; any other status is shown as it is, grey.
 */
export function orderStatusView(order: Pick<Order, 'status' | 'refund_flag'>): {
  key: OrderStatusKey;
  tone: OrderTone;
} {
  if (order.status === 'done') {
    return order.refund_flag === 1 ? { key: 'refunded', tone: 'grey' } : { key: 'completed', tone: 'green' };
  }
  if (order.status === 'pending') return { key: 'pending', tone: 'orange' };
  return { key: order.status, tone: 'grey' };
}

/** Whole seconds left before `expiresAt` (unix seconds) at `nowMs`; 0 once past, or without a deadline. */
export function secondsLeft(expiresAt: number | null, nowMs: number): number {
  if (expiresAt === null) return 0;
  return Math.max(0, Math.ceil(expiresAt - nowMs / 1000));
}

/** A countdown as `m:ss`, or `h:mm:ss` from an hour up (digits are the same in every language). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The environment the channels are asked for (§1): the WeChat browser and its mini-program web view
 * pay inside WeChat; a phone's browser is 'mobile'; anything else 'browser'.
 */
export function paymentEnvironment(environment: ClientEnvironment): 'wechat' | 'mobile' | 'browser' {
  if (environment === 'wechat' || environment === 'miniprogram') return 'wechat';
  return environment;
}

/**
 * The absolute link a pay QR carries: this app's page of the order with its pay token (`pay_token`:
 * a `token` query value is a session token the app consumes, §2), which another logged-in device
 * opens to confirm and pay or cancel (§4). `base` is the app's address without hash.
 */
export function payLink(base: string, input: { meetingId: string; orderId: string; token: string }): string {
  const query = new URLSearchParams({ meeting_id: input.meetingId, pay_token: input.token });
  return `${base}#/my/order/${encodeURIComponent(input.orderId)}?${query.toString()}`;
}

/** The members of a group checkout still to pay (§4 "pending payment with a count of unpaid members"). */
export const unpaidOrders = (orders: readonly Pick<Order, 'status'>[]) =>
  orders.filter((order) => order.status === 'pending');

/** Sums of a group's orders in cents: what is due in all, and what is still unpaid. */
export function groupTotals(orders: readonly Pick<Order, 'status' | 'total'>[]): {
  total: number;
  unpaid: number;
} {
  let total = 0;
  let unpaid = 0;
  for (const order of orders) {
    if (order.status === 'cancelled' || order.status === 'expired') continue;
    total += order.total;
    if (order.status === 'pending') unpaid += order.total;
  }
  return { total, unpaid };
}
