import { del, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's activities calls (DESIGN §7, §6). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. Only holders of
 * activity.edit (owner, organiser) get past the role check; writes that would change the demo
 * activity name an unknown item (404) or carry a stale updated_at_ms (409), so later rows see it as seeded.
 */
const A = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/activities`;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];
const activityBody = {
  title: 'Matrix activity',
  start: 1_900_000_000,
  end: 1_900_003_600,
  enable_show: 0,
  privacy: 1,
};

// biome-ignore format: the table reads as a table
export const consoleActivitiesRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/activities', request: (c) => get(A(c)), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/activities', request: (c) => post(A(c), activityBody), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/activities/{id}', request: (c) => get(`${A(c)}/${c.activityId}`), expect: onlyOrganiser(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/activities/{id}', variant: 'a stale updated_at_ms', request: (c) => put(`${A(c)}/${c.activityId}`, { ...activityBody, updated_at_ms: 1 }), expect: onlyOrganiser(409) },
  { route: 'POST /api/console/meetings/{meeting_id}/activities/{id}/prices', variant: 'an unknown activity', request: (c) => post(`${A(c)}/${unknownId}/prices`, { title: 'Matrix', amount: 100 }), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/activities/{id}/prices/{price_id}', variant: 'an unknown ticket type', request: (c) => put(`${A(c)}/${c.activityId}/prices/${unknownId}`, { title: 'Matrix', amount: 100, updated_at_ms: 1 }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/activities/{id}/prices/{price_id}', variant: 'an unknown ticket type', request: (c) => del(`${A(c)}/${c.activityId}/prices/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/activities/{id}/sources', request: (c) => get(`${A(c)}/${c.activityId}/sources`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/activities/{id}/sources', variant: 'an unknown activity', request: (c) => post(`${A(c)}/${unknownId}/sources`, { title: 'Matrix' }), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/activities/{id}/sources/{source_id}', variant: 'an unknown source', request: (c) => put(`${A(c)}/${c.activityId}/sources/${unknownId}`, { title: 'Matrix' }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/activities/{id}/sources/{source_id}', variant: 'an unknown source', request: (c) => del(`${A(c)}/${c.activityId}/sources/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/activities/{id}/form', request: (c) => get(`${A(c)}/${c.activityId}/form`), expect: onlyOrganiser(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/activities/{id}/form', variant: 'a stale updated_at_ms', request: (c) => put(`${A(c)}/${c.activityId}/form`, { updated_at_ms: 1, questions: [] }), expect: onlyOrganiser(409) },
  { route: 'GET /api/console/meetings/{meeting_id}/activities/{id}/invites', request: (c) => get(`${A(c)}/${c.activityId}/invites`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/activities/{id}/invites', request: (c) => post(`${A(c)}/${c.activityId}/invites`, { email: 'matrix-invite@example.test' }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/activities/{id}/invites/{invite_id}', variant: 'an entry not on the list (idempotent)', request: (c) => del(`${A(c)}/${c.activityId}/invites/${unknownId}`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/activities/{id}/invitation_links', request: (c) => post(`${A(c)}/${c.activityId}/invitation_links`, { expires_in: 3600 }), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/activities', variant: "another meeting's (organiser of this one)", request: (c) => get(`/api/console/meetings/${c.otherMeetingId}/activities`), expect: [401, 403, 403, 403, 403, 403, 200] },
];
