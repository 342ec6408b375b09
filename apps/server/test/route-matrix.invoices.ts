import { get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of invoices and receipts (§2 /invoice/form, /invoice/detail; §3 Invoice, Order;
 * §4 Invoice): the buyer's calls answer 404 for an order, invoice or receipt that is not the caller's
 * (none of the roles owns one here: invoices.api.test.ts walks the owner's paths), and the console's
 * queue needs finance.read to read and invoice.process to act (owner, organiser, finance). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const unknownId = 'f'.repeat(24);
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/invoices`;
const onlyFinance = (status: number) => [401, 403, 403, 403, 403, status, 403];
const fields = {
  type: 'regular',
  title: 'Matrix Ltd',
  taxpayer_number: '91350100M000100Y43',
  mobile: '13800138000',
  delivery: 'electronic',
};

// biome-ignore format: the table reads as a table
export const invoicesRows: MatrixRow[] = [
  { route: 'GET /api/invoices', request: () => get(`/api/invoices${q({ checkout: unknownId })}`), expect: signedIn(404) },
  { route: 'GET /api/invoices', variant: 'without checkout', request: () => get('/api/invoices'), expect: [400, 400, 400, 400, 400, 400, 400] },
  { route: 'GET /api/invoices/eligibility', request: () => get(`/api/invoices/eligibility${q({ checkout: unknownId })}`), expect: signedIn(404) },
  { route: 'POST /api/invoices', request: () => post('/api/invoices', { ...fields, checkout_id: unknownId }), expect: signedIn(404) },
  { route: 'PUT /api/invoices/{id}', request: () => put(`/api/invoices/${unknownId}`, { ...fields, version: 1 }), expect: signedIn(404) },
  { route: 'GET /api/invoices/{id}/pdf', request: () => get(`/api/invoices/${unknownId}/pdf`), expect: signedIn(404) },
  { route: 'GET /api/orders/{id}/receipts', request: () => get(`/api/orders/${unknownId}/receipts`), expect: signedIn(404) },
  { route: 'GET /api/receipts/{id}', request: () => get(`/api/receipts/${unknownId}`), expect: signedIn(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/invoices', request: (c) => get(`${base(c)}${q({ state: 'processing' })}`), expect: onlyFinance(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/invoices/{id}', request: (c) => get(`${base(c)}/${unknownId}`), expect: onlyFinance(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/invoices/{id}/complete', request: (c) => post(`${base(c)}/${unknownId}/complete`, { version: 1, issued_number: '1' }), expect: onlyFinance(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/invoices/{id}/complete', variant: 'neither PDF nor number', request: (c) => post(`${base(c)}/${unknownId}/complete`, { version: 1 }), expect: onlyFinance(400) },
  { route: 'POST /api/console/meetings/{meeting_id}/invoices/{id}/reject', request: (c) => post(`${base(c)}/${unknownId}/reject`, { version: 1, reason: 'Wrong title' }), expect: onlyFinance(404) },
];
