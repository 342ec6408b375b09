import { invoiceDeliveries, invoiceFieldMax, invoiceTypes } from '@app/domain/commerce';
import { z } from 'zod';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Invoices and payment receipts of an order (§2 /invoice/form, /invoice/detail with query checkout;
 * §3 Invoice config, Invoice; §4 Invoice: fill in → organiser processing → completed or rejected,
 * reapply after a rejection; §5 invoice phone a mainland China mobile, optional e-mail).
 * "Fill in" is the state with no invoice row (or only a rejected one). Amounts are integer cents.
 */

/** Error codes of invoices and receipts (besides validation_failed, not_found, conflict.stale). */
export const InvoiceErrorCode = {
  /**
   * 409 the order may not have an invoice now; `data.reason` says why: 'disabled' (enable_invoice is
   * not 1), 'not_paid' (order not 'done'), 'refunded' (fully refunded), 'not_approved' (a ticket is
   * under review or rejected), 'not_allocated' (a line has no ticket yet).
   */
  notAllowed: 'invoice.not_allowed',
  /** 409 the order already has a live (processing or completed) invoice. */
  exists: 'invoice.exists',
  /** 409 reapplying (PUT) an invoice that is not rejected, or completing / rejecting one not processing. */
  wrongState: 'invoice.wrong_state',
  /** 400 completing without a PDF upload nor an invoice number, or with an upload that is no PDF of the caller's. */
  completionInvalid: 'invoice.completion_invalid',
} as const;

/** Why an order may not have an invoice (InvoiceErrorCode.notAllowed's `data.reason`). */
export const invoiceRefusals = ['disabled', 'not_paid', 'refunded', 'not_approved', 'not_allocated'] as const;
export const InvoiceRefusal = z.enum(invoiceRefusals);
export type InvoiceRefusal = z.infer<typeof InvoiceRefusal>;

/** §4 Invoice states of a stored request. */
export const invoiceStates = ['processing', 'completed', 'rejected'] as const;
export const InvoiceState = z.enum(invoiceStates);
export type InvoiceState = z.infer<typeof InvoiceState>;

export const InvoiceType = z.enum(invoiceTypes);
export const InvoiceDelivery = z.enum(invoiceDeliveries);

/** The fields of a request as the buyer types them (checked field by field on the server, §5). */
export const InvoiceFields = z.strictObject({
  type: InvoiceType,
  title: z.string().max(invoiceFieldMax.title * 2),
  taxpayer_number: z.string().max(64),
  registered_address: z
    .string()
    .max(invoiceFieldMax.registered_address * 2)
    .default(''),
  phone: z.string().max(64).default(''),
  bank: z
    .string()
    .max(invoiceFieldMax.bank * 2)
    .default(''),
  bank_account: z.string().max(64).default(''),
  mobile: z.string().max(64),
  email: z.string().max(invoiceFieldMax.email).default(''),
  delivery: InvoiceDelivery,
  mailing_address: z
    .string()
    .max(invoiceFieldMax.mailing_address * 2)
    .default(''),
});
export type InvoiceFields = z.infer<typeof InvoiceFields>;

/** An invoice request as its buyer and the console see it. */
export const Invoice = z.object({
  _id: WireId,
  order_id: WireId,
  meeting_id: WireId,
  state: InvoiceState,
  type: InvoiceType,
  title: z.string(),
  taxpayer_number: z.string(),
  registered_address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bank_account: z.string(),
  /** 11 digits of a mainland China mobile. */
  mobile: z.string(),
  email: z.string(),
  delivery: InvoiceDelivery,
  mailing_address: z.string(),
  /** Cents: the order's paid − refunded amount when the request was (re)submitted. */
  amount: z.number().int(),
  currency: z.string(),
  /** Why the organiser rejected it ('' unless rejected). */
  reject_reason: z.string(),
  /** The issued invoice's number ('' until completed, or when only a PDF was given). */
  issued_number: z.string(),
  /** `/api/invoices/{id}/pdf` when the organiser uploaded the invoice PDF, else null. */
  pdf_url: z.string().nullable(),
  version: z.number().int(),
  create_time: UnixSeconds,
  update_time: UnixSeconds,
});
export type Invoice = z.infer<typeof Invoice>;

export const listInvoices = defineRoute({
  method: 'GET',
  path: '/invoices',
  summary:
    "The buyer's invoice requests of one order (query checkout = order id), newest first. 404 order.not_found (not the caller's order).",
  spec: '§2 /invoice/detail, §3 Invoice, §4 Invoice',
  tags: ['invoices'],
  isPublic: false,
  querystring: z.object({ checkout: ObjectIdString }),
  response: resultsOf(Invoice),
});

/** Whether the buyer may request an invoice of an order now, and for how much. */
export const InvoiceEligibility = z.object({
  /** True when a request can be made now (no live request, and the order is eligible). */
  can_request: z.boolean(),
  /** Why not, when the order itself is not eligible; null otherwise. */
  refusal: InvoiceRefusal.nullable(),
  /** Cents the invoice would be issued for now (paid − refunded). */
  amount: z.number().int(),
  currency: z.string(),
  order_number: z.string(),
});
export type InvoiceEligibility = z.infer<typeof InvoiceEligibility>;

export const getInvoiceEligibility = defineRoute({
  method: 'GET',
  path: '/invoices/eligibility',
  summary:
    'Whether the buyer may request an invoice of an order now (query checkout = order id): can_request, the refusal reason when the order is not eligible (disabled, not_paid, refunded, not_approved, not_allocated), the amount in cents and the order number. 404 order.not_found.',
  spec: '§2 /invoice/form, §3 Invoice config, §4 Invoice',
  tags: ['invoices'],
  isPublic: false,
  querystring: z.object({ checkout: ObjectIdString }),
  response: InvoiceEligibility,
});

export const CreateInvoiceBody = InvoiceFields.extend({ checkout_id: ObjectIdString });
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;

export const createInvoice = defineRoute({
  method: 'POST',
  path: '/invoices',
  summary:
    'Requests an invoice for an order of the caller (state processing; amount = paid − refunded, set by the server). 400 validation_failed with one detail per bad field; 404 order.not_found; 409 invoice.not_allowed (data.reason) / invoice.exists.',
  spec: '§2 /invoice/form, §3 Invoice, §4 Invoice, §5',
  tags: ['invoices'],
  isPublic: false,
  body: CreateInvoiceBody,
  response: Invoice,
});

export const ReapplyInvoiceBody = InvoiceFields.extend({
  /** The version of the rejected request the buyer read. */
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type ReapplyInvoiceBody = z.infer<typeof ReapplyInvoiceBody>;

export const reapplyInvoice = defineRoute({
  method: 'PUT',
  path: '/invoices/:id',
  summary:
    'Reapplies after a rejection with corrected fields: back to processing, reason cleared, amount recomputed. 400 validation_failed; 404 not_found; 409 invoice.wrong_state (not rejected) / invoice.not_allowed / conflict.stale.',
  spec: '§4 Invoice (rejected, reapply), §5',
  tags: ['invoices'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: ReapplyInvoiceBody,
  response: Invoice,
});

export const getInvoicePdf = defineRoute({
  method: 'GET',
  path: '/invoices/:id/pdf',
  summary:
    'The issued invoice PDF the organiser uploaded (buyer of the order, or a console user with finance.read). 404 not_found (no PDF, or not visible to the caller).',
  spec: '§4 Invoice (completed)',
  tags: ['invoices'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: z.unknown(),
});

// ————— Receipts —————

/** Kinds of payment document: a receipt per payment, a cancellation per refund. */
export const ReceiptKind = z.enum(['receipt', 'cancellation']);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

/** A payment receipt or refund cancellation of an order (not a tax invoice). */
export const Receipt = z.object({
  _id: WireId,
  order_id: WireId,
  kind: ReceiptKind,
  /** Gapless per meeting and kind. */
  number: z.number().int(),
  /** Printed form: R-000123 (receipt) or C-000123 (cancellation). */
  number_text: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  create_time: UnixSeconds,
  /** `/api/receipts/{id}`: the PDF (needs the caller's token). */
  pdf_url: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

export const listOrderReceipts = defineRoute({
  method: 'GET',
  path: '/orders/:id/receipts',
  summary: "An order's receipts and cancellations, oldest first (buyer only). 404 order.not_found.",
  spec: '§3 Order',
  tags: ['invoices'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: resultsOf(Receipt),
});

export const getReceiptPdf = defineRoute({
  method: 'GET',
  path: '/receipts/:id',
  summary:
    "A receipt or cancellation as a PDF ('Payment receipt — not a tax invoice'): seller, buyer, lines, amounts in the meeting's currency. Buyer of the order, or a console user with finance.read. 404 not_found.",
  spec: '§3 Order',
  tags: ['invoices'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({ lang: z.string().max(8).optional() }),
  response: z.unknown(),
});
