import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of threads and talk (§2 /meeting/thread/list, /meeting/talk; §6 posting needs
 * participant registration). Only the participant holds an approved ticket, so only they post and
 * reply (others 403 participant.required); any signed-in role likes; only the author deletes (403
 * no_permission, then 404 once gone). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const unknownId = 'f'.repeat(24);
const M = (c: MatrixContext) => c.meetingId;
const onlyParticipant = (status: number) => [401, 403, status, 403, 403, 403, 403];

/** The participant's thread, made by the POST row and used by the later rows (and the console's). */
export const seenThread = { threadId: unknownId };

const rememberThread = async (_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => {
  if (role === 'participant' && res.statusCode === 200) seenThread.threadId = res.json()._id.$id;
};
const thread = () => seenThread.threadId;

// biome-ignore format: the table reads as a table
export const threadsRows: MatrixRow[] = [
  { route: 'GET /api/threads', request: (c) => get(`/api/threads${q({ meeting_id: M(c), order: 'hot' })}`), expect: everyone(200) },
  { route: 'GET /api/threads', variant: 'a closed meeting (tokens are bound to the demo meeting)', request: (c) => get(`/api/threads${q({ meeting_id: c.otherMeetingId })}`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/threads/{id}', variant: 'an unknown id', request: () => get(`/api/threads/${unknownId}`), expect: everyone(404) },
  { route: 'POST /api/threads', request: (c) => post('/api/threads', { meeting_id: M(c), title: 'Matrix discussion', content: 'Who is going to the keynote from the route matrix?' }), expect: onlyParticipant(200), after: rememberThread },
  { route: 'GET /api/threads/{id}', request: () => get(`/api/threads/${thread()}`), expect: everyone(200) },
  { route: 'POST /api/threads/{id}/replies', request: () => post(`/api/threads/${thread()}/replies`, { content: 'A reply from the route matrix' }), expect: onlyParticipant(200) },
  { route: 'GET /api/threads/{id}/replies', request: () => get(`/api/threads/${thread()}/replies`), expect: everyone(200) },
  { route: 'POST /api/thread/likes', request: () => post('/api/thread/likes', { target: 'thread', target_id: thread() }), expect: signedIn(200) },
  { route: 'DELETE /api/thread/likes', request: () => del(`/api/thread/likes${q({ target: 'thread', target_id: thread() })}`), expect: signedIn(200) },
];

/** Rows that end the thread's life (run after the console rows): only its author deletes it. */
// biome-ignore format: the table reads as a table
export const threadsClosingRows: MatrixRow[] = [
  { route: 'DELETE /api/threads/{id}', request: () => del(`/api/threads/${thread()}`), expect: [401, 403, 200, 404, 404, 404, 404] },
];
