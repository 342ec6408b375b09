import type {
  createInvoice as createInvoiceRoute,
  getInvoiceEligibility,
  getInvoicePdf,
  Invoice,
  InvoiceEligibility,
  InvoiceFields,
  listInvoices,
  reapplyInvoice as reapplyInvoiceRoute,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/** Query key root of the invoice pages (invalidated after a request or reapply). */
export const invoicesKey = ['invoices'] as const;

const isOrderId = (id: string) => /^[0-9a-f]{24}$/i.test(id);
/** No retry on a 4xx (unknown order → /404); network and 5xx errors are tried again twice. */
const retry = (count: number, error: unknown) =>
  count < 2 && !(error instanceof ApiError && error.status > 0 && error.status < 500);

/** GET /invoices?checkout=: the buyer's requests of the order, newest first. 404 order.not_found. */
export const useOrderInvoices = (orderId: string) =>
  useQuery({
    queryKey: [...invoicesKey, 'list', orderId],
    queryFn: () => api.list<Invoice>(contractPath<typeof listInvoices>('/invoices'), { checkout: orderId }),
    enabled: isOrderId(orderId),
    retry,
  });

/**
 * GET /invoices/eligibility?checkout=: whether a request may be made now, why not (§4: after approval,
 * once every ticket is allocated; invoices enabled; paid; not fully refunded), and its amount in cents.
 */
export const useInvoiceEligibility = (orderId: string) =>
  useQuery({
    queryKey: [...invoicesKey, 'eligibility', orderId],
    queryFn: () =>
      api.get<InvoiceEligibility>(contractPath<typeof getInvoiceEligibility>('/invoices/eligibility'), {
        checkout: orderId,
      }),
    enabled: isOrderId(orderId),
    retry,
  });

/** The form's values: every text field of §3 Invoice. */
export type InvoiceFormValues = Required<InvoiceFields>;

/**
 * POST /invoices (a first request) or PUT /invoices/{id} (reapply after a rejection, with the
 * version read). Answers the stored request. Errors: 400 validation_failed (details per field),
 * 409 invoice.not_allowed / invoice.exists / invoice.wrong_state / conflict.stale.
 */
export function submitInvoice(
  orderId: string,
  values: InvoiceFormValues,
  rejected: { id: string; version: number } | null,
): Promise<Invoice> {
  if (rejected) {
    return api.put<Invoice>(fillPath<typeof reapplyInvoiceRoute>('/invoices/:id', { id: rejected.id }), {
      ...values,
      version: rejected.version,
    });
  }
  return api.post<Invoice>(contractPath<typeof createInvoiceRoute>('/invoices'), {
    ...values,
    checkout_id: orderId,
  });
}

/** GET /invoices/{id}/pdf: saves the issued invoice PDF. @throws ApiError */
export function downloadInvoicePdf(invoice: Invoice): Promise<void> {
  const name = invoice.issued_number ? `invoice-${invoice.issued_number}` : 'invoice';
  return downloadFile(
    fillPath<typeof getInvoicePdf>('/invoices/:id/pdf', { id: invoice._id.$id }),
    `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
  );
}
