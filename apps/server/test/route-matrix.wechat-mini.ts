import { everyone, type MatrixRow, post } from './route-matrix.ts';

/**
 * Route × role rows of the sign-in inside the mini-program (§7 Login, POST /tokens/wechat/mini).
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. Public: the
 * matrix world has no mini-program set up, so every role meets 409 wechat.not_configured before any
 * call to WeChat.
 */
// biome-ignore format: the table reads as a table
export const wechatMiniRows: MatrixRow[] = [
  { route: 'POST /api/tokens/wechat/mini', request: (c) => post('/api/tokens/wechat/mini', { meeting_id: c.meetingId, code: 'a-wx-login-code' }), expect: everyone(409) },
];
