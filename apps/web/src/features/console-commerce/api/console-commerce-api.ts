import type {
  CommerceOptions,
  CommerceReconciliation,
  CommerceRevenue,
  CommerceSettings,
  ConsoleCoupon,
  ConsoleDiscount,
  ConsoleOrderDetail,
  ConsoleOrderList,
  createConsoleCoupon,
  createConsoleDiscount,
  deleteConsoleCoupon,
  deleteConsoleDiscount,
  exportConsoleOrders,
  getCommerceOptions,
  getCommerceReconciliation,
  getCommerceRevenue,
  getCommerceSettings,
  getConsoleOrder,
  listConsoleCoupons,
  listConsoleDiscounts,
  listConsoleOrders,
  refundConsoleOrder,
  updateCommerceSettings,
  updateConsoleCoupon,
  updateConsoleDiscount,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';
import { serializeQuery } from '../../../lib/api/client.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/**
 * The console's commerce calls (DESIGN §7; §3 Order and Discount, §4 Order, §9 cents) under
 * /console/meetings/{meeting_id}/commerce/: orders (list, one, CSV export, refund), payment settings,
 * coupons, discounts, revenue and reconciliation. 403 no_permission without finance.read / .refund /
 * .settings / commerce.edit; amounts are integer cents.
 */

/** The orders table's filters, as the address holds them ('' = any). */
export type OrderFilters = { q: string; status: string; channel: string; from: string; to: string };
export const emptyOrderFilters: OrderFilters = { q: '', status: '', channel: '', from: '', to: '' };

/** Rows a page of the orders table shows. */
export const ordersPageSize = 50;

const defined = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

export const commerceKey = (meetingId: string) => ['console-commerce', meetingId] as const;
const base = (meetingId: string) => ({ meeting_id: meetingId });
const one = (meetingId: string, id: string) => ({ meeting_id: meetingId, id });

/** GET …/commerce/orders: a page of the filtered orders with the total and the channels used. */
export const ordersQuery = (meetingId: string, filters: OrderFilters, page: number) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'orders', filters, page],
    queryFn: () =>
      api.get<ConsoleOrderList>(
        fillPath<typeof listConsoleOrders>('/console/meetings/:meeting_id/commerce/orders', base(meetingId)),
        { ...defined(filters), limit: ordersPageSize, skip: page * ordersPageSize },
      ),
    placeholderData: keepPreviousData,
  });

/** GET …/commerce/orders/{id}: one order with lines, payments, refunds and its audit trail. */
export const orderQuery = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'order', id],
    queryFn: () =>
      api.get<ConsoleOrderDetail>(
        fillPath<typeof getConsoleOrder>(
          '/console/meetings/:meeting_id/commerce/orders/:id',
          one(meetingId, id),
        ),
      ),
    staleTime: 0,
  });

/** POST …/commerce/orders/{id}/refunds: refunds `amount` cents (and cancels `lineIds`' tickets). */
export function refundOrder(
  meetingId: string,
  id: string,
  input: { amount: number; lineIds: string[]; reason: string; idempotencyKey: string },
): Promise<ConsoleOrderDetail> {
  return api.post<ConsoleOrderDetail>(
    fillPath<typeof refundConsoleOrder>(
      '/console/meetings/:meeting_id/commerce/orders/:id/refunds',
      one(meetingId, id),
    ),
    {
      amount: input.amount,
      line_ids: input.lineIds.length > 0 ? input.lineIds.join(',') : undefined,
      reason: input.reason,
      idempotency_key: input.idempotencyKey,
    },
  );
}

/**
 * GET …/commerce/orders/export as a CSV the browser saves: signed like every call (Apikey,
 * Authorization), read as a blob. @throws ApiError.
 */
export async function downloadOrders(
  meetingId: string,
  filters: OrderFilters,
  language: string,
): Promise<void> {
  const path = fillPath<typeof exportConsoleOrders>(
    '/console/meetings/:meeting_id/commerce/orders/export',
    base(meetingId),
  );
  await downloadFile(`${path}?${serializeQuery({ ...defined(filters), lang: language })}`, 'orders.csv');
}

/** GET …/commerce/settings. */
export const settingsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'settings'],
    queryFn: () =>
      api.get<CommerceSettings>(
        fillPath<typeof getCommerceSettings>(
          '/console/meetings/:meeting_id/commerce/settings',
          base(meetingId),
        ),
      ),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** The settings form as it sends them; credentials only of the chosen provider, non-empty fields only. */
export type SettingsInput = {
  payment_provider: string;
  currency: string;
  payment_window_minutes: number;
  enable_invoice: 0 | 1;
  seller: { name: string; taxpayer_number: string; address: string };
  credentials: Record<string, string>;
  version: number;
};

/** PUT …/commerce/settings (409 conflict.stale when someone saved in between). */
export function saveSettings(meetingId: string, input: SettingsInput): Promise<CommerceSettings> {
  const credentials = Object.fromEntries(
    Object.entries(input.credentials).filter(([, v]) => v.trim() !== ''),
  );
  return api.put<CommerceSettings>(
    fillPath<typeof updateCommerceSettings>(
      '/console/meetings/:meeting_id/commerce/settings',
      base(meetingId),
    ),
    bracketBody({
      payment_provider: input.payment_provider,
      currency: input.currency,
      payment_window_minutes: input.payment_window_minutes,
      enable_invoice: input.enable_invoice,
      seller: input.seller,
      credentials:
        Object.keys(credentials).length > 0 ? { [input.payment_provider]: credentials } : undefined,
      version: input.version,
    }),
  );
}

/** GET …/commerce/options: activities and ticket types (forms), currency and time zone. */
export const optionsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'options'],
    queryFn: () =>
      api.get<CommerceOptions>(
        fillPath<typeof getCommerceOptions>(
          '/console/meetings/:meeting_id/commerce/options',
          base(meetingId),
        ),
      ),
    staleTime: 60_000,
  });

export const couponsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'coupons'],
    queryFn: () =>
      api.get<{ items: ConsoleCoupon[] }>(
        fillPath<typeof listConsoleCoupons>(
          '/console/meetings/:meeting_id/commerce/coupons',
          base(meetingId),
        ),
      ),
  });

export const discountsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'discounts'],
    queryFn: () =>
      api.get<{ items: ConsoleDiscount[] }>(
        fillPath<typeof listConsoleDiscounts>(
          '/console/meetings/:meeting_id/commerce/discounts',
          base(meetingId),
        ),
      ),
  });

/** A coupon's or discount's form values as sent (cents, unix seconds, ids joined by commas). */
export type RuleInput = Record<string, NestedValue>;

/** POST / PUT …/commerce/coupons[/{id}]. */
export function saveCoupon(meetingId: string, id: string | null, body: RuleInput): Promise<ConsoleCoupon> {
  if (id) {
    return api.put<ConsoleCoupon>(
      fillPath<typeof updateConsoleCoupon>(
        '/console/meetings/:meeting_id/commerce/coupons/:id',
        one(meetingId, id),
      ),
      bracketBody(body),
    );
  }
  return api.post<ConsoleCoupon>(
    fillPath<typeof createConsoleCoupon>('/console/meetings/:meeting_id/commerce/coupons', base(meetingId)),
    bracketBody(body),
  );
}

/** DELETE …/commerce/coupons/{id} (a used coupon is soft-deleted). */
export function deleteCoupon(meetingId: string, id: string) {
  return api.delete<{ deleted: 'removed' | 'soft' }>(
    fillPath<typeof deleteConsoleCoupon>(
      '/console/meetings/:meeting_id/commerce/coupons/:id',
      one(meetingId, id),
    ),
  );
}

/** POST / PUT …/commerce/discounts[/{id}]. */
export function saveDiscount(
  meetingId: string,
  id: string | null,
  body: RuleInput,
): Promise<ConsoleDiscount> {
  if (id) {
    return api.put<ConsoleDiscount>(
      fillPath<typeof updateConsoleDiscount>(
        '/console/meetings/:meeting_id/commerce/discounts/:id',
        one(meetingId, id),
      ),
      bracketBody(body),
    );
  }
  return api.post<ConsoleDiscount>(
    fillPath<typeof createConsoleDiscount>(
      '/console/meetings/:meeting_id/commerce/discounts',
      base(meetingId),
    ),
    bracketBody(body),
  );
}

/** DELETE …/commerce/discounts/{id}. */
export function deleteDiscount(meetingId: string, id: string) {
  return api.delete<{ deleted: 'removed' | 'soft' }>(
    fillPath<typeof deleteConsoleDiscount>(
      '/console/meetings/:meeting_id/commerce/discounts/:id',
      one(meetingId, id),
    ),
  );
}

/** GET …/commerce/revenue?from&to. */
export const revenueQuery = (meetingId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'revenue', from, to],
    queryFn: () =>
      api.get<CommerceRevenue>(
        fillPath<typeof getCommerceRevenue>(
          '/console/meetings/:meeting_id/commerce/revenue',
          base(meetingId),
        ),
        { from, to },
      ),
    placeholderData: keepPreviousData,
  });

/** GET …/commerce/reconciliation?date. */
export const reconciliationQuery = (meetingId: string, date: string) =>
  queryOptions({
    queryKey: [...commerceKey(meetingId), 'reconciliation', date],
    queryFn: () =>
      api.get<CommerceReconciliation>(
        fillPath<typeof getCommerceReconciliation>(
          '/console/meetings/:meeting_id/commerce/reconciliation',
          base(meetingId),
        ),
        { date },
      ),
  });
