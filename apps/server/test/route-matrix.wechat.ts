import { everyone, get, type MatrixRow, post, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of the public WeChat API (§7 WeChat). Columns: [guest, user, participant,
 * exhibitor, checkin, organiser, otherOrganiser]. The matrix world has no official account nor
 * mini-program set up: signatures, schemes and follower info answer 409 wechat.not_configured (after
 * the session check where one is needed), the follow card and text checks still answer 200, and a page
 * of another site is refused before anything else (400 wechat.url_not_allowed).
 */
// biome-ignore format: the table reads as a table
export const wechatRows: MatrixRow[] = [
  { route: 'POST /api/wechat/service/jssdk', variant: 'a page of another site', request: (c) => post('/api/wechat/service/jssdk', { meeting_id: c.meetingId, url: 'https://evil.example/page' }), expect: everyone(400) },
  { route: 'GET /api/wechat/card/api/ticket', request: (c) => get(`/api/wechat/card/api/ticket?meeting_id=${c.meetingId}`), expect: everyone(409) },
  { route: 'POST /api/wechat/service/user', request: (c) => post('/api/wechat/service/user', { meeting_id: c.meetingId }), expect: signedIn(409) },
  { route: 'GET /api/wechat/service/follow', request: (c) => get(`/api/wechat/service/follow?meeting_id=${c.meetingId}`), expect: everyone(200) },
  { route: 'POST /api/wechat/mini/urlschemes', request: (c) => post('/api/wechat/mini/urlschemes', { meeting_id: c.meetingId, path: 'pages/fu-h5/index', query: 'link=x' }), expect: everyone(409) },
  { route: 'POST /api/wechat/securities', request: (c) => post('/api/wechat/securities', { meeting_id: c.meetingId, content: 'See you at the opening ceremony' }), expect: everyone(200) },
  { route: 'POST /api/wechat/openid', request: (c) => post('/api/wechat/openid', { meeting_id: c.meetingId, code: 'x' }), expect: signedIn(409) },
];
