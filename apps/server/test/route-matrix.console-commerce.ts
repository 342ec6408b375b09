import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of the console's commerce area (DESIGN §7; §3 Order and Discount): orders,
 * export, refunds, settings, coupons, discounts, revenue and reconciliation need finance.read /
 * finance.refund / finance.settings / commerce.edit, which of the matrix's roles only the organiser
 * holds. Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 *
 * The organiser's rows build on each other: the coupon and discount made are replaced and deleted,
 * the settings saved with the version the read answered.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/commerce`;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];

const seen = { couponId: unknownId, discountId: unknownId, settingsVersion: 1 };

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
const remember =
  (key: 'couponId' | 'discountId'): Hook =>
  async (_c, role, res) => {
    if (role === 'organiser' && res.statusCode === 200)
      seen[key] = (res.json() as { _id: { $id: string } })._id.$id;
  };
const rememberVersion: Hook = async (_c, role, res) => {
  if (role === 'organiser' && res.statusCode === 200)
    seen.settingsVersion = (res.json() as { version: number }).version;
};
const settings = (version: number) => ({
  payment_provider: 'sandbox',
  currency: 'CNY',
  payment_window_minutes: 15,
  enable_invoice: 0,
  version,
});

// biome-ignore format: the table reads as a table
export const consoleCommerceRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/orders', request: (c) => get(`${base(c)}/orders${q({ status: 'done', q: 'a' })}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/orders/export', request: (c) => get(`${base(c)}/orders/export`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/commerce/orders/{id}/refunds', variant: 'an unknown order', request: (c) => post(`${base(c)}/orders/${unknownId}/refunds`, { amount: 100, reason: 'matrix', idempotency_key: 'matrix-refund-1' }), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/reconciliation', request: (c) => get(`${base(c)}/reconciliation${q({ date: '2026-03-01' })}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/orders/{id}', variant: 'an unknown id', request: (c) => get(`${base(c)}/orders/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/options', request: (c) => get(`${base(c)}/options`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/settings', request: (c) => get(`${base(c)}/settings`), expect: onlyOrganiser(200), after: rememberVersion },
  { route: 'PUT /api/console/meetings/{meeting_id}/commerce/settings', request: (c) => put(`${base(c)}/settings`, settings(seen.settingsVersion)), expect: onlyOrganiser(200), after: rememberVersion },
  { route: 'PUT /api/console/meetings/{meeting_id}/commerce/settings', variant: 'a stale version', request: (c) => put(`${base(c)}/settings`, settings(1)), expect: onlyOrganiser(409) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/coupons', request: (c) => get(`${base(c)}/coupons`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/commerce/coupons', request: (c) => post(`${base(c)}/coupons`, { code: 'MATRIX', type: 1, discount_rate: 10 }), expect: onlyOrganiser(200), after: remember('couponId') },
  { route: 'POST /api/console/meetings/{meeting_id}/commerce/coupons', variant: 'a code taken', request: (c) => post(`${base(c)}/coupons`, { code: 'matrix', type: 1, discount_rate: 10 }), expect: onlyOrganiser(409) },
  { route: 'PUT /api/console/meetings/{meeting_id}/commerce/coupons/{id}', request: (c) => put(`${base(c)}/coupons/${seen.couponId}`, { code: 'MATRIX', type: 3, promotion_threshold: 1000, promotion_amount: 100 }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/commerce/coupons/{id}', request: (c) => del(`${base(c)}/coupons/${seen.couponId}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/discounts', request: (c) => get(`${base(c)}/discounts`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/commerce/discounts', request: (c) => post(`${base(c)}/discounts`, { type: 2, discount_amount: 100, promotion_threshold: 0 }), expect: onlyOrganiser(200), after: remember('discountId') },
  { route: 'PUT /api/console/meetings/{meeting_id}/commerce/discounts/{id}', request: (c) => put(`${base(c)}/discounts/${seen.discountId}`, { type: 1, discount_rate: 5 }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/commerce/discounts/{id}', request: (c) => del(`${base(c)}/discounts/${seen.discountId}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/revenue', request: (c) => get(`${base(c)}/revenue${q({ from: '2026-03-01', to: '2026-03-31' })}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/commerce/revenue', variant: 'to before from', request: (c) => get(`${base(c)}/revenue${q({ from: '2026-03-31', to: '2026-03-01' })}`), expect: everyone(400) },
];
