import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { everyone, get, type MatrixContext, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of live subtitles (§7 GET /subtitles and /subtitles/vtt with the right to watch
 * the live; §1 the console's subtitle settings, lives.edit: owner, organiser, editor). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. The first row (the
 * organiser's create) makes the live the others address: public and ongoing, so anyone reads its
 * subtitles (the matrix world has no AI provider: state 'unavailable' once on, no cues).
 */
const made = { liveId: '0123456789abcdef01234567' };
const hour = 3600;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const settings = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/lives/${made.liveId}/subtitles`;

async function keepLive(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) made.liveId = (res.json() as { _id: { $id: string } })._id.$id;
}

// biome-ignore format: the table reads as a table
export const subtitlesRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/lives', variant: "the subtitles rows' live", request: (c) => post(`/api/console/meetings/${c.meetingId}/lives`, { title: { en: 'Subtitled live' }, start: Math.floor(Date.now() / 1000) - hour, end: Math.floor(Date.now() / 1000) + hour, access: 'public' }), expect: editors(200), after: keepLive },
  { route: 'PUT /api/console/meetings/{meeting_id}/lives/{id}/subtitles', request: (c) => put(settings(c), { enabled: 1, source_language: 'zh', target_languages: ['en'] }), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/lives/{id}/subtitles', request: (c) => get(settings(c)), expect: editors(200) },
  { route: 'GET /api/subtitles', request: () => get(`/api/subtitles${q({ live_id: made.liveId, language: 'en' })}`), expect: everyone(200) },
  { route: 'GET /api/subtitles/vtt', request: () => get(`/api/subtitles/vtt${q({ live_id: made.liveId })}`), expect: everyone(200) },
];
