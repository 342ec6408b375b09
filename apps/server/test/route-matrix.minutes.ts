import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { everyone, get, type MatrixContext, type MatrixRow, post } from './route-matrix.ts';

/**
 * Route × role rows of a live's minutes (§1 minutes: GET /lives/{id}/minutes with the right to watch
 * the live; the console's regenerate call, lives.edit: owner, organiser, editor). Columns: [guest,
 * user, participant, exhibitor, checkin, organiser, otherOrganiser]. The first row (the organiser's
 * create) makes the live the others address: public, ended an hour ago, without a transcript — so
 * anyone reads state 'none' and the regenerate call answers 'none' to editors.
 */
const made = { liveId: '0123456789abcdef01234567' };
const hour = 3600;

async function keepLive(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) made.liveId = (res.json() as { _id: { $id: string } })._id.$id;
}

// biome-ignore format: the table reads as a table
export const minutesRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/lives', variant: "the minutes rows' live", request: (c) => post(`/api/console/meetings/${c.meetingId}/lives`, { title: { en: 'Minutes live' }, start: Math.floor(Date.now() / 1000) - 2 * hour, end: Math.floor(Date.now() / 1000) - hour }), expect: [401, 403, 403, 403, 403, 200, 403], after: keepLive },
  { route: 'GET /api/lives/{id}/minutes', request: () => get(`/api/lives/${made.liveId}/minutes`), expect: everyone(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/lives/{id}/minutes', request: (c) => post(`/api/console/meetings/${c.meetingId}/lives/${made.liveId}/minutes`, {}), expect: [401, 403, 403, 403, 403, 200, 403] },
];
