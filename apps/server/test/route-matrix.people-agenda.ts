import type { RoleName } from './demo-roles.ts';
import {
  del,
  everyone,
  get,
  type MatrixContext,
  type MatrixRow,
  post,
  put,
  signedIn,
} from './route-matrix.ts';

/**
 * Route × role rows of the personal agenda and speaker invitations (§7 Users: POST/DELETE
 * /users/{id}/agendas/{agenda_id}, GET /users/{id}/agendas and /tickets; §2 /my/schedules timeline,
 * /meeting/speaker/invite; console invitations under programme.edit: owner, organiser, editor).
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
/** The role's own user id (the guest addresses the plain user's). */
const self = (c: MatrixContext, role: RoleName) => (role === 'guest' ? c.userIds.user : c.userIds[role]);
const unknownId = 'f'.repeat(24);
const unknownToken = 'A'.repeat(43);
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const peopleAgendaRows: MatrixRow[] = [
  { route: 'POST /api/users/{id}/agendas/{agenda_id}', request: (c, role) => post(`/api/users/${self(c, role)}/agendas/${c.agendaId}`), expect: signedIn(200) },
  { route: 'POST /api/users/{id}/agendas/{agenda_id}', variant: "another user's bookmarks", request: (c) => post(`/api/users/${c.userIds.participant}/agendas/${c.agendaId}`), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'GET /api/users/{id}/agendas', request: (c, role) => get(`/api/users/${self(c, role)}/agendas`), expect: signedIn(200) },
  { route: 'DELETE /api/users/{id}/agendas/{agenda_id}', request: (c, role) => del(`/api/users/${self(c, role)}/agendas/${c.agendaId}`), expect: signedIn(200) },
  { route: 'GET /api/users/{id}/tickets', request: (c) => get(`/api/users/${c.userIds.participant}/tickets`), expect: [401, 403, 200, 403, 403, 200, 403] },
  { route: 'GET /api/meeting/my/timeline', request: () => get('/api/meeting/my/timeline'), expect: signedIn(200) },
  { route: 'GET /api/speaker/invitations/{token}', request: () => get(`/api/speaker/invitations/${unknownToken}`), expect: everyone(404) },
  { route: 'POST /api/speaker/invitations/{token}/accept', request: () => post(`/api/speaker/invitations/${unknownToken}/accept`), expect: signedIn(404) },
  { route: 'POST /api/speaker/invitations/{token}/decline', request: () => post(`/api/speaker/invitations/${unknownToken}/decline`), expect: signedIn(404) },
  { route: 'GET /api/user/speaker-invitations/{id}', request: () => get(`/api/user/speaker-invitations/${unknownId}`), expect: signedIn(404) },
  { route: 'POST /api/user/speaker-invitations/{id}/accept', request: () => post(`/api/user/speaker-invitations/${unknownId}/accept`), expect: signedIn(404) },
  { route: 'POST /api/user/speaker-invitations/{id}/decline', request: () => post(`/api/user/speaker-invitations/${unknownId}/decline`), expect: signedIn(404) },
  { route: 'PUT /api/meeting/speakers/{speaker_id}/profile', request: (c) => put(`/api/meeting/speakers/${c.speakerId}/profile`, { biography: 'Hello' }), expect: signedIn(403) },
  { route: 'GET /api/console/meetings/{meeting_id}/speaker-invitations', request: (c) => get(`${base(c)}/speaker-invitations`), expect: editors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/speakers/{speaker_id}/invitations', request: (c) => post(`${base(c)}/speakers/${c.speakerId}/invitations`, { email: 'speaker@example.org' }), expect: editors(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/speaker-invitations/{id}', request: (c) => del(`${base(c)}/speaker-invitations/${unknownId}`), expect: editors(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/speaker-invitations/{id}/resend', request: (c) => post(`${base(c)}/speaker-invitations/${unknownId}/resend`), expect: editors(404) },
];
