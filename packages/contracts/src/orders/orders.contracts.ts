import { z } from 'zod';
import { FormAnswers } from '../forms/forms.contracts.ts';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Orders and payment (§3 Order, Discount, Registrant; §4 Order and Group payment; §7 POST
 * /checkout/activities, GET /meeting/coupons; §8 4029, 4340, 'Payment failed'; §9 amounts in cents,
 * discount types 1–3). A paid ticket type is bought through checkout: the order reserves the places,
 * the buyer pays through the meeting's payment provider, and the tickets are written when the payment
 * is confirmed — never before. Every amount is integer cents of the order's `currency`.
 */

/** Order states (§4 Order): 'done' is paid (or free); 'expired' / 'cancelled' gave their places back. */
export const orderStatuses = ['pending', 'done', 'expired', 'cancelled'] as const;
export const OrderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Integer cents ≥ 0 (§9). */
export const Cents = z.number().int().nonnegative();

/** A coupon code as typed (upper-cased by the server, at most 32 characters). */
export const CouponCodeInput = z.string().trim().max(32);

/** Payment channels (provider-specific ways to pay). */
export const paymentChannels = [
  'sandbox',
  'wechat_jsapi',
  'wechat_h5',
  'wechat_native',
  'alipay_wap',
  'alipay_page',
  'stripe_checkout',
] as const;
export const PaymentChannelName = z.enum(paymentChannels);
export type PaymentChannelName = z.infer<typeof PaymentChannelName>;

/** Payment providers a meeting may use. */
export const paymentProviders = ['sandbox', 'wechatpay', 'alipay', 'stripe'] as const;
export const PaymentProviderName = z.enum(paymentProviders);

/** The client environment that decides the channels offered (§1: chat-app browser, mobile, desktop). */
export const ClientEnvironmentName = z.enum(['wechat', 'mobile', 'browser']);

/** One line of a checkout: a registrant (§3 Registrant) with their ticket type and answers. */
export const CheckoutLineInput = z.strictObject({
  /** Defaults to the body's activity_id (individual checkout may span activities of one meeting). */
  activity_id: ObjectIdString.optional(),
  price_id: ObjectIdString,
  /** The type's version the client showed: 4340 when it changed. */
  price_version: z.coerce.number().int().optional(),
  /** Registrant answers, as POST /tickets member data. */
  data: FormAnswers.default({}),
  /** This line's coupon; else the body's coupon_code. */
  coupon_code: CouponCodeInput.optional(),
});
export type CheckoutLineInput = z.infer<typeof CheckoutLineInput>;

/**
 * Body of POST /checkout/activities and /checkout/activities/quote.
 * - Individual: no agent_id; at most one line per activity (the buyer's own ticket).
 * - Group (agent_id, a group the caller leads): one activity, one line per member; `pay_mode` 'leader'
 *   (default) makes one order, 'each' one order per member sharing a group_checkout_id.
 */
export const CheckoutBody = z.strictObject({
  activity_id: ObjectIdString,
  source_id: z.union([ObjectIdString, z.literal('')]).optional(),
  invite: z.string().trim().max(textLimits.token).optional(),
  agent_id: ObjectIdString.optional(),
  pay_mode: z.enum(['leader', 'each']).optional(),
  /** Applies to lines without their own coupon_code. */
  coupon_code: CouponCodeInput.optional(),
  lines: z.array(CheckoutLineInput).min(1).max(200),
  /** Cents the buyer saw; a different computed total answers 4340. */
  expected_total: z.coerce.number().int().nonnegative().optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** A line of an order. */
export const OrderLine = z.object({
  _id: WireId,
  activity_id: WireId,
  activity_title: LocalizedText,
  price_id: WireId,
  price_title: LocalizedText,
  /** The registrant's name. */
  name: z.string(),
  unit_amount: Cents,
  discount: Cents,
  amount: Cents,
  coupon_code: z.string(),
  /** The ticket written when the payment was confirmed; null before. */
  ticket_id: WireId.nullable(),
  refunded_amount: Cents,
  cancelled: Flag,
});
export type OrderLine = z.infer<typeof OrderLine>;

/** A payment attempt of an order. */
export const OrderPayment = z.object({
  _id: z.string(),
  provider: z.string(),
  channel: z.string(),
  amount: Cents,
  status: z.enum(['created', 'paid', 'failed', 'closed']),
  pay_time: UnixSeconds.nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/** A refund of an order. */
export const OrderRefund = z.object({
  _id: WireId,
  amount: Cents,
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  create_time: UnixSeconds,
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/**
 * An order (§3 Order: number, create time, pay time, pay channel, refund amount, status, refund flag).
 * `refund_flag` 1 = fully refunded (shown 'refunded', §4). `expires_at`: a pending order's payment
 * deadline (unix seconds); its places return when it passes. `pay_token` comes only in the checkout
 * answer and to the buyer: the token of the cross-device QR link (`#/my/order/<id>?token=`).
 */
export const Order = z.object({
  _id: WireId,
  number: z.string(),
  meeting_id: WireId,
  user_id: WireId,
  agent_id: WireId.nullable(),
  group_checkout_id: WireId.nullable(),
  status: OrderStatus,
  refund_flag: Flag,
  refund_amount: Cents,
  paid_amount: Cents,
  currency: z.string(),
  subtotal: Cents,
  discount: Cents,
  total: Cents,
  pay_channel: z.string().nullable(),
  pay_time: UnixSeconds.nullable(),
  create_time: UnixSeconds,
  expires_at: UnixSeconds.nullable(),
  provider: z.string(),
  lines: z.array(OrderLine),
  payments: z.array(OrderPayment),
  refunds: z.array(OrderRefund),
  pay_token: z.string().optional(),
});
export type Order = z.infer<typeof Order>;

/** Answer of a checkout: the orders made (one; one per member with pay_mode 'each'). */
export const CheckoutAnswer = resultsOf(Order);
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const checkoutActivities = defineRoute({
  method: 'POST',
  path: '/checkout/activities',
  summary:
    'Buys tickets (§4 Order, §7): reserves the places and coupon uses and makes a pending order to pay before expires_at (a free order is done at once, its tickets written). Tickets are written only when the payment is confirmed. 409 ticket.sold_out (one line) / 4029 (a type lacks places for several lines) / 4340 (type changed or expected_total differs) / signup.failed.max / source.invalid / registration.* / ticket.sign_up_once / phone.registered / email.registered / id_number.exists / agent.* / coupon.expired / coupon.limit / coupon.not_applicable; 400 coupon.invalid / form.required / price.invalid / price.deleted / validation_failed; 403 activity.invitation_*; 404 not_found.',
  spec: '§7 Activities POST /checkout/activities, §3 Order, Discount, Registrant, §4 Order, Group payment, §8',
  tags: ['orders'],
  isPublic: false,
  body: CheckoutBody,
  response: CheckoutAnswer,
});

/** One problem a quote found, by line index (coupon errors per line; -1 = the whole order). */
export const QuoteProblem = z.object({
  index: z.number().int(),
  code: z.union([z.string(), z.number()]),
  message: z.string(),
});

/** Answer of a quote: what the checkout would charge now (cents). */
export const QuoteAnswer = z.object({
  subtotal: Cents,
  discount: Cents,
  total: Cents,
  currency: z.string(),
  lines: z.array(z.object({ key: z.number().int(), unit_amount: Cents, discount: Cents, amount: Cents })),
  problems: z.array(QuoteProblem),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswer>;

export const quoteCheckout = defineRoute({
  method: 'POST',
  path: '/checkout/activities/quote',
  summary:
    'Prices a checkout without writing anything (registrant answers not checked): subtotal, discount, total and per-line amounts in cents, and the problems found per line (coupon.invalid / coupon.expired / coupon.limit / coupon.not_applicable / ticket.sold_out / price.*). 404 activity not found.',
  spec: '§3 Discount, §9 discount types, §7',
  tags: ['orders'],
  isPublic: false,
  body: CheckoutBody,
  response: QuoteAnswer,
});

/** Querystring of GET /orders. */
export const OrderListQuerystring = z.object({
  meeting_id: ObjectIdString,
  status: OrderStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export const listOrders = defineRoute({
  method: 'GET',
  path: '/orders',
  summary: "The caller's orders in a meeting, newest first (limit 1..100, default 20). 401 login.required.",
  spec: '§2 /my/order, §3 Order, §4 Order',
  tags: ['orders'],
  isPublic: false,
  querystring: OrderListQuerystring,
  response: resultsOf(Order),
});

export const OrderIdParams = z.object({ id: ObjectIdString });
/** `?token=`: the pay token of the cross-device QR (§4 Group payment 'confirm or cancel after scanning'). */
export const OrderTokenQuerystring = z.object({ token: z.string().trim().max(64).optional() });

export const getOrder = defineRoute({
  method: 'GET',
  path: '/orders/:id',
  summary:
    "An order, to its buyer, or to any logged-in user holding its pay token (?token=, the QR shown on another device). 404 order.not_found (someone else's order, wrong token).",
  spec: '§2 /my/order/{checkoutId}, §4 Order, Group payment',
  tags: ['orders'],
  isPublic: false,
  params: OrderIdParams,
  querystring: OrderTokenQuerystring,
  response: Order,
});

export const cancelOrder = defineRoute({
  method: 'POST',
  path: '/orders/:id/cancel',
  summary:
    'Cancels a pending order (buyer, or holder of its pay token): its places and coupon uses return. 409 order.not_pending; 404 order.not_found.',
  spec: '§4 Order, Group payment (cancel after scanning)',
  tags: ['orders'],
  isPublic: false,
  params: OrderIdParams,
  querystring: OrderTokenQuerystring,
  response: Order,
});

/** A way to pay offered to the client. */
export const PaymentChannelInfo = z.object({ channel: PaymentChannelName, provider: PaymentProviderName });

export const listOrderChannels = defineRoute({
  method: 'GET',
  path: '/orders/:id/channels',
  summary:
    "The meeting's payment channels that fit the client's environment (env=wechat|mobile|browser, §1). 404 order.not_found.",
  spec: '§1 client environment, §4 Order',
  tags: ['orders'],
  isPublic: false,
  params: OrderIdParams,
  querystring: z.object({
    env: ClientEnvironmentName.optional(),
    token: z.string().trim().max(64).optional(),
  }),
  response: resultsOf(PaymentChannelInfo),
});

/** How the client starts a payment: go to a URL, show a QR, or call WeChat's JSAPI. */
export const PaymentStartWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('qr'), code_url: z.string() }),
  z.object({ kind: z.literal('jsapi'), params: z.record(z.string(), z.string()) }),
]);
export type PaymentStartWire = z.infer<typeof PaymentStartWire>;

export const CreatePaymentBody = z.strictObject({
  channel: PaymentChannelName,
  /** The pay token when paying from another device. */
  token: z.string().trim().max(64).optional(),
  /** WeChat JSAPI payer. */
  openid: z.string().trim().max(128).optional(),
  /** Where the provider sends the payer back (same origin only); default `#/my/order/<id>`. */
  return_url: z.string().trim().max(textLimits.url).optional(),
});
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

export const createOrderPayment = defineRoute({
  method: 'POST',
  path: '/orders/:id/payments',
  summary:
    'Starts paying a pending order through a channel: answers the payment id and how to start (redirect, QR, JSAPI). 400 payment.channel_unavailable; 409 order.not_pending / order.expired / payment.failed (the provider refused) / payment.not_configured (the meeting’s provider lacks credentials); 404 order.not_found.',
  spec: '§4 Order, §8 Payment failed',
  tags: ['orders'],
  isPublic: false,
  params: OrderIdParams,
  body: CreatePaymentBody,
  response: z.object({ payment_id: z.string(), start: PaymentStartWire }),
});

/** A coupon as the public sees it (§3 Discount, §9 types). `remaining` null = no total limit. */
export const Coupon = z.object({
  _id: WireId,
  code: z.string(),
  title: LocalizedText,
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  discount_rate: z.number().int(),
  discount_amount: Cents,
  promotion_threshold: Cents,
  promotion_amount: Cents,
  starts_at: UnixSeconds.nullable(),
  ends_at: UnixSeconds.nullable(),
  remaining: z.number().int().nullable(),
  per_user_limit: z.number().int(),
  used_by_me: z.number().int(),
});
export type Coupon = z.infer<typeof Coupon>;

export const listMeetingCoupons = defineRoute({
  method: 'GET',
  path: '/meeting/coupons',
  summary:
    "A meeting's valid public coupons (optionally for one activity), or with `code` the coupon of that code (private ones only by exact code); `used_by_me` counts the caller's live uses.",
  spec: '§7 Meetings GET /meeting/coupons, §3 Discount',
  tags: ['orders'],
  isPublic: false,
  querystring: z.object({
    meeting_id: ObjectIdString,
    activity_id: ObjectIdString.optional(),
    code: CouponCodeInput.optional(),
  }),
  response: resultsOf(Coupon),
});
