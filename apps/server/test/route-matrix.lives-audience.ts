import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { everyone, get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of the lives' audience (§7 POST /lives/{id}/heartbeats, GET /lives/users; §9 PUT
 * /lives/{id}/subscription). Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. The first row (the organiser's create) makes the live the others address: public,
 * starting in an hour, so anyone may beat and anyone logged in may ask for its reminder. The other
 * meeting's organiser reaches it as visitors do (the demo meeting admits guests, §6).
 */
const made = { liveId: '0123456789abcdef01234567' };
const hour = 3600;

async function keepLive(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) made.liveId = (res.json() as { _id: { $id: string } })._id.$id;
}

// biome-ignore format: the table reads as a table
export const livesAudienceRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/lives', variant: "the audience rows' live", request: (c) => post(`/api/console/meetings/${c.meetingId}/lives`, { title: { en: 'Audience live' }, start: Math.floor(Date.now() / 1000) + hour, end: Math.floor(Date.now() / 1000) + 2 * hour }), expect: [401, 403, 403, 403, 403, 200, 403], after: keepLive },
  { route: 'POST /api/lives/{id}/heartbeats', request: () => post(`/api/lives/${made.liveId}/heartbeats`), expect: everyone(200) },
  { route: 'GET /api/lives/users', request: () => get(`/api/lives/users${q({ live_id: made.liveId })}`), expect: everyone(200) },
  { route: 'PUT /api/lives/{id}/subscription', request: () => put(`/api/lives/${made.liveId}/subscription`, { subscribed: 1 }), expect: signedIn(200) },
];
