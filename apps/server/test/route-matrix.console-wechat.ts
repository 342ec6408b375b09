import { get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's "WeChat & sign-in" area (DESIGN §7; §7 WeChat, Login):
 * wechat.settings is the owner's and organiser's. The test call has nothing to test on the demo
 * meeting (no single sign-on issuer), so the organiser hears 409 wechat.not_configured.
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/wechat`;
const editors = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleWechatRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/wechat', request: (c) => get(base(c)), expect: editors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/wechat', request: (c) => put(base(c), { official: { name: 'Demo account' } }), expect: editors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/wechat/tests', variant: 'no issuer to test', request: (c) => post(`${base(c)}/tests`, { target: 'chinaief' }), expect: editors(409) },
];
