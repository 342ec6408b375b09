import { everyone, get, type MatrixContext, type MatrixRow, post, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of orders and payment (§4 Order, Group payment; §7 POST /checkout/activities,
 * GET /meeting/coupons): the buyer's calls need a session and answer 404 order.not_found for an order
 * that is not the caller's (none of the roles owns one here: orders.api.test.ts walks the buyer's
 * paths; a body that fails its contract is 400 before the session is asked); the sandbox page and the providers' notification route take no session and no Apikey —
 * an unknown payment is 404, a notification whose signature does not verify 400. Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const unknownId = 'f'.repeat(24);
const M = (c: MatrixContext) => c.meetingId;
const checkoutBody = { activity_id: unknownId, lines: [{ price_id: unknownId }] };

// biome-ignore format: the table reads as a table
export const ordersRows: MatrixRow[] = [
  { route: 'POST /api/checkout/activities', request: () => post('/api/checkout/activities', checkoutBody), expect: signedIn(404) },
  { route: 'POST /api/checkout/activities', variant: 'no lines', request: (c) => post('/api/checkout/activities', { activity_id: c.activityId, lines: [] }), expect: everyone(400) },
  { route: 'POST /api/checkout/activities/quote', request: () => post('/api/checkout/activities/quote', checkoutBody), expect: signedIn(404) },
  { route: 'GET /api/orders', request: (c) => get(`/api/orders${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/orders/{id}', request: () => get(`/api/orders/${unknownId}`), expect: signedIn(404) },
  { route: 'GET /api/orders/{id}', variant: 'a wrong pay token', request: () => get(`/api/orders/${unknownId}${q({ token: 'x'.repeat(32) })}`), expect: signedIn(404) },
  { route: 'POST /api/orders/{id}/cancel', request: () => post(`/api/orders/${unknownId}/cancel`), expect: signedIn(404) },
  { route: 'GET /api/orders/{id}/channels', request: () => get(`/api/orders/${unknownId}/channels${q({ env: 'browser' })}`), expect: signedIn(404) },
  { route: 'POST /api/orders/{id}/payments', request: () => post(`/api/orders/${unknownId}/payments`, { channel: 'sandbox' }), expect: signedIn(404) },
  { route: 'GET /api/meeting/coupons', request: (c) => get(`/api/meeting/coupons${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/payments/sandbox/{payment_id}', request: () => get(`/api/payments/sandbox/${unknownId}`), expect: everyone(404) },
  { route: 'POST /api/payments/sandbox/{payment_id}', request: () => post(`/api/payments/sandbox/${unknownId}`, { action: 'paid', mode: 'once' }), expect: everyone(404) },
  { route: 'POST /api/payments/notify/{provider}/{meeting_id}', request: (c) => post(`/api/payments/notify/sandbox/${M(c)}`, { event_id: 'x', payment_id: unknownId }), expect: everyone(400) },
];
