import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { exhibitorApplications } from '../src/modules/exhibitors/exhibitors.tables.ts';
import { outboxMessages } from '../src/modules/messages/messages.tables.ts';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's exhibitors calls (DESIGN §7, §6): applications, exhibitors,
 * enterprises, products, industries and exhibitor groups (exhibitor.manage: owner, organiser,
 * editor), the appointments overview (appointment.read), and the public password-link pair. Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 *
 * Some rows read what an earlier row's organiser answer gave (`after` hooks fill `seen`): a waiting
 * application, an exhibitor with its `updated_at_ms`, a product, the password link sent on approval.
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const unknownToken = 'A'.repeat(43);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];
const base = (c: MatrixContext) => `/api/console/meetings/${M(c)}`;

/** What earlier rows saw, for the rows after them. */
const seen = {
  waitingIds: [] as string[],
  exhibitorId: unknownId,
  enterpriseId: unknownId,
  updatedAtMs: 0,
  enterpriseUpdatedAtMs: 0,
  productId: unknownId,
  productUpdatedAtMs: 0,
  approvedExhibitorId: unknownId,
  token: unknownToken,
};

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
/** Runs `read` on the organiser's successful answer only. */
const fromOrganiser =
  (read: (body: never, c: MatrixContext) => Promise<void> | void): Hook =>
  async (c, role, res) => {
    if (role === 'organiser' && res.statusCode === 200) await read(res.json() as never, c);
  };

const rememberWaiting = fromOrganiser(async (_body: unknown, c) => {
  // Applications sent by the public rows (POST /meetings/{id}/exhibitor/apply), still waiting.
  const rows = await c.world.t.database.db
    .select({ id: exhibitorApplications.id, status: exhibitorApplications.status })
    .from(exhibitorApplications)
    .where(eq(exhibitorApplications.meetingId, M(c)))
    .orderBy(desc(exhibitorApplications.createdAt));
  seen.waitingIds = rows.filter((row) => row.status === 0).map((row) => row.id);
});

/** The token of the newest password link in the outbox for a recipient. */
async function latestToken(c: MatrixContext, recipient: string): Promise<string> {
  const [sms] = await c.world.t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return /[?&]key=([A-Za-z0-9_-]{43})/.exec(sms?.body ?? '')?.[1] ?? unknownToken;
}

let approvedPhone = '';
const rememberApproval = fromOrganiser(
  async (body: { exhibitor_id: { $id: string }; application: { phone: string } }, c) => {
    seen.approvedExhibitorId = body.exhibitor_id.$id;
    approvedPhone = body.application.phone;
    seen.token = await latestToken(c, approvedPhone);
  },
);

/** The reset retired the approval's link: the rows after it use the new one. */
const rememberResetLink = fromOrganiser(async (_body: unknown, c) => {
  seen.token = await latestToken(c, approvedPhone);
});

const rememberExhibitor = fromOrganiser(
  (body: {
    items: {
      _id: { $id: string };
      enterprise_id: { $id: string };
      updated_at_ms: number;
      enterprise_updated_at_ms: number;
      products_total: number;
    }[];
  }) => {
    const item = body.items.find((entry) => entry.products_total > 0) ?? body.items[0];
    if (!item) return;
    seen.exhibitorId = item._id.$id;
    seen.enterpriseId = item.enterprise_id.$id;
    seen.updatedAtMs = item.updated_at_ms;
    seen.enterpriseUpdatedAtMs = item.enterprise_updated_at_ms;
  },
);

const rememberProduct = fromOrganiser(
  (body: { items: { _id: { $id: string }; updated_at_ms: number }[] }) => {
    const [item] = body.items;
    if (!item) return;
    seen.productId = item._id.$id;
    seen.productUpdatedAtMs = item.updated_at_ms;
  },
);

// biome-ignore format: the table reads as a table
export const consoleExhibitorsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/exhibitor_applications', request: (c) => get(`${base(c)}/exhibitor_applications`), expect: onlyOrganiser(200), after: rememberWaiting },
  { route: 'POST /api/console/meetings/{meeting_id}/exhibitor_applications/{id}/approve', request: (c) => post(`${base(c)}/exhibitor_applications/${seen.waitingIds[0] ?? unknownId}/approve`, { account: 'matrix-approved' }), expect: onlyOrganiser(200), after: rememberApproval },
  { route: 'POST /api/console/meetings/{meeting_id}/exhibitor_applications/{id}/approve', variant: 'approving twice', request: (c) => post(`${base(c)}/exhibitor_applications/${seen.waitingIds[0] ?? unknownId}/approve`, {}), expect: onlyOrganiser(409) },
  { route: 'POST /api/console/meetings/{meeting_id}/exhibitor_applications/{id}/reject', request: (c) => post(`${base(c)}/exhibitor_applications/${seen.waitingIds[1] ?? unknownId}/reject`, { reason: 'Matrix says no' }), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/exhibitors', request: (c) => get(`${base(c)}/exhibitors`), expect: onlyOrganiser(200), after: rememberExhibitor },
  { route: 'PUT /api/console/meetings/{meeting_id}/exhibitors/{id}', request: (c) => put(`${base(c)}/exhibitors/${seen.exhibitorId}`, { updated_at_ms: seen.updatedAtMs, booth: 'M-1' }), expect: onlyOrganiser(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/exhibitors/{id}', variant: 'a stale updated_at_ms', request: (c) => put(`${base(c)}/exhibitors/${seen.exhibitorId}`, { updated_at_ms: seen.updatedAtMs, booth: 'M-2' }), expect: onlyOrganiser(409) },
  { route: 'PUT /api/console/meetings/{meeting_id}/enterprises/{id}', request: (c) => put(`${base(c)}/enterprises/${seen.enterpriseId}`, { updated_at_ms: seen.enterpriseUpdatedAtMs, website: 'https://example.org/matrix' }), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/enterprises/{id}/products', request: (c) => get(`${base(c)}/enterprises/${seen.enterpriseId}/products`), expect: onlyOrganiser(200), after: rememberProduct },
  { route: 'PUT /api/console/meetings/{meeting_id}/products/{id}', request: (c) => put(`${base(c)}/products/${seen.productId}`, { updated_at_ms: seen.productUpdatedAtMs, weight: 3 }), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/exhibitors/{id}/password_reset', request: (c) => post(`${base(c)}/exhibitors/${seen.approvedExhibitorId}/password_reset`, {}), expect: onlyOrganiser(200), after: rememberResetLink },
  { route: 'GET /api/console/meetings/{meeting_id}/exhibitor_categories', request: (c) => get(`${base(c)}/exhibitor_categories`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/exhibitor_categories', request: (c) => post(`${base(c)}/exhibitor_categories`, { type: 'exhibitor_group', title: 'Matrix hall' }), expect: onlyOrganiser(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/exhibitor_categories/{id}', request: (c) => put(`${base(c)}/exhibitor_categories/${c.exhibitorGroupCategoryId}`, { weight: 7 }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/exhibitor_categories/{id}', request: (c) => del(`${base(c)}/exhibitor_categories/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/appointments/overview', request: (c) => get(`${base(c)}/appointments/overview`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/appointments/export', request: (c) => get(`${base(c)}/appointments/export`), expect: onlyOrganiser(200) },

  // The public page of a password link (§6 Exhibitor): anyone holding the link; it works once.
  { route: 'GET /api/exhibitor/password_links/{token}', request: () => get(`/api/exhibitor/password_links/${seen.token}`), expect: everyone(200) },
  { route: 'GET /api/exhibitor/password_links/{token}', variant: 'an unknown token', request: () => get(`/api/exhibitor/password_links/${unknownToken}`), expect: everyone(404) },
  { route: 'POST /api/exhibitor/password_links/{token}', request: () => post(`/api/exhibitor/password_links/${seen.token}`, { password: 'Matrix-2030!' }), expect: [200, 410, 410, 410, 410, 410, 410] },
];
