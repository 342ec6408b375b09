import type { LightMyRequestResponse } from 'fastify';
import { validIdNumber } from '../src/providers/ocr/ocr.fixtures.ts';
import { type RoleName, roleNames } from './demo-roles.ts';
import { del, get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of real-name credentials (§7 POST /user_credentials, POST /meetings/{id}/credential,
 * GET /meeting/credentials/count, GET /ocrs/idcard) and the console's real-name area
 * (credentials.read and .settings: owner, organiser; .reveal: owners only, so every column here is
 * refused). Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 * Each signed-in role saves its own number; the console list row keeps one for reveal and delete.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/credentials`;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const made = { credentialId: '0123456789abcdef01234567' };
/** A valid mainland number of its own per role. */
const numberOf = (role: RoleName) =>
  validIdNumber(`110105199001010${String(roleNames.indexOf(role)).padStart(2, '0')}`);

async function keepFirst(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) {
    const first = (res.json() as { results: { _id: { $id: string } }[] }).results[0];
    if (first) made.credentialId = first._id.$id;
  }
}

// biome-ignore format: the table reads as a table
export const credentialsRows: MatrixRow[] = [
  { route: 'POST /api/user_credentials', request: (c, role) => post('/api/user_credentials', { meeting_id: c.meetingId, kind: 'mainland', name: '张三', number: numberOf(role) }), expect: signedIn(200) },
  { route: 'POST /api/meetings/{id}/credential', request: (c, role) => post(`/api/meetings/${c.meetingId}/credential`, { kind: 'mainland', number: numberOf(role) }), expect: signedIn(200) },
  { route: 'GET /api/meeting/credentials/count', request: (c) => get(`/api/meeting/credentials/count${q({ meeting_id: c.meetingId })}`), expect: signedIn(200) },
  { route: 'GET /api/meeting/credentials/count', variant: "the meeting's total (credentials.read)", request: (c) => get(`/api/meeting/credentials/count${q({ meeting_id: c.meetingId, all: '1' })}`), expect: editors(200) },
  { route: 'GET /api/user_credentials/mine', request: (c) => get(`/api/user_credentials/mine${q({ meeting_id: c.meetingId })}`), expect: signedIn(200) },
  { route: 'GET /api/ocrs/idcard', variant: 'a key that is not an upload of the caller', request: () => get(`/api/ocrs/idcard${q({ key: '0123456789abcdef01234567/card.png' })}`), expect: signedIn(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/credentials/settings', request: (c) => get(`${base(c)}/settings`), expect: editors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/credentials/settings', request: (c) => put(`${base(c)}/settings`, { required: 0, kinds: ['mainland', 'passport'], retention_days: 30 }), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/credentials/counts', request: (c) => get(`${base(c)}/counts`), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/credentials', request: (c) => get(base(c)), expect: editors(200), after: keepFirst },
  { route: 'POST /api/console/meetings/{meeting_id}/credentials/{id}/reveal', request: (c) => post(`${base(c)}/${made.credentialId}/reveal`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'DELETE /api/console/meetings/{meeting_id}/credentials/{id}', request: (c) => del(`${base(c)}/${made.credentialId}`), expect: editors(200) },
];
