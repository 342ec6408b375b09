import { everyone, get, type MatrixContext, type MatrixRow, post } from './route-matrix.ts';

/**
 * Route × role rows of sharing, short links, invitation attribution and the site basics (§2 share
 * links, §7 Static, §7 POST /enterprises/{id}/invites, §9 error reports). Columns: [guest, user,
 * participant, exhibitor, checkin, organiser, otherOrganiser]. Cards, static lists and short links
 * are public; the invitation report is the bound exhibitor's, the per-enterprise counts the
 * organisers' (exhibitor.manage).
 */
const card = (c: MatrixContext) =>
  `/api/share/activity/card.png?id=${c.activityId}&meeting_id=${c.meetingId}&size=thumb`;

// biome-ignore format: the table reads as a table
export const shareRows: MatrixRow[] = [
  { route: 'GET /api/share/{type}/card.png', request: (c) => get(card(c)), expect: everyone(200) },
  { route: 'GET /api/short_links', request: () => get('/api/short_links?target=%2F%23%2Fmeeting%2Fhome'), expect: everyone(200) },
  { route: 'GET /api/short_links', variant: 'another host', request: () => get('/api/short_links?target=%2F%2Fevil.com'), expect: everyone(400) },
  { route: 'GET /api/short_links/{hash}', variant: 'an unknown hash', request: () => get('/api/short_links/AAAAAAAAAA'), expect: everyone(404) },
  { route: 'GET /api/static/regions.json', request: () => get('/api/static/regions.json'), expect: everyone(200) },
  { route: 'GET /api/static/countries.json', request: () => get('/api/static/countries.json?lang=zh'), expect: everyone(200) },
  { route: 'GET /api/static/webview_domains.json', request: () => get('/api/static/webview_domains.json'), expect: everyone(200) },
  { route: 'POST /api/client_errors', request: () => post('/api/client_errors', { kind: 'error', message: 'matrix' }), expect: everyone(200) },
  { route: 'POST /api/enterprises/{id}/invites', request: (c) => post(`/api/enterprises/${c.ownEnterpriseId}/invites`, { meeting_id: c.meetingId }), expect: everyone(200) },
  { route: 'GET /api/enterprises/{id}/invites', request: (c) => get(`/api/enterprises/${c.ownEnterpriseId}/invites?meeting_id=${c.meetingId}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/enterprises/{id}/invites', variant: "another enterprise's", request: (c) => get(`/api/enterprises/${c.otherEnterpriseId}/invites?meeting_id=${c.meetingId}`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/console/meetings/{meeting_id}/invites', request: (c) => get(`/api/console/meetings/${c.meetingId}/invites`), expect: [401, 403, 403, 403, 403, 200, 403] },
];
