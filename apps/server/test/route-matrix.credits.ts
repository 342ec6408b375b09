import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of credits and union codes (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode, GET /activity/unioncodes) and the console's credits area
 * (credits.edit, unioncodes.edit: owner, organiser, registration). Columns: [guest, user,
 * participant, exhibitor, checkin, organiser, otherOrganiser]. The organiser's import comes first so
 * the participant's claim finds its code; the list row keeps the unused code the delete row removes.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const made = { unusedCodeId: '0123456789abcdef01234567' };

async function keepUnused(_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) {
  if (role !== 'organiser' || res.statusCode !== 200) return;
  const item = (res.json() as { items: { _id: { $id: string }; code: string }[] }).items.find(
    (i) => i.code === 'MATRIX-2',
  );
  if (item) made.unusedCodeId = item._id.$id;
}

// biome-ignore format: the table reads as a table
export const creditsRows: MatrixRow[] = [
  { route: 'PUT /api/console/meetings/{meeting_id}/credits/{activity_id}', request: (c) => put(`${base(c)}/credits/${c.activityId}`, { enabled: 0, credits: 2 }), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/credits', request: (c) => get(`${base(c)}/credits`), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/credits/export', request: (c) => get(`${base(c)}/credits/export${q({ activity_id: c.activityId })}`), expect: editors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/unioncodes/import', request: (c) => post(`${base(c)}/unioncodes/import`, { activity_id: c.activityId, format: 'lines', text: 'MATRIX-1\nMATRIX-2' }), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/unioncodes', request: (c) => get(`${base(c)}/unioncodes${q({ activity_id: c.activityId })}`), expect: editors(200), after: keepUnused },
  { route: 'GET /api/console/meetings/{meeting_id}/unioncodes/export', request: (c) => get(`${base(c)}/unioncodes/export${q({ activity_id: c.activityId })}`), expect: editors(200) },
  { route: 'GET /api/activities/{id}/credits', request: (c) => get(`/api/activities/${c.activityId}/credits`), expect: signedIn(200) },
  // Credits are off for the forum: its participant's ticket has earned nothing (409); others' tickets are 404.
  { route: 'GET /api/activities/{id}/credits/certificate', request: (c) => get(`/api/activities/${c.activityId}/credits/certificate${q({ ticket_id: c.ticketId })}`), expect: [401, 404, 409, 404, 404, 404, 404] },
  // Only the ticket's holder may enter a code on it; a second call answers the code it holds.
  { route: 'PUT /api/activity/attendees/unioncode', request: (c) => put('/api/activity/attendees/unioncode', { ticket_id: c.ticketId, code: 'MATRIX-1' }), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'GET /api/activity/unioncodes', request: (c) => get(`/api/activity/unioncodes${q({ activity_id: c.activityId })}`), expect: signedIn(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/unioncodes/{id}', request: (c) => del(`${base(c)}/unioncodes/${made.unusedCodeId}`), expect: editors(200) },
];
