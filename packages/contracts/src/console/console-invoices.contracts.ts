import { z } from 'zod';
import { Invoice, InvoiceState } from '../invoices/invoices.contracts.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's invoice queue (§4 Invoice: organiser processing → completed or rejected;
 * DESIGN §7). Reading needs finance.read, completing and rejecting invoice.process; a caller without
 * the action gets 403 no_permission. Writes name the `version` they read (409 conflict.stale).
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const Version = z.coerce.number().int().min(1).max(2_147_483_647);

/** An invoice request as the queue shows it: the request and its order. */
export const ConsoleInvoice = Invoice.extend({
  order_number: z.string(),
  /** The buyer's display name (registrant of the first line, else the account's name). */
  buyer_name: z.string(),
  /** Cents paid and refunded on the order now (the request's `amount` is from its submission). */
  order_paid_amount: z.number().int(),
  order_refund_amount: z.number().int(),
});
export type ConsoleInvoice = z.infer<typeof ConsoleInvoice>;

export const ConsoleInvoiceListQuery = z.object({
  state: InvoiceState.optional(),
  /** Order number, title, taxpayer number or mobile (substring, case-insensitive). */
  q: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ConsoleInvoiceList = z.object({
  items: z.array(ConsoleInvoice),
  /** Requests matching the filters (all pages). */
  total: z.number().int(),
  /** Requests per state in the meeting (ignoring the filters), for the queue's tabs. */
  counts: z.object({ processing: z.number().int(), completed: z.number().int(), rejected: z.number().int() }),
});
export type ConsoleInvoiceList = z.infer<typeof ConsoleInvoiceList>;

export const listConsoleInvoices = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/invoices',
  summary:
    "The meeting's invoice requests, oldest waiting first within a state (filter state, q; page, limit) with per-state counts. 403 no_permission (finance.read).",
  spec: '§4 Invoice, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsoleInvoiceListQuery,
  response: ConsoleInvoiceList,
});

export const getConsoleInvoice = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/invoices/:id',
  summary: 'One invoice request with its order. 403 no_permission (finance.read); 404 not_found.',
  spec: '§3 Invoice, §4 Invoice, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: ConsoleInvoice,
});

export const CompleteInvoiceBody = z.strictObject({
  version: Version,
  /** Key of the caller's PDF upload in the attachment bucket (POST /tokens/qiniu, bucket attachment). */
  file_key: z.string().max(300).optional(),
  /** The issued invoice's number as printed on it. */
  issued_number: z.string().max(64).optional(),
});
export type CompleteInvoiceBody = z.infer<typeof CompleteInvoiceBody>;

export const completeConsoleInvoice = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/invoices/:id/complete',
  summary:
    'Marks a processing request completed with the issued PDF (an upload of the caller) and/or the invoice number. Audited. 400 invoice.completion_invalid (neither given, or not a PDF upload of the caller); 403 no_permission (invoice.process); 404 not_found; 409 invoice.wrong_state / conflict.stale.',
  spec: '§4 Invoice (completed), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: CompleteInvoiceBody,
  response: ConsoleInvoice,
});

export const RejectInvoiceBody = z.strictObject({
  version: Version,
  /** Shown to the buyer, who may correct the request and reapply. */
  reason: z.string().trim().min(1).max(500),
});
export type RejectInvoiceBody = z.infer<typeof RejectInvoiceBody>;

export const rejectConsoleInvoice = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/invoices/:id/reject',
  summary:
    'Rejects a processing request with a reason the buyer sees (they may reapply). Audited. 400 validation_failed; 403 no_permission (invoice.process); 404 not_found; 409 invoice.wrong_state / conflict.stale.',
  spec: '§4 Invoice (rejected), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: RejectInvoiceBody,
  response: ConsoleInvoice,
});
