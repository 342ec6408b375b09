import { everyone, get, type MatrixRow, post } from './route-matrix.ts';

/**
 * Route × role rows of the desktop WeChat QR sign-in, the official accounts' message push and the
 * WeChat third-party platform (§7 GET /wechat/service/qrcodes, GET/POST /wechat/authorizes; §3
 * wechat_authorize; §8). Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. The matrix world has no WeChat set up: QR codes answer 409 wechat.not_configured,
 * pushes for unknown accounts 404, an unknown sign-in 'Invalid QR code information' (400). Starting an
 * authorisation is the meeting organisers' (console action wechat.settings) and then meets the
 * missing platform (409); the authorisation status is public.
 */
const unknownLogin = '0123456789abcdef0123456789abcdef';
const secret = 'A'.repeat(43);

// biome-ignore format: the table reads as a table
export const wechatLoginRows: MatrixRow[] = [
  { route: 'GET /api/wechat/service/qrcodes', request: (c) => get(`/api/wechat/service/qrcodes?meeting_id=${c.meetingId}&scene=login`), expect: everyone(409) },
  { route: 'GET /api/wechat/service/qrcodes/{login_id}', variant: 'an unknown sign-in', request: () => get(`/api/wechat/service/qrcodes/${unknownLogin}?secret=${secret}`), expect: everyone(400) },
  { route: 'POST /api/tokens/wechat/qrcode', variant: 'an unknown sign-in', request: () => post('/api/tokens/wechat/qrcode', { login_id: unknownLogin, secret }), expect: everyone(400) },
  { route: 'GET /api/wechat/events/{appid}', variant: 'an account not served here', request: () => get('/api/wechat/events/wxunknown?signature=x&timestamp=1&nonce=1&echostr=e'), expect: everyone(404) },
  { route: 'POST /api/wechat/events/{appid}', variant: 'an account not served here', request: () => post('/api/wechat/events/wxunknown?signature=x&timestamp=1&nonce=1', {}), expect: everyone(404) },
  { route: 'POST /api/wechat/component/events', variant: 'no platform set up', request: () => post('/api/wechat/component/events?timestamp=1&nonce=1', {}), expect: everyone(404) },
  { route: 'GET /api/wechat/component/callback', variant: 'an unknown state', request: () => get('/api/wechat/component/callback?auth_code=x&state=y'), expect: everyone(302) },
  { route: 'GET /api/wechat/authorizes', request: (c) => get(`/api/wechat/authorizes?meeting_id=${c.meetingId}`), expect: everyone(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/wechat/authorizes', request: (c) => post(`/api/console/meetings/${c.meetingId}/wechat/authorizes`), expect: [401, 403, 403, 403, 403, 409, 403] },
  { route: 'POST /api/console/meetings/{meeting_id}/wechat/authorizes', variant: 'another meeting', request: (c) => post(`/api/console/meetings/${c.otherMeetingId}/wechat/authorizes`), expect: [401, 403, 403, 403, 403, 403, 409] },
  { route: 'POST /api/wechat/authorizes', request: (c) => post('/api/wechat/authorizes', { meeting_id: c.meetingId }), expect: [401, 403, 403, 403, 403, 409, 403] },
];
