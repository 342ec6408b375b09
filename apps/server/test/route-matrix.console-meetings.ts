import { del, get, type MatrixContext, type MatrixRow, post, put, sendAs, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of the console's meetings and programme calls (DESIGN §7, §6). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. The demo organiser edits
 * the meeting and its programme but may not archive, delete or restore it (owner only); creating
 * meetings is for platform administrators alone. Rows refuse in the service (stale token, end before
 * start, unknown ids) so the demo meeting stays as it is; the two that create undo it afterwards.
 */
const M = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];
const wireId = (body: string) => (JSON.parse(body) as { _id: { $id: string } })._id.$id;
const session = { title: 'Matrix', start: 1_900_000_000, end: 1_900_000_100 };

// biome-ignore format: the table reads as a table
export const consoleMeetingsRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings', request: () => post('/api/console/meetings', { source: 'blank', title: 'Matrix' }), expect: signedIn(403) },
  { route: 'GET /api/console/meetings/{meeting_id}', request: (c) => get(M(c)), expect: [401, 403, 403, 403, 200, 200, 403] },
  { route: 'PUT /api/console/meetings/{meeting_id}', variant: 'a stale updated_at', request: (c) => put(M(c), { updated_at_ms: 1, title: 'Matrix' }), expect: onlyOrganiser(409) },
  { route: 'POST /api/console/meetings/{meeting_id}/archive', request: (c) => post(`${M(c)}/archive`, { old: 1, updated_at_ms: 1 }), expect: onlyOrganiser(403) },
  { route: 'DELETE /api/console/meetings/{meeting_id}', request: (c) => del(M(c)), expect: onlyOrganiser(403) },
  { route: 'POST /api/console/meetings/{meeting_id}/restore', request: (c) => post(`${M(c)}/restore`), expect: onlyOrganiser(403) },
  { route: 'GET /api/console/meetings/{meeting_id}/programme', request: (c) => get(`${M(c)}/programme`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/programme/preview', variant: 'a malformed file', request: (c) => post(`${M(c)}/programme/preview`, { schedule: '{' }), expect: onlyOrganiser(400) },
  { route: 'POST /api/console/meetings/{meeting_id}/programme/import', variant: 'a malformed file', request: (c) => post(`${M(c)}/programme/import`, { schedule: '{' }), expect: onlyOrganiser(400) },
  { route: 'GET /api/console/meetings/{meeting_id}/programme/schedule.json', request: (c) => get(`${M(c)}/programme/schedule.json`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/programme/calendar.ics', request: (c) => get(`${M(c)}/programme/calendar.ics`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/sessions', variant: 'ending before it starts', request: (c) => post(`${M(c)}/sessions`, { ...session, end: 1 }), expect: onlyOrganiser(400) },
  { route: 'POST /api/console/meetings/{meeting_id}/sessions', variant: 'placing an activity not of the meeting', request: (c) => post(`${M(c)}/sessions`, { ...session, activities: [{ activity_id: unknownId, enable_show: 1 }] }), expect: onlyOrganiser(400) },
  { route: 'PUT /api/console/meetings/{meeting_id}/sessions/{id}', request: (c) => put(`${M(c)}/sessions/${unknownId}`, { ...session, updated_at_ms: 1 }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/sessions/{id}', request: (c) => del(`${M(c)}/sessions/${unknownId}`), expect: onlyOrganiser(404) },
  {
    route: 'POST /api/console/meetings/{meeting_id}/speakers', request: (c) => post(`${M(c)}/speakers`, { name: 'Matrix speaker' }), expect: onlyOrganiser(200),
    after: async (c, role, response) => { if (response.statusCode === 200) await sendAs(c, role, del(`${M(c)}/speakers/${wireId(response.body)}`)); },
  },
  { route: 'PUT /api/console/meetings/{meeting_id}/speakers/{id}', request: (c) => put(`${M(c)}/speakers/${unknownId}`, { name: 'Matrix', updated_at_ms: 1 }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/speakers/{id}', request: (c) => del(`${M(c)}/speakers/${unknownId}`), expect: onlyOrganiser(404) },
  {
    route: 'POST /api/console/meetings/{meeting_id}/rooms', request: (c) => post(`${M(c)}/rooms`, { name: 'Matrix room' }), expect: onlyOrganiser(200),
    after: async (c, role, response) => { if (response.statusCode === 200) await sendAs(c, role, del(`${M(c)}/rooms/${wireId(response.body)}`)); },
  },
  { route: 'PUT /api/console/meetings/{meeting_id}/rooms/{id}', request: (c) => put(`${M(c)}/rooms/${unknownId}`, { name: 'Matrix' }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/rooms/{id}', request: (c) => del(`${M(c)}/rooms/${unknownId}`), expect: onlyOrganiser(404) },
];
