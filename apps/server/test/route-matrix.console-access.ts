import { del, get, type MatrixContext, type MatrixRow, post, put, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of the console's access calls (DESIGN §7, §6): the caller, the team, platform
 * administrators and the audit log. Columns: [guest, user, participant, exhibitor, checkin,
 * organiser, otherOrganiser]. The organiser of another meeting is refused like anyone without a role.
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleAccessRows: MatrixRow[] = [
  { route: 'GET /api/console/me', request: () => get('/api/console/me'), expect: signedIn(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/team', request: (c) => get(`/api/console/meetings/${M(c)}/team`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/team', request: (c) => post(`/api/console/meetings/${M(c)}/team`, { role: 'editor', email: 'matrix-editor@example.test' }), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/team', variant: 'an organiser granting owner', request: (c) => post(`/api/console/meetings/${M(c)}/team`, { role: 'owner', email: 'matrix-owner@example.test' }), expect: onlyOrganiser(403) },
  { route: 'PUT /api/console/meetings/{meeting_id}/team/{id}', request: (c) => put(`/api/console/meetings/${M(c)}/team/${unknownId}`, { role: 'editor' }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/team/{id}', request: (c) => del(`/api/console/meetings/${M(c)}/team/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/audit', request: (c) => get(`/api/console/meetings/${M(c)}/audit`), expect: onlyOrganiser(200) },
  // The dashboard (dashboard.read): owner, organiser, editor, registration, finance; not check-in staff.
  { route: 'GET /api/console/meetings/{meeting_id}/dashboard', request: (c) => get(`/api/console/meetings/${M(c)}/dashboard`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/dashboard', variant: 'a year of days', request: (c) => get(`/api/console/meetings/${M(c)}/dashboard?days=366`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/dashboard', variant: 'too many days (checked before the login)', request: (c) => get(`/api/console/meetings/${M(c)}/dashboard?days=367`), expect: [400, 400, 400, 400, 400, 400, 400] },
  { route: 'GET /api/console/admins', request: () => get('/api/console/admins'), expect: signedIn(403) },
  { route: 'POST /api/console/admins', request: () => post('/api/console/admins', { email: 'matrix-admin@example.test' }), expect: signedIn(403) },
  { route: 'GET /api/console/jobs/failed', request: () => get('/api/console/jobs/failed'), expect: signedIn(403) },
  { route: 'DELETE /api/console/admins/{id}', request: () => del(`/api/console/admins/${unknownId}`), expect: signedIn(403) },
];
