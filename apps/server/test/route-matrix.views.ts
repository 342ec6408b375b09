import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of view counters, footprints and documents (§2 /meeting/doc, §7 `…/views`,
 * DELETE /logs/{id}, DESIGN §7): counting is open to everyone (anonymous by device id), footprints
 * are the caller's own, the console's documents need pages.edit and the view analytics
 * dashboard.read (owner, organiser, editor… — the organiser role here).
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];
const base = (c: MatrixContext) => `/api/console/meetings/${M(c)}`;

const seen = { categoryId: unknownId };
const rememberCategory = async (_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => {
  if (role === 'organiser' && res.statusCode === 200)
    seen.categoryId = (res.json() as { _id: { $id: string } })._id.$id;
};

// biome-ignore format: the table reads as a table
export const viewsRows: MatrixRow[] = [
  { route: 'POST /api/meetings/{id}/cover/show', request: (c) => post(`/api/meetings/${M(c)}/cover/show`), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/cover/views', request: (c) => post(`/api/meetings/${M(c)}/cover/views`), expect: everyone(200) },
  { route: 'PUT /api/meetings/{id}/covers/show_total', request: (c) => put(`/api/meetings/${M(c)}/covers/show_total`, { show_total: 3 }), expect: everyone(200) },
  { route: 'PUT /api/meetings/{id}/covers/show_total', variant: 'a count out of range', request: (c) => put(`/api/meetings/${M(c)}/covers/show_total`, { show_total: 0 }), expect: everyone(400) },
  { route: 'POST /api/meetings/{id}/attachments/views', request: (c) => post(`/api/meetings/${M(c)}/attachments/views`), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/attachments/views', variant: 'an unknown document', request: (c) => post(`/api/meetings/${M(c)}/attachments/views`, { attachment_id: unknownId }), expect: everyone(404) },
  { route: 'POST /api/meetings/{id}/content/views', request: (c) => post(`/api/meetings/${M(c)}/content/views`), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/content/views', variant: 'an unknown content page', request: (c) => post(`/api/meetings/${M(c)}/content/views`, { content_id: unknownId }), expect: everyone(404) },
  { route: 'POST /api/meetings/{id}/content/views', variant: 'an unknown news item', request: (c) => post(`/api/meetings/${M(c)}/content/views`, { news_id: unknownId }), expect: everyone(404) },
  { route: 'POST /api/meetings/{id}/content/views', variant: 'a malformed meeting id', request: () => post('/api/meetings/nope/content/views'), expect: everyone(400) },
  { route: 'GET /api/logs', request: (c) => get(`/api/logs?meeting_id=${M(c)}`), expect: everyone(200) },
  // An id no footprint has (1, 2 … may be this caller's own: earlier rows' views made footprints).
  { route: 'DELETE /api/logs/{id}', variant: "an id that is not the caller's", request: () => del('/api/logs/2147483647'), expect: everyone(404) },
  { route: 'DELETE /api/logs/{id}', variant: 'a malformed id', request: () => del('/api/logs/abc'), expect: everyone(400) },
  { route: 'DELETE /api/logs', request: (c) => del(`/api/logs?meeting_id=${M(c)}`), expect: everyone(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/views', request: (c) => get(`${base(c)}/views`), expect: onlyOrganiser(200) },

  { route: 'GET /api/meeting/attachments', request: (c) => get(`/api/meeting/attachments?meeting_id=${M(c)}`), expect: everyone(200) },
  { route: 'GET /api/meeting/attachments/{id}/file', variant: 'an unknown document', request: () => get(`/api/meeting/attachments/${unknownId}/file`), expect: everyone(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/attachments', request: (c) => get(`${base(c)}/attachments`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/attachments', variant: 'an upload that does not exist', request: (c) => post(`${base(c)}/attachments`, { key: `${unknownId}/x.pdf`, title: { en: 'Matrix' } }), expect: onlyOrganiser(400) },
  { route: 'PUT /api/console/meetings/{meeting_id}/attachments/{id}', variant: 'an unknown document', request: (c) => put(`${base(c)}/attachments/${unknownId}`, { title: { en: 'Matrix' }, updated_at_ms: 0 }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/attachments/{id}', variant: 'an unknown document', request: (c) => del(`${base(c)}/attachments/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/attachments_order', variant: 'an id not of the meeting', request: (c) => put(`${base(c)}/attachments_order`, { ids: [unknownId] }), expect: onlyOrganiser(400) },
  { route: 'GET /api/console/meetings/{meeting_id}/attachment_categories', request: (c) => get(`${base(c)}/attachment_categories`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/attachment_categories', request: (c) => post(`${base(c)}/attachment_categories`, { title: { en: 'Matrix' } }), expect: onlyOrganiser(200), after: rememberCategory },
  { route: 'PUT /api/console/meetings/{meeting_id}/attachment_categories/{id}', request: (c) => put(`${base(c)}/attachment_categories/${seen.categoryId}`, { weight: 3 }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/attachment_categories/{id}', request: (c) => del(`${base(c)}/attachment_categories/${seen.categoryId}`), expect: onlyOrganiser(200) },
];
