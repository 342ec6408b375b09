import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, get, type MatrixContext, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of moderation (§5 sensitive content): POST /reports for every signed-in user,
 * and the console's moderation area — reads need community.read, writes community.moderate (owner,
 * organiser, editor; of the matrix's roles only the organiser). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 *
 * Every signed-in role reports the participant's profile once (the second time is 409); the queue
 * row those reports made is then decided by the organiser; the word added is deleted, the ban lifted.
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const onlyModerators = (status: number) => [401, 403, 403, 403, 403, status, 403];
const signedIn = (status: number) => [401, status, status, status, status, status, status];
const base = (c: MatrixContext) => `/api/console/meetings/${M(c)}/moderation`;

const seen = { itemId: unknownId, wordId: unknownId };

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
const rememberItem: Hook = async (_c, role, res) => {
  if (role !== 'organiser' || res.statusCode !== 200) return;
  const items = (res.json() as { items: { _id: string; kind: string }[] }).items;
  seen.itemId = items.find((item) => item.kind === 'profile')?._id ?? unknownId;
};
const rememberWord: Hook = async (_c, role, res) => {
  if (role === 'organiser' && res.statusCode === 200) seen.wordId = (res.json() as { _id: string })._id;
};
const report = (c: MatrixContext) => ({
  meeting_id: M(c),
  kind: 'profile',
  target_id: c.userIds.participant,
  reason: 'ad',
});

// biome-ignore format: the table reads as a table
export const consoleModerationRows: MatrixRow[] = [
  { route: 'POST /api/reports', request: (c) => post('/api/reports', report(c)), expect: signedIn(200) },
  { route: 'POST /api/reports', variant: 'reported already', request: (c) => post('/api/reports', report(c)), expect: signedIn(409) },
  { route: 'POST /api/reports', variant: 'an unknown item', request: (c) => post('/api/reports', { ...report(c), target_id: unknownId }), expect: signedIn(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/moderation/queue', request: (c) => get(`${base(c)}/queue${q({ tab: 'pending', kind: 'profile' })}`), expect: onlyModerators(200), after: rememberItem },
  { route: 'PUT /api/console/meetings/{meeting_id}/moderation/queue/{id}', request: (c) => put(`${base(c)}/queue/${seen.itemId}`, { action: 'approve' }), expect: onlyModerators(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/moderation/queue/{id}', variant: 'an unknown id', request: (c) => put(`${base(c)}/queue/${unknownId}`, { action: 'block' }), expect: onlyModerators(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/moderation/words', request: (c) => get(`${base(c)}/words`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/moderation/words', request: (c) => post(`${base(c)}/words`, { word: 'matrixword', category: 'spam' }), expect: onlyModerators(200), after: rememberWord },
  { route: 'POST /api/console/meetings/{meeting_id}/moderation/words/test', request: (c) => post(`${base(c)}/words/test`, { text: 'a matrixword here' }), expect: onlyModerators(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/moderation/words/{id}', request: (c) => del(`${base(c)}/words/${seen.wordId}`), expect: onlyModerators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/moderation/bans', request: (c) => get(`${base(c)}/bans`), expect: onlyModerators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/moderation/bans', request: (c) => post(`${base(c)}/bans`, { user_id: c.userIds.user, reason: 'matrix' }), expect: onlyModerators(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/moderation/bans/{id}', request: (c) => del(`${base(c)}/bans/${c.userIds.user}`), expect: onlyModerators(200) },
];
