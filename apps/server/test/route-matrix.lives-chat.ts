import type { LightMyRequestResponse } from 'fastify';
import { checkinPhone, type RoleName } from './demo-roles.ts';
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
 * Route × role rows of the live room's chat (§7 Lives: chat tickets, history, posting, delete, pin,
 * GET /chats/count, PUT /lives/{id}/users/{user_id}) and the console's chat and users lists
 * (lives.moderate: owner, organiser, editor). Columns: [guest, user, participant, exhibitor, checkin,
 * organiser, otherOrganiser]. The first row creates a public live with its chat on (the demo meeting
 * allows guests, so visitors read it); the organiser's own message is the one pinned, then deleted.
 * The room socket (GET /api/lives/{id}/chat/socket) is not an OpenAPI operation: lives.chat.api.test.ts
 * covers it.
 */
const made = { liveId: '0123456789abcdef01234567', messageId: '0123456789abcdef01234567' };
const moderators = (status: number) => [401, 403, 403, 403, 403, status, 403];
const live = () => `/api/lives/${made.liveId}`;
const consoleLive = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/lives/${made.liveId}`;

const hour = 3600;
const liveBody = () => ({
  title: { en: 'Matrix live' },
  start: Math.floor(Date.now() / 1000) - hour,
  end: Math.floor(Date.now() / 1000) + 2 * hour,
  access: 'public',
  chat_enabled: 1,
});

async function keepLive(_c: MatrixContext, _role: RoleName, res: LightMyRequestResponse) {
  if (res.statusCode === 200) made.liveId = (res.json() as { _id: { $id: string } })._id.$id;
}

async function keepOrganiserMessage(_c: MatrixContext, role: RoleName, res: LightMyRequestResponse) {
  if (role === 'organiser' && res.statusCode === 200)
    made.messageId = (res.json() as { message: { _id: { $id: string } } }).message._id.$id;
}

// biome-ignore format: the table reads as a table
export const livesChatRows: MatrixRow[] = [
  { route: 'POST /api/console/meetings/{meeting_id}/lives', variant: 'a public live for the chat rows', request: (c) => post(`/api/console/meetings/${c.meetingId}/lives`, liveBody()), expect: moderators(200), after: keepLive },
  { route: 'POST /api/lives/{id}/chat/tickets', request: () => post(`${live()}/chat/tickets`), expect: everyone(200) },
  { route: 'POST /api/lives/{id}/chats', request: (_c, role) => post(`${live()}/chats`, { text: `Hello from the ${role} row` }), expect: signedIn(200), after: keepOrganiserMessage },
  { route: 'GET /api/lives/{id}/chats', request: () => get(`${live()}/chats`), expect: everyone(200) },
  { route: 'GET /api/chats/count', request: () => get(`/api/chats/count${q({ live_id: made.liveId })}`), expect: everyone(200) },
  { route: 'PUT /api/lives/{id}/pin', request: () => put(`${live()}/pin`, { message_id: made.messageId }), expect: moderators(200) },
  // The organiser removes their own line; the other organiser then finds it gone (404).
  { route: 'DELETE /api/lives/{id}/chats/{message_id}', request: () => del(`${live()}/chats/${made.messageId}`), expect: [401, 403, 403, 403, 403, 200, 404] },
  { route: 'PUT /api/lives/{id}/users/{user_id}', request: (c) => put(`${live()}/users/${c.userIds.user}`, { muted: 1 }), expect: moderators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/lives/{id}/chats', request: (c) => get(`${consoleLive(c)}/chats`), expect: moderators(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/lives/{id}/users', request: (c) => get(`${consoleLive(c)}/users`), expect: moderators(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/lives/{id}/users', request: (c) => post(`${consoleLive(c)}/users`, { account: checkinPhone }), expect: moderators(200) },
];
