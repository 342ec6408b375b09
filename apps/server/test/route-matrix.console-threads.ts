import { seenThread } from './route-matrix.threads.ts';
import { get, type MatrixContext, type MatrixRow, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's threads area (DESIGN §7): reads need community.read, pin and
 * close community.moderate (owner, organiser, editor). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const onlyModerators = (status: number) => [401, 403, 403, 403, 403, status, 403];
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/threads`;

// biome-ignore format: the table reads as a table
export const consoleThreadsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/threads', request: (c) => get(base(c)), expect: onlyModerators(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/threads/{id}', request: (c) => put(`${base(c)}/${seenThread.threadId}`, { pinned: 1 }), expect: onlyModerators(200) },
];
