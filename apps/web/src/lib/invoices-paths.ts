import { withQuery } from './paths.ts';

/**
 * The invoice pages (§2 /invoice/form, /invoice/detail, query checkout = the order id): their part of
 * the route table and link helpers. They sit apart from paths.ts so they load with those pages —
 * router.tsx discovers the pages on first visit — not with the home page's first script.
 */
export const invoiceRoutes = {
  /** Fill in (or correct and reapply) the invoice request of an order. */
  invoiceForm: '/invoice/form',
  /** The order's invoice request and its state (§4 Invoice). */
  invoiceDetail: '/invoice/detail',
} as const;

type InvoiceArg = { meetingId: string; checkoutId: string };

/** Link helpers of the invoice pages (typed, never string literals: DESIGN §4.8). */
export const invoicePaths = {
  form: ({ meetingId, checkoutId }: InvoiceArg) =>
    withQuery(invoiceRoutes.invoiceForm, { checkout: checkoutId, meeting_id: meetingId }),
  detail: ({ meetingId, checkoutId }: InvoiceArg) =>
    withQuery(invoiceRoutes.invoiceDetail, { checkout: checkoutId, meeting_id: meetingId }),
};
