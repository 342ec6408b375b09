import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { seenDemand } from './route-matrix.demands.ts';
import { del, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's demands (DESIGN §7; §4 Demand blocked): community.read to read,
 * community.moderate to block, unblock or delete (owner, organiser, editor). The demand and comment
 * are the participant's from route-matrix.demands.ts. Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 *
 * The demand category the organiser creates (§3 Demand category) is then renamed and deleted.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const onlyModerators = (status: number) => [401, 403, 403, 403, 403, status, 403];

const seenCategory = { id: 'f'.repeat(24) };
/** Remembers the demand category the organiser created. */
const rememberCategory = async (_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => {
  if (role === 'organiser' && res.statusCode === 200)
    seenCategory.id = (res.json() as { _id: { $id: string } })._id.$id;
};

// biome-ignore format: the table reads as a table
export const consoleDemandsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/demands', request: (c) => get(`${base(c)}/demands`), expect: onlyModerators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/demands/{id}', request: (c) => get(`${base(c)}/demands/${seenDemand.demandId}`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/demands/{id}/state', request: (c) => post(`${base(c)}/demands/${seenDemand.demandId}/state`, { state: 'visible' }), expect: onlyModerators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/demands/categories', request: (c) => get(`${base(c)}/demands/categories`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/demands/categories', request: (c) => post(`${base(c)}/demands/categories`, { title: { en: 'Matrix demand' } }), expect: onlyModerators(200), after: rememberCategory },
  { route: 'PUT /api/console/meetings/{meeting_id}/demands/categories/{id}', request: (c) => put(`${base(c)}/demands/categories/${seenCategory.id}`, { weight: 3 }), expect: onlyModerators(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/demands/categories/{id}', request: (c) => del(`${base(c)}/demands/categories/${seenCategory.id}`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/demand_comments/{id}/state', request: (c) => post(`${base(c)}/demand_comments/${seenDemand.commentId}/state`, { state: 'visible' }), expect: onlyModerators(200) },
];
