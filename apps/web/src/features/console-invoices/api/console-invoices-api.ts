import type {
  ConsoleInvoice,
  ConsoleInvoiceList,
  completeConsoleInvoice,
  getConsoleInvoice,
  getInvoicePdf,
  InvoiceState,
  listConsoleInvoices,
  rejectConsoleInvoice,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/**
 * The console's invoice calls (DESIGN §7), typed from console-invoices.contracts.ts. Reads need
 * finance.read, writes invoice.process (403 no_permission otherwise); writes send the `version` they
 * read and fail with 409 conflict.stale when someone acted in between, 409 invoice.wrong_state when the
 * request is no longer being processed.
 */

export const queuePageSize = 20;

/** Query keys of this area, all under ['console', 'invoices', meetingId]. */
export const consoleInvoiceKeys = {
  all: (meetingId: string) => ['console', 'invoices', meetingId] as const,
  list: (meetingId: string, filter: QueueFilter) =>
    ['console', 'invoices', meetingId, 'list', filter] as const,
  item: (meetingId: string, id: string) => ['console', 'invoices', meetingId, 'item', id] as const,
};

export type QueueFilter = { state: InvoiceState; q: string; page: number };

/** GET …/invoices: a page of the requests in one state, and the count per state. */
export const queueQueryOptions = (meetingId: string, filter: QueueFilter) =>
  queryOptions({
    queryKey: consoleInvoiceKeys.list(meetingId, filter),
    queryFn: () =>
      api.get<ConsoleInvoiceList>(
        fillPath<typeof listConsoleInvoices>('/console/meetings/:meeting_id/invoices', {
          meeting_id: meetingId,
        }),
        { state: filter.state, q: filter.q || undefined, page: filter.page, limit: queuePageSize },
      ),
    placeholderData: keepPreviousData,
  });

/** GET …/invoices/{id}: one request with its order. */
export const invoiceQueryOptions = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: consoleInvoiceKeys.item(meetingId, id),
    queryFn: () =>
      api.get<ConsoleInvoice>(
        fillPath<typeof getConsoleInvoice>('/console/meetings/:meeting_id/invoices/:id', {
          meeting_id: meetingId,
          id,
        }),
      ),
  });

/** POST …/invoices/{id}/complete with the uploaded PDF's key and/or the invoice number. */
export function completeInvoice(
  meetingId: string,
  invoice: ConsoleInvoice,
  input: { fileKey?: string | undefined; issuedNumber?: string | undefined },
): Promise<ConsoleInvoice> {
  return api.post<ConsoleInvoice>(
    fillPath<typeof completeConsoleInvoice>('/console/meetings/:meeting_id/invoices/:id/complete', {
      meeting_id: meetingId,
      id: invoice._id.$id,
    }),
    { version: invoice.version, file_key: input.fileKey, issued_number: input.issuedNumber },
  );
}

/** POST …/invoices/{id}/reject with the reason the buyer will read. */
export function rejectInvoice(
  meetingId: string,
  invoice: ConsoleInvoice,
  reason: string,
): Promise<ConsoleInvoice> {
  return api.post<ConsoleInvoice>(
    fillPath<typeof rejectConsoleInvoice>('/console/meetings/:meeting_id/invoices/:id/reject', {
      meeting_id: meetingId,
      id: invoice._id.$id,
    }),
    { version: invoice.version, reason },
  );
}

/** GET /invoices/{id}/pdf: saves the issued PDF (finance.read may read it). */
export function downloadIssuedPdf(invoice: ConsoleInvoice): Promise<void> {
  return downloadFile(
    fillPath<typeof getInvoicePdf>('/invoices/:id/pdf', { id: invoice._id.$id }),
    `invoice-${(invoice.issued_number || invoice.order_number).replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
  );
}
