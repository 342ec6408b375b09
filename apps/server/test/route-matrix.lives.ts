import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of lives (§7 Lives: GET /lives, /lives/count, /lives/{id}/permission; POST
 * /lives/{id}/checkouts, the MediaMTX callback) and the console's lives area (lives.edit: owner,
 * organiser, editor). Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. The organiser's create row keeps the live the later rows address: public,
 * streaming now from a pasted source, not sold (checkouts answer 409 live.not_for_sale).
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/lives`;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const made = { liveId: '0123456789abcdef01234567' };

const hour = 3600;
const liveBody = () => ({
  title: { en: 'Matrix live' },
  start: Math.floor(Date.now() / 1000) - hour,
  end: Math.floor(Date.now() / 1000) + hour,
  source_kind: 'url',
  source_url: 'https://stream.example.test/matrix.m3u8',
});

async function keepLive(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) made.liveId = (res.json() as { _id: { $id: string } })._id.$id;
}

// biome-ignore format: the table reads as a table
export const livesRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/lives', request: (c) => post(base(c), liveBody()), expect: editors(200), after: keepLive },
  { route: 'GET /api/console/meetings/{meeting_id}/lives', request: (c) => get(base(c)), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/lives/{id}', request: (c) => get(`${base(c)}/${made.liveId}`), expect: editors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/lives/{id}', request: (c) => put(`${base(c)}/${made.liveId}`, liveBody()), expect: editors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/lives/{id}/pause', request: (c) => put(`${base(c)}/${made.liveId}/pause`, { paused: 0 }), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/lives/{id}/ingest', request: (c) => get(`${base(c)}/${made.liveId}/ingest`), expect: editors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/lives/{id}/ingest', request: (c) => post(`${base(c)}/${made.liveId}/ingest`), expect: editors(200) },
  { route: 'GET /api/lives', request: (c) => get(`/api/lives${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'GET /api/lives/count', request: (c) => get(`/api/lives/count${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'GET /api/lives/{id}/permission', request: () => get(`/api/lives/${made.liveId}/permission`), expect: everyone(200) },
  { route: 'POST /api/lives/{id}/checkouts', request: () => post(`/api/lives/${made.liveId}/checkouts`, {}), expect: [401, 409, 409, 409, 409, 409, 409] },
  // No LIVE_INGEST_AUTH_SECRET in the matrix world: MediaMTX's callback refuses everything.
  { route: 'POST /api/lives/ingest/auth', request: () => post('/api/lives/ingest/auth', { action: 'publish', path: `live/${made.liveId}` }), expect: everyone(401) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/lives/{id}', request: (c) => del(`${base(c)}/${made.liveId}`), expect: editors(200) },
];
