import type {
  cancelOrder as cancelOrderRoute,
  createOrderPayment,
  getOrder,
  getReceiptPdf,
  listOrderChannels,
  listOrderReceipts,
  listOrders,
  Order,
  PaymentChannelName,
  PaymentStartWire,
  Receipt,
} from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

export const ordersPageSize = 20;

/** Whether the order's latest payment attempt failed (§8 'Payment failed'). */
export const lastPaymentFailed = (order: Pick<Order, 'payments'>): boolean =>
  order.payments[order.payments.length - 1]?.status === 'failed';

/** Query key root of the order pages (invalidated after a payment or a cancel). */
export const ordersKey = ['orders'] as const;

/**
 * GET /orders: a page of the caller's own orders in the meeting (§2 /my/order), newest first.
 * Answers Order[] (amounts in cents, times in unix seconds).
 */
export function fetchMyOrders(meetingId: string, page: { limit: number; skip: number }): Promise<Order[]> {
  return api.list<Order>(contractPath<typeof listOrders>('/orders'), {
    meeting_id: meetingId,
    limit: page.limit,
    skip: page.skip,
  });
}

/** The caller's orders, page by page ("load more"). */
export const useMyOrders = (meetingId: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ordersKey, 'mine', meetingId],
      queryFn: ({ pageParam }) => fetchMyOrders(meetingId, { limit: ordersPageSize, skip: pageParam }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.length < ordersPageSize ? undefined : pages.length * ordersPageSize,
      staleTime: 10_000,
    }),
  );

/**
 * The orders of one group checkout (§4 Group payment, pay mode 'each': one order per member, all
 * with the same group_checkout_id), from the caller's own orders. Asked only for such an order.
 */
export const useGroupOrders = (meetingId: string, groupCheckoutId: string | undefined) =>
  useQuery({
    queryKey: [...ordersKey, 'group', meetingId, groupCheckoutId ?? ''],
    queryFn: async () =>
      (await fetchMyOrders(meetingId, { limit: 100, skip: 0 })).filter(
        (order) => order.group_checkout_id?.$id === groupCheckoutId,
      ),
    enabled: Boolean(groupCheckoutId),
    refetchInterval: 5_000,
  });

/**
 * GET /orders/{id} (`token`: the pay token of a scanned pay QR, so a logged-in user who is not the
 * buyer may see it). Errors: 404 order.not_found. While `isWatching` (a payment was started) and the
 * order is pending, it is read again every 2 s until paid; a pending group member's order every 5 s.
 */
export const useOrder = (orderId: string, token: string | undefined, isWatching: boolean) =>
  useQuery({
    queryKey: [...ordersKey, 'one', orderId, token ?? ''],
    queryFn: () =>
      api.get<Order>(
        fillPath<typeof getOrder>('/orders/:id', { id: orderId }),
        token ? { token } : undefined,
      ),
    enabled: /^[0-9a-f]{24}$/i.test(orderId),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (order?.status !== 'pending') return false;
      // Until paid, or until the provider said the payment failed (the page offers a retry).
      if (isWatching && !lastPaymentFailed(order)) return 2000;
      // A group member's order may be paid or cancelled from the member's phone (§4 Group payment).
      return order.group_checkout_id ? 5000 : false;
    },
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });

/**
 * GET /orders/{id}/channels?env=: the payment channels of the meeting's provider that fit the
 * client environment (§1: wechat, mobile, browser).
 */
export const useChannels = (
  orderId: string,
  env: 'wechat' | 'mobile' | 'browser',
  token: string | undefined,
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...ordersKey, 'channels', orderId, env, token ?? ''],
    queryFn: async () =>
      (
        await api.list<{ channel: PaymentChannelName }>(
          fillPath<typeof listOrderChannels>('/orders/:id/channels', { id: orderId }),
          {
            env,
            token,
          },
        )
      ).map((item) => item.channel),
    enabled,
    staleTime: 60_000,
  });

/**
 * POST /orders/{id}/payments: starts a payment on `channel`; `return_url` is where the provider's
 * page sends the payer back (the order page). Answers how to start it (redirect, QR or WeChat JSAPI).
 * Errors: 409 order.not_pending / order.expired, 400 payment.channel_unavailable, 409 payment.failed.
 */
export function startPayment(
  orderId: string,
  input: { channel: PaymentChannelName; token?: string | undefined; returnUrl: string },
): Promise<{ payment_id: string; start: PaymentStartWire }> {
  const body: Record<string, string> = { channel: input.channel, return_url: input.returnUrl };
  if (input.token) body.token = input.token;
  return api.post(fillPath<typeof createOrderPayment>('/orders/:id/payments', { id: orderId }), body);
}

/** POST /orders/{id}/cancel (the buyer, or `token` from the pay QR). Answers the order. 409 order.not_pending. */
export function cancelOrder(orderId: string, token: string | undefined): Promise<Order> {
  const path = fillPath<typeof cancelOrderRoute>('/orders/:id/cancel', { id: orderId });
  return api.post<Order>(token ? `${path}?token=${encodeURIComponent(token)}` : path, {});
}

/** GET /orders/{id}/receipts: the order's receipts and cancellations (a PDF each at /receipts/{id}). */
export const useReceipts = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ordersKey, 'receipts', orderId],
    queryFn: () =>
      api.list<Receipt>(fillPath<typeof listOrderReceipts>('/orders/:id/receipts', { id: orderId })),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

/**
 * GET /receipts/{id} (the PDF) as a file the browser saves: signed like every call (Apikey,
 * Authorization), read as a blob — the typed client reads answers as text. @throws ApiError.
 */
export async function downloadReceipt(receiptId: string, fileName: string): Promise<void> {
  await downloadFile(fillPath<typeof getReceiptPdf>('/receipts/:id', { id: receiptId }), fileName);
}
