import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import {
  del,
  everyone,
  get,
  type MatrixContext,
  type MatrixRow,
  post,
  put,
  q,
  signedIn,
} from './route-matrix.ts';

/**
 * Route × role rows of votes (§7 Votes), the console's votes area (votes.edit: owner, organiser) and
 * the notification centre. Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. The organiser's create rows keep the ids the later rows address; each role's cast
 * keeps its answer for its own withdrawal.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/votes`;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const made = { voteId: '0123456789abcdef01234567', playerId: '0123456789abcdef01234567' };
const answers = new Map<RoleName, string>();

const day = 86_400;
const voteBody = () => ({
  title: { en: 'Matrix vote' },
  start_at: Math.floor(Date.now() / 1000) - day,
  end_at: Math.floor(Date.now() / 1000) + 30 * day,
  per_person_limit: 100,
  per_day_limit: 0,
  allow_withdraw: 1,
});

function keep(
  key: keyof typeof made,
  pick: (body: { _id: { $id: string }; players: { _id: { $id: string } }[] }) => string,
) {
  return async (_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) => {
    if (res.statusCode === 200) made[key] = pick(res.json());
  };
}

async function keepAnswer(_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200)
    answers.set(role, (res.json() as { answer: { _id: { $id: string } } }).answer._id.$id);
}

// biome-ignore format: the table reads as a table
export const votesRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/votes', request: (c) => post(base(c), voteBody()), expect: editors(200), after: keep('voteId', (b) => b._id.$id) },
  { route: 'GET /api/console/meetings/{meeting_id}/votes', request: (c) => get(base(c)), expect: editors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/votes/{id}', request: (c) => get(`${base(c)}/${made.voteId}`), expect: editors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/votes/{id}', request: (c) => put(`${base(c)}/${made.voteId}`, voteBody()), expect: editors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/votes/{id}/players', request: (c) => post(`${base(c)}/${made.voteId}/players`, { name: { en: 'Matrix candidate' } }), expect: editors(200), after: keep('playerId', (b) => b.players[0]?._id.$id ?? '') },
  { route: 'PUT /api/console/meetings/{meeting_id}/votes/{id}/players/{player_id}', request: (c) => put(`${base(c)}/${made.voteId}/players/${made.playerId}`, { name: { en: 'Matrix candidate' }, weight: 1 }), expect: editors(200) },
  { route: 'GET /api/vote/get', request: () => get(`/api/vote/get${q({ vote_id: made.voteId })}`), expect: everyone(200) },
  { route: 'GET /api/vote/player/get', request: () => get(`/api/vote/player/get${q({ player_id: made.playerId })}`), expect: everyone(200) },
  { route: 'GET /api/votes', request: (c) => get(`/api/votes${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'POST /api/vote/answer/add', request: () => post('/api/vote/answer/add', { vote_id: made.voteId, player_id: made.playerId, count: 1 }), expect: signedIn(200), after: keepAnswer },
  { route: 'GET /api/vote/answer/list', request: () => get(`/api/vote/answer/list${q({ vote_id: made.voteId })}`), expect: signedIn(200) },
  { route: 'DELETE /api/vote/answer/delete', request: (_c, role) => del(`/api/vote/answer/delete${q({ answer_id: answers.get(role) ?? made.voteId })}`), expect: [401, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/console/meetings/{meeting_id}/votes/{id}/export', request: (c) => get(`${base(c)}/${made.voteId}/export`), expect: editors(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/votes/{id}/players/{player_id}', request: (c) => del(`${base(c)}/${made.voteId}/players/${made.playerId}`), expect: editors(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/votes/{id}', request: (c) => del(`${base(c)}/${made.voteId}`), expect: editors(200) },

  { route: 'GET /api/notifications', request: () => get('/api/notifications'), expect: signedIn(200) },
  { route: 'GET /api/notifications/count', request: () => get('/api/notifications/count'), expect: signedIn(200) },
  { route: 'PUT /api/notifications/read', request: () => put('/api/notifications/read', { all: 1 }), expect: signedIn(200) },
  { route: 'GET /api/notification/preferences', request: () => get('/api/notification/preferences'), expect: signedIn(200) },
  { route: 'PUT /api/notification/preferences', request: () => put('/api/notification/preferences', { kind: 'question.answer', mail: 1 }), expect: signedIn(200) },
];
