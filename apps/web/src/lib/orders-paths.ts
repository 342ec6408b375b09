import { withQuery } from './paths.ts';

/**
 * The order pages (§2 /my/order, /my/order/{checkoutId}): their part of the route table and link
 * helpers. They sit apart from paths.ts so they load with those pages — router.tsx discovers the
 * pages on first visit — not with the home page's first script (DESIGN §10 budget).
 */
export const orderRoutes = {
  myOrders: '/my/order',
  /** One order: its detail, and its pay page while pending (`token`: opened from a pay QR). */
  myOrder: '/my/order/:checkoutId',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the order pages (typed, never string literals: DESIGN §4.8). */
export const orderPaths = {
  list: ({ meetingId }: MeetingArg) => withQuery(orderRoutes.myOrders, { meeting_id: meetingId }),
  /**
   * One order; `token` is the order's pay token (§4 Group payment: "confirm or cancel after
   * scanning"), so another logged-in device may see and pay it. It travels as `pay_token`: a `token`
   * query value is a session token the app consumes (§2 routing rules).
   */
  detail: ({
    meetingId,
    checkoutId,
    token,
  }: MeetingArg & { checkoutId: string; token?: string | undefined }) =>
    withQuery(`/my/order/${encodeURIComponent(checkoutId)}`, { meeting_id: meetingId, pay_token: token }),
  /** The invoice request of a paid order (invoices area, §4 Invoice). */
  invoiceForm: ({ meetingId, checkoutId }: MeetingArg & { checkoutId: string }) =>
    withQuery('/invoice/form', { checkout: checkoutId, meeting_id: meetingId }),
};
