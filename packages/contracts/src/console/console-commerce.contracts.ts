import { z } from 'zod';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingItemParams, ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The organiser console's commerce area (DESIGN §7, commerce design "Console (E)"; spec §3 Order and
 * Discount, §4 Order, §9 cents and discount types 1–3), under /console/meetings/{meeting_id}/commerce/:
 * orders (search, filters, paging, detail, CSV export), refunds, payment settings (credentials are
 * write-only: answers say which fields are set, never their values), coupons and automatic discounts,
 * revenue by day and channel, and the reconciliation of a day's payments against the provider.
 *
 * Every amount is integer cents. Dates (`from`, `to`, `date`) are calendar days `YYYY-MM-DD` in the
 * meeting's time zone. Actions: finance.read (orders, revenue, reconciliation, reading settings),
 * finance.refund, finance.settings, commerce.edit (coupons, discounts); without one: 403 no_permission.
 */

/** Error codes of this area (besides validation_failed, no_permission, not_found, conflict.stale). */
export const ConsoleCommerceError = {
  /** 409 a coupon code another live coupon of the meeting has (codes are compared upper-cased). */
  couponCodeTaken: 'coupon.code_taken',
  /** 400 a ticket type or activity that is not the meeting's. */
  targetInvalid: 'commerce.target_invalid',
  /** 400 credentials that do not fit the provider's shape (details name each field). */
  credentialsInvalid: 'payment.credentials_invalid',
} as const;

/** A calendar day `YYYY-MM-DD` (in the meeting's time zone), a real date of the years 1900–2099. */
export const CommerceDate = z
  .string()
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((text) => {
    const at = Date.parse(`${text}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
  }, 'a real calendar date');

/** Order states (§4 Order). */
export const ConsoleOrderStatus = z.enum(['pending', 'done', 'expired', 'cancelled']);
export type ConsoleOrderStatus = z.infer<typeof ConsoleOrderStatus>;

/** Payment providers a meeting may use (commerce_settings.payment_provider). */
export const CommerceProviderName = z.enum(['sandbox', 'wechatpay', 'alipay', 'stripe']);
export type CommerceProviderName = z.infer<typeof CommerceProviderName>;

const Cents = z.number().int();

// ---------------------------------------------------------------------------------------------
// Orders

/** One order as the console's table lists it; the buyer is the first line's registrant. */
export const ConsoleOrder = z.object({
  _id: WireId,
  number: z.string(),
  status: ConsoleOrderStatus,
  /** 1 = fully refunded (§4: a done order with refund flag 1 shows 'refunded'). */
  refund_flag: Flag,
  currency: z.string(),
  subtotal: Cents,
  discount: Cents,
  total: Cents,
  paid_amount: Cents,
  refund_amount: Cents,
  pay_channel: z.string().nullable(),
  provider: z.string(),
  pay_time: UnixSeconds.nullable(),
  create_time: UnixSeconds,
  user_id: WireId,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  lines_count: z.number().int().nonnegative(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrder>;

/** The orders table's filters (shared by the list and the export). */
export const ConsoleOrderFilter = z.object({
  /** Part of the order number, a registrant's name, phone or e-mail (case-insensitive). */
  q: z.string().trim().max(textLimits.title).optional(),
  status: ConsoleOrderStatus.optional(),
  /** A payment channel, e.g. 'sandbox', 'wechat_native'. */
  channel: z.string().trim().max(32).optional(),
  /** Orders created on or after this day (meeting time zone). */
  from: CommerceDate.optional(),
  /** Orders created on or before this day (meeting time zone). */
  to: CommerceDate.optional(),
});
export type ConsoleOrderFilter = z.infer<typeof ConsoleOrderFilter>;

export const ConsoleOrderListQuery = ConsoleOrderFilter.extend({
  /** 1..200, default 50. */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ConsoleOrderListQuery = z.infer<typeof ConsoleOrderListQuery>;

/** A page of orders (`items`, like the other console tables, so the client keeps `total`). */
export const ConsoleOrderList = z.object({
  items: z.array(ConsoleOrder),
  total: z.number().int().nonnegative(),
  /** The payment channels the meeting's orders used (the channel filter's choices). */
  channels: z.array(z.string()),
});
export type ConsoleOrderList = z.infer<typeof ConsoleOrderList>;

export const listConsoleOrders = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/orders',
  summary:
    "A meeting's orders, newest first, searched (number, registrant name, phone, e-mail), filtered (status, channel, created from / to in the meeting's time zone), `limit` 1..200 (50) from `skip`, with the total. 403 no_permission (finance.read).",
  spec: '§3 Order, §4 Order, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: ConsoleOrderListQuery,
  response: ConsoleOrderList,
});

export const ConsoleOrderLine = z.object({
  _id: WireId,
  activity_id: WireId,
  activity_title: LocalizedText,
  price_id: WireId,
  price_title: LocalizedText,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  unit_amount: Cents,
  discount: Cents,
  amount: Cents,
  coupon_code: z.string(),
  ticket_id: WireId.nullable(),
  refunded_amount: Cents,
  cancelled: Flag,
});
export type ConsoleOrderLine = z.infer<typeof ConsoleOrderLine>;

export const ConsoleOrderPayment = z.object({
  _id: z.string(),
  provider: z.string(),
  channel: z.string(),
  amount: Cents,
  currency: z.string(),
  status: z.string(),
  provider_transaction_id: z.string().nullable(),
  pay_time: UnixSeconds.nullable(),
  create_time: UnixSeconds,
});

export const ConsoleOrderRefund = z.object({
  _id: z.string(),
  amount: Cents,
  status: z.string(),
  reason: z.string(),
  kind: z.string(),
  line_ids: z.array(z.string()),
  create_time: UnixSeconds,
});

/** One audit entry of an order (refunds and other console writes on it). */
export const ConsoleOrderAudit = z.object({
  action: z.string(),
  actor_user_id: z.string().nullable(),
  after: z.unknown(),
  create_time: UnixSeconds,
});

export const ConsoleOrderDetail = ConsoleOrder.extend({
  agent_id: WireId.nullable(),
  expires_at: UnixSeconds.nullable(),
  /** Cents that may still be refunded: paid − refunded. */
  refundable: Cents,
  lines: z.array(ConsoleOrderLine),
  payments: z.array(ConsoleOrderPayment),
  refunds: z.array(ConsoleOrderRefund),
  audit: z.array(ConsoleOrderAudit),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetail>;

export const getConsoleOrder = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/orders/:id',
  summary:
    'One order with its lines, payments, refunds and audit trail. 403 no_permission (finance.read); 404 not_found.',
  spec: '§3 Order, §4 Order, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: ConsoleOrderDetail,
});

export const ExportConsoleOrdersQuery = ConsoleOrderFilter.extend({
  /** Language of the activity and ticket-type titles in the file (default en). */
  lang: z.string().max(8).optional(),
});
export type ExportConsoleOrdersQuery = z.infer<typeof ExportConsoleOrdersQuery>;

export const exportConsoleOrders = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/orders/export',
  summary:
    "The filtered orders as CSV (UTF-8 with a BOM), one row per order line, amounts in yuan with 2 decimals, times in the meeting's time zone. 403 no_permission (finance.read).",
  spec: '§3 Order, §9 amounts, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: ExportConsoleOrdersQuery,
  response: z.unknown(),
});

/** A list of ids: an array, or comma-separated text ('' = none). */
const IdList = z.union([z.array(ObjectIdString).max(500), z.string().max(13_000)]).transform((value, ctx) => {
  const list = Array.isArray(value) ? value : value.split(/[\s,]+/).filter((id) => id !== '');
  for (const id of list) {
    if (!/^[0-9a-f]{24}$/.test(id)) {
      ctx.addIssue({ code: 'custom', message: `Invalid ObjectId: ${id}` });
      return z.NEVER;
    }
  }
  return [...new Set(list)];
});

export const ConsoleRefundBody = z.strictObject({
  /** Cents to refund, 1..(paid − refunded). */
  amount: z.coerce.number().int().min(1).max(2_147_483_647),
  /** Lines whose tickets are cancelled with this refund (none: money only). */
  line_ids: IdList.optional(),
  reason: z.string().trim().min(1).max(textLimits.answer),
  /** A key the console makes per refund dialog; the same key twice refunds once. */
  idempotency_key: z.string().trim().min(8).max(64),
});
export type ConsoleRefundBody = z.input<typeof ConsoleRefundBody>;
export type ConsoleRefundValues = z.output<typeof ConsoleRefundBody>;

export const refundConsoleOrder = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/commerce/orders/:id/refunds',
  summary:
    'Refunds part or all of an order through its payment provider (and cancels the tickets of `line_ids`); the same idempotency_key refunds once. Answers the order. 400 validation_failed; 403 no_permission (finance.refund); 404 not_found; 409 refund.exceeds_paid / refund.not_paid.',
  spec: '§3 Order refund amount, §4 Order, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ConsoleRefundBody,
  response: ConsoleOrderDetail,
});

// ---------------------------------------------------------------------------------------------
// Settings

export const CommerceSeller = z.object({
  name: z.string(),
  taxpayer_number: z.string(),
  address: z.string(),
});

export const CommerceSettings = z.object({
  payment_provider: CommerceProviderName,
  currency: z.string(),
  payment_window_minutes: z.number().int(),
  enable_invoice: Flag,
  seller: CommerceSeller,
  /** Per provider, which credential fields are stored (never their values). */
  credentials_set: z.record(z.string(), z.record(z.string(), z.boolean())),
  version: z.number().int(),
});
export type CommerceSettings = z.infer<typeof CommerceSettings>;

export const getCommerceSettings = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/settings',
  summary:
    "The meeting's payment settings (defaults when never saved) and which credential fields are set. 403 no_permission (finance.read).",
  spec: '§3 Invoice config, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: CommerceSettings,
});

const SettingsText = (max: number) => z.string().trim().max(max);

export const UpdateCommerceSettingsBody = z.strictObject({
  payment_provider: CommerceProviderName,
  /** ISO 4217, three letters (upper-cased). */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter ISO 4217 code')
    .transform((code) => code.toUpperCase()),
  payment_window_minutes: z.coerce.number().int().min(1).max(1440),
  enable_invoice: z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]).transform(Number),
  seller: z
    .strictObject({
      name: SettingsText(textLimits.title).optional(),
      taxpayer_number: SettingsText(32).optional(),
      address: SettingsText(textLimits.description).optional(),
    })
    .optional(),
  /**
   * Write-only, per provider: `{ wechatpay: { mchid: '…' } }`. A field left out or '' keeps the stored
   * value; the merged credentials of the chosen provider must fit its shape.
   */
  credentials: z
    .partialRecord(CommerceProviderName, z.record(z.string().max(64), z.string().max(20_000)))
    .optional(),
  /** The version read (1 when never saved). */
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type UpdateCommerceSettingsBody = z.input<typeof UpdateCommerceSettingsBody>;
/** The body as the server holds it after parsing. */
export type UpdateCommerceSettingsValues = z.output<typeof UpdateCommerceSettingsBody>;

export const updateCommerceSettings = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/commerce/settings',
  summary:
    'Saves the payment settings read at `version`; credentials are sealed at rest and never answered. 400 validation_failed / payment.credentials_invalid (details name each field); 403 no_permission (finance.settings); 409 conflict.stale.',
  spec: '§3 Invoice config, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: UpdateCommerceSettingsBody,
  response: CommerceSettings,
});

// ---------------------------------------------------------------------------------------------
// Coupons and discounts

/** §9 discount types: 1 percent off, 2 fixed amount at a threshold, 3 threshold promotion. */
export const CommerceDiscountType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const DiscountFields = {
  type: CommerceDiscountType,
  /** Type 1: percent off, 1..100. */
  discount_rate: z.number().int(),
  /** Type 2: cents off each line whose unit price reaches the threshold. */
  discount_amount: Cents,
  /** Types 2 and 3: cents. */
  promotion_threshold: Cents,
  /** Type 3: cents off once the applicable subtotal reaches the threshold. */
  promotion_amount: Cents,
};

export const ConsoleDiscount = z.object({
  _id: WireId,
  title: LocalizedText,
  ...DiscountFields,
  /** Null: every activity of the meeting. */
  activity_id: WireId.nullable(),
  /** Ticket types it applies to ([] = all). */
  price_ids: z.array(z.string()),
  starts_at: UnixSeconds.nullable(),
  ends_at: UnixSeconds.nullable(),
  enabled: Flag,
  update_time: UnixSeconds,
});
export type ConsoleDiscount = z.infer<typeof ConsoleDiscount>;

export const ConsoleCoupon = ConsoleDiscount.omit({ enabled: true }).extend({
  code: z.string(),
  is_public: Flag,
  /** 0 = no limit. */
  total_limit: z.number().int(),
  used_total: z.number().int(),
  /** 0 = no limit. */
  per_user_limit: z.number().int(),
  /** 1 = soft-deleted (it had been used). */
  deleted: Flag,
});
export type ConsoleCoupon = z.infer<typeof ConsoleCoupon>;

const Int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const MaxCents = 100_000_000_00;
const OptionalId = z.union([ObjectIdString, z.literal('')]);
const Time = z.coerce.number().int().min(0).max(1e11);

/** Type-dependent fields: each type names what it needs (one issue per missing or bad field). */
function checkDiscountFields(
  value: {
    type: number;
    discount_rate?: number | undefined;
    discount_amount?: number | undefined;
    promotion_threshold?: number | undefined;
    promotion_amount?: number | undefined;
    starts_at?: number | undefined;
    ends_at?: number | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const need = (field: keyof typeof value, min: number, max: number, what: string) => {
    const n = value[field];
    if (n === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: `required for type ${value.type}` });
    else if (n < min || n > max) ctx.addIssue({ code: 'custom', path: [field], message: what });
  };
  if (value.type === 1) need('discount_rate', 1, 100, 'a percentage 1..100');
  if (value.type === 2) {
    need('discount_amount', 1, MaxCents, 'at least 1 cent');
    need('promotion_threshold', 0, MaxCents, 'at least 0 cents');
  }
  if (value.type === 3) {
    need('promotion_threshold', 0, MaxCents, 'at least 0 cents');
    need('promotion_amount', 1, MaxCents, 'at least 1 cent');
  }
  if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'after starts_at' });
  }
}

const DiscountBodyShape = {
  title: localizedTextInput(textLimits.title).optional(),
  type: z.coerce.number().pipe(CommerceDiscountType),
  discount_rate: z.coerce.number().int().optional(),
  discount_amount: z.coerce.number().int().optional(),
  promotion_threshold: z.coerce.number().int().optional(),
  promotion_amount: z.coerce.number().int().optional(),
  /** '' = every activity of the meeting. */
  activity_id: OptionalId.optional(),
  /** Ticket types (array or comma-separated; '' / none = all types). */
  price_ids: IdList.optional(),
  /** Unix seconds; 0 / absent = no bound. */
  starts_at: Time.optional(),
  ends_at: Time.optional(),
};

export const ConsoleDiscountBody = z
  .strictObject({
    ...DiscountBodyShape,
    enabled: z
      .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
      .transform(Number)
      .optional(),
  })
  .superRefine(checkDiscountFields);
export type ConsoleDiscountBody = z.input<typeof ConsoleDiscountBody>;
export type ConsoleDiscountValues = z.output<typeof ConsoleDiscountBody>;

export const ConsoleCouponBody = z
  .strictObject({
    ...DiscountBodyShape,
    /** 1..32 letters, digits, '-' or '_'; stored upper-cased. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, '1..32 letters, digits, - or _')
      .transform((code) => code.toUpperCase()),
    is_public: z
      .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
      .transform(Number)
      .optional(),
    total_limit: Int(0, 10_000_000).optional(),
    per_user_limit: Int(0, 10_000).optional(),
  })
  .superRefine(checkDiscountFields);
export type ConsoleCouponBody = z.input<typeof ConsoleCouponBody>;
export type ConsoleCouponValues = z.output<typeof ConsoleCouponBody>;

export const listConsoleCoupons = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/coupons',
  summary:
    "The meeting's coupons (soft-deleted ones too, flagged), newest first, with their use counts. 403 no_permission (commerce.edit).",
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.object({ items: z.array(ConsoleCoupon) }),
});

export const createConsoleCoupon = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/commerce/coupons',
  summary:
    'Creates a coupon. 400 validation_failed (each bad field named) / commerce.target_invalid; 403 no_permission (commerce.edit); 409 coupon.code_taken.',
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ConsoleCouponBody,
  response: ConsoleCoupon,
});

export const updateConsoleCoupon = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/commerce/coupons/:id',
  summary:
    "Replaces a live coupon's fields (its use count stays). 400 as create; 403 no_permission (commerce.edit); 404 not_found; 409 coupon.code_taken.",
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ConsoleCouponBody,
  response: ConsoleCoupon,
});

export const deleteConsoleCoupon = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/commerce/coupons/:id',
  summary:
    'Deletes a coupon: a coupon never used is removed, a used one is soft-deleted (kept for its orders, no longer accepted). 403 no_permission (commerce.edit); 404 not_found.',
  spec: '§3 Discount, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ deleted: z.enum(['removed', 'soft']) }),
});

export const listConsoleDiscounts = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/discounts',
  summary: "The meeting's automatic discounts, newest first. 403 no_permission (commerce.edit).",
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.object({ items: z.array(ConsoleDiscount) }),
});

export const createConsoleDiscount = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/commerce/discounts',
  summary:
    'Creates an automatic discount. 400 validation_failed / commerce.target_invalid; 403 no_permission (commerce.edit).',
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ConsoleDiscountBody,
  response: ConsoleDiscount,
});

export const updateConsoleDiscount = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/commerce/discounts/:id',
  summary:
    "Replaces an automatic discount's fields. 400 as create; 403 no_permission (commerce.edit); 404 not_found.",
  spec: '§3 Discount, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ConsoleDiscountBody,
  response: ConsoleDiscount,
});

export const deleteConsoleDiscount = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/commerce/discounts/:id',
  summary:
    'Deletes an automatic discount (soft: orders priced with it keep naming it). 403 no_permission (commerce.edit); 404 not_found.',
  spec: '§3 Discount, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ deleted: z.enum(['removed', 'soft']) }),
});

/** What the coupon and discount forms offer: the meeting's activities with their ticket types. */
export const CommerceOptions = z.object({
  activities: z.array(
    z.object({
      _id: WireId,
      title: LocalizedText,
      prices: z.array(z.object({ _id: WireId, title: LocalizedText, amount: Cents })),
    }),
  ),
  currency: z.string(),
  time_zone: z.string(),
});
export type CommerceOptions = z.infer<typeof CommerceOptions>;

export const getCommerceOptions = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/options',
  summary:
    "The meeting's live activities and ticket types (with their prices in cents), its currency and time zone. 403 no_permission (finance.read or commerce.edit).",
  spec: '§3 Discount, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: CommerceOptions,
});

// ---------------------------------------------------------------------------------------------
// CommerceRevenue and reconciliation

export const CommerceRevenueQuery = z
  .object({ from: CommerceDate, to: CommerceDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'on or after from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'at most 366 days after from',
  });

export const CommerceRevenueRow = z.object({
  /** The day, YYYY-MM-DD in the meeting's time zone. */
  date: z.string(),
  channel: z.string(),
  /** Cents paid (payments confirmed that day). */
  paid: Cents,
  /** Cents refunded (refunds succeeded that day). */
  refunded: Cents,
  /** paid − refunded. */
  net: Cents,
});
export type CommerceRevenueRow = z.infer<typeof CommerceRevenueRow>;

const RevenueSums = z.object({ paid: Cents, refunded: Cents, net: Cents });

export const CommerceRevenue = z.object({
  time_zone: z.string(),
  currency: z.string(),
  /** One row per day and channel with anything in it, by day then channel. */
  rows: z.array(CommerceRevenueRow),
  /** Every day of the range (empty days as zeros), for the chart. */
  days: z.array(RevenueSums.extend({ date: z.string() })),
  totals: RevenueSums,
});
export type CommerceRevenue = z.infer<typeof CommerceRevenue>;

export const getCommerceRevenue = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/revenue',
  summary:
    "Cents paid, refunded and net per day (meeting's time zone) and channel between `from` and `to` (at most 366 days), with totals. 400 validation_failed; 403 no_permission (finance.read).",
  spec: '§3 Order, §9 cents, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: CommerceRevenueQuery,
  response: CommerceRevenue,
});

export const CommerceReconciliationItem = z.object({
  payment_id: z.string(),
  order_id: WireId,
  order_number: z.string(),
  channel: z.string(),
  status: z.string(),
  amount: Cents,
  /** What the provider says; null when its query failed. */
  provider_status: z.string().nullable(),
  provider_amount: Cents.nullable(),
  /** '' when both agree; else why: status, amount, query_failed. */
  problem: z.enum(['', 'status', 'amount', 'query_failed']),
  create_time: UnixSeconds,
});
export type CommerceReconciliationItem = z.infer<typeof CommerceReconciliationItem>;

export const CommerceReconciliation = z.object({
  date: z.string(),
  time_zone: z.string(),
  /** Mismatches first, then by time. */
  items: z.array(CommerceReconciliationItem),
  mismatches: z.number().int().nonnegative(),
});
export type CommerceReconciliation = z.infer<typeof CommerceReconciliation>;

export const getCommerceReconciliation = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/commerce/reconciliation',
  summary:
    "Every payment created on `date` (meeting's time zone): our status and amount against the provider's answer to a query, mismatches first (at most 500 payments). 400 validation_failed; 403 no_permission (finance.read).",
  spec: '§3 Order, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ date: CommerceDate }),
  response: CommerceReconciliation,
});
