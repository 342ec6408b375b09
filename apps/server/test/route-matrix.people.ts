import { get, type MatrixContext, type MatrixRow, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of people (§2 /meeting/connection, /meeting/user; §3 Exposure setting; §7 Users
 * and Meetings) and of the console's people screen (people.read: owner, organiser, editor,
 * registration; people.manage: owner, organiser). Columns: [guest, user, participant, exhibitor,
 * checkin, organiser, otherOrganiser]. Everything needs a login and reads the session meeting; showing
 * oneself needs an approved ticket (403 participant.required), the participant holds one.
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/people`;
const readers = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const peopleRows: MatrixRow[] = [
  { route: 'PUT /api/meeting/users/exposure', request: () => put('/api/meeting/users/exposure', { card_exchange: 1 }), expect: signedIn(200) },
  { route: 'PUT /api/meeting/users/exposure', variant: 'showing oneself needs a ticket (§6)', request: () => put('/api/meeting/users/exposure', { exposure: 1 }), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'GET /api/meeting/users', request: () => get(`/api/meeting/users${q({ limit: 10 })}`), expect: signedIn(200) },
  { route: 'GET /api/meeting/users/count', request: () => get('/api/meeting/users/count'), expect: signedIn(200) },
  { route: 'GET /api/meeting/users/{user_id}', variant: 'an exposed participant', request: (c) => get(`/api/meeting/users/${c.userIds.participant}`), expect: signedIn(200) },
  { route: 'GET /api/meeting/users/{user_id}', variant: 'a hidden user (404 but to themself)', request: (c) => get(`/api/meeting/users/${c.userIds.user}`), expect: [401, 200, 404, 404, 404, 404, 404] },
  { route: 'GET /api/meeting/users/exposure/{user_id}', request: (c) => get(`/api/meeting/users/exposure/${c.userIds.participant}`), expect: signedIn(200) },
  { route: 'GET /api/users/recommend', request: () => get('/api/users/recommend'), expect: signedIn(200) },
  { route: 'PUT /api/users/{id}/tag', variant: "the participant's own tags", request: (c) => put(`/api/users/${c.userIds.participant}/tag`, { tags: ['matrix'] }), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'GET /api/users/{id}/meetings/{meeting_id}', request: (c) => get(`/api/users/${c.userIds.participant}/meetings/${c.meetingId}`), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'PUT /api/users/{id}/meetings/{meeting_id}', request: (c) => put(`/api/users/${c.userIds.participant}/meetings/${c.meetingId}`, { introduction: 'Hello' }), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'GET /api/users', variant: 'organiser filter (people.read)', request: () => get(`/api/users${q({ query: { company: 'Acme' } })}`), expect: readers(200) },
  { route: 'GET /api/users/count', variant: 'organiser filter (people.read)', request: () => get(`/api/users/count${q({ query: { username: 'x' } })}`), expect: readers(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/people', request: (c) => get(base(c)), expect: readers(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/people/export', request: (c) => get(`${base(c)}/export`), expect: readers(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/people/{user_id}', request: (c) => put(`${base(c)}/${c.userIds.participant}`, { membership_level: 'senior' }), expect: readers(200) },
];
