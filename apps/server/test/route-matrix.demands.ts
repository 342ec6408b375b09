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
 * Route × role rows of demands (§2 demand pages, §3 Demand, §6 posting and commenting need participant
 * registration, §7 GET /demands and /demand/meetings/authorization). Only the participant holds an
 * approved ticket, so only they post and comment (others 403 participant.required); only the poster
 * edits and deletes (403 no_permission). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const unknownId = 'f'.repeat(24);
const M = (c: MatrixContext) => c.meetingId;
const onlyParticipant = (status: number) => [401, 403, status, 403, 403, 403, 403];

/** What the participant's answers made: their demand and their comment. */
export const seenDemand = { demandId: unknownId, commentId: unknownId };

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
const rememberDemand: Hook = async (_c, role, res) => {
  if (role === 'participant' && res.statusCode === 200) seenDemand.demandId = res.json()._id.$id;
};
const rememberComment: Hook = async (_c, role, res) => {
  if (role === 'participant' && res.statusCode === 200) seenDemand.commentId = res.json()._id.$id;
};
const demand = () => seenDemand.demandId;

// biome-ignore format: the table reads as a table
export const demandsRows: MatrixRow[] = [
  { route: 'GET /api/demands', request: (c) => get(`/api/demands${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/demands', variant: 'mine=1 needs a login', request: (c) => get(`/api/demands${q({ meeting_id: M(c), mine: 1 })}`), expect: signedIn(200) },
  { route: 'GET /api/demands/{id}', variant: 'an unknown id', request: () => get(`/api/demands/${unknownId}`), expect: everyone(404) },
  { route: 'GET /api/demand/meetings/authorization', request: (c) => get(`/api/demand/meetings/authorization${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'POST /api/demand/meetings/authorization', request: (c) => post('/api/demand/meetings/authorization', { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/demands', request: (c) => post('/api/demands', { meeting_id: M(c), type: 'cooperation', title: 'Matrix cooperation demand', description: 'Looking for partners in the route matrix.' }), expect: onlyParticipant(200), after: rememberDemand },
  { route: 'GET /api/demands/{id}', request: () => get(`/api/demands/${demand()}`), expect: everyone(200) },
  { route: 'PUT /api/demands/{id}', request: () => put(`/api/demands/${demand()}`, { area: 'Shanghai' }), expect: onlyParticipant(200) },
  { route: 'POST /api/demands/{id}/comments', request: () => post(`/api/demands/${demand()}/comments`, { content: 'A comment from the route matrix' }), expect: onlyParticipant(200), after: rememberComment },
  { route: 'GET /api/demands/{id}/comments', request: () => get(`/api/demands/${demand()}/comments`), expect: everyone(200) },
  { route: 'POST /api/demand/likes', request: () => post('/api/demand/likes', { demand_id: demand() }), expect: signedIn(200) },
  { route: 'DELETE /api/demand/likes', request: () => del(`/api/demand/likes${q({ demand_id: demand() })}`), expect: signedIn(200) },
];

/** Rows that end the demand's life (run after the console rows): only the poster deletes it. */
// biome-ignore format: the table reads as a table
export const demandsClosingRows: MatrixRow[] = [
  { route: 'DELETE /api/demands/{id}', request: () => del(`/api/demands/${demand()}`), expect: [401, 403, 200, 404, 404, 404, 404] },
];
