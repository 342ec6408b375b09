import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/**
 * Refusals of checkout, payment and refunds (§4 Order, §8 'Payment failed', commerce design errors).
 * Registration refusals (sold out, full, 4029, 4340 …) are the tickets module's (tickets.errors.ts).
 */

/** 404 an order that is not the caller's, nor named by its pay token. */
export const orderNotFound = () => new AppError(404, ErrorCode.orderNotFound, 'Order not found');

/** 409 the order is no longer pending. */
export const orderNotPending = () =>
  new AppError(409, ErrorCode.orderNotPending, 'This order is no longer waiting for payment');

/** 409 the payment window has passed. */
export const orderExpired = () => new AppError(409, ErrorCode.orderExpired, 'This order has expired');

/** 400 no coupon of this code. */
export const couponInvalid = () => new AppError(400, ErrorCode.couponInvalid, 'Invalid coupon code');

/** 409 the coupon is not valid now. */
export const couponExpired = () => new AppError(409, ErrorCode.couponExpired, 'This coupon is not valid now');

/** 409 the coupon's total or per-user limit is reached. */
export const couponLimit = () => new AppError(409, ErrorCode.couponLimit, 'This coupon has been used up');

/** 409 the coupon does not cover this activity or ticket type. */
export const couponNotApplicable = () =>
  new AppError(409, ErrorCode.couponNotApplicable, 'This coupon does not apply to this ticket');

/** 400 the channel is not offered. */
export const channelUnavailable = () =>
  new AppError(400, ErrorCode.paymentChannelUnavailable, 'This payment method is not available');

/** 409 'Payment failed' (§8). */
export const paymentFailed = () => new AppError(409, ErrorCode.paymentFailed, 'Payment failed');

/** 409 a refund over what was paid and not yet refunded. */
export const refundExceedsPaid = () =>
  new AppError(409, ErrorCode.refundExceedsPaid, 'The refund exceeds the amount paid');

/** 409 nothing was paid. */
export const refundNotPaid = () =>
  new AppError(409, ErrorCode.refundNotPaid, 'Nothing has been paid on this order');

/** 400 a notification that does not verify. */
export const notificationInvalid = () =>
  new AppError(400, ErrorCode.notificationInvalid, 'Payment notification does not verify');
