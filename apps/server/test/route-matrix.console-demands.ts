import { seenDemand } from './route-matrix.demands.ts';
import { get, type MatrixContext, type MatrixRow, post } from './route-matrix.ts';

/**
 * Route × role rows of the console's demands (DESIGN §7; §4 Demand blocked): community.read to read,
 * community.moderate to block, unblock or delete (owner, organiser, editor). The demand and comment
 * are the participant's from route-matrix.demands.ts. Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const onlyModerators = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleDemandsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/demands', request: (c) => get(`${base(c)}/demands`), expect: onlyModerators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/demands/{id}', request: (c) => get(`${base(c)}/demands/${seenDemand.demandId}`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/demands/{id}/state', request: (c) => post(`${base(c)}/demands/${seenDemand.demandId}/state`, { state: 'visible' }), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/demand_comments/{id}/state', request: (c) => post(`${base(c)}/demand_comments/${seenDemand.commentId}/state`, { state: 'visible' }), expect: onlyModerators(200) },
];
