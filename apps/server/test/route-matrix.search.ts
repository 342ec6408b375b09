import { del, everyone, get, type MatrixContext, type MatrixRow, post, q } from './route-matrix.ts';

/**
 * Route × role rows of the meeting search (/meeting/search, §2), its search-keyword log (§7) and the
 * console's search screen (DESIGN §7). Columns: [guest, user, participant, exhibitor, checkin,
 * organiser, otherOrganiser]. Searching follows the content rules of every list (§6): the demo
 * meeting is open to all; the other meeting is closed to visitors (401) and to sessions of the demo
 * meeting (403). The overview needs dashboard.read, a rebuild meeting.update.
 */
const C = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/search`;
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const searchRows: MatrixRow[] = [
  { route: 'GET /api/meeting/search', request: (c) => get(`/api/meeting/search${q({ meeting_id: c.meetingId, keyword: 'a' })}`), expect: everyone(200) },
  { route: 'GET /api/meeting/search', variant: 'a meeting closed to visitors (§6)', request: (c) => get(`/api/meeting/search${q({ meeting_id: c.otherMeetingId, keyword: 'a' })}`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/search_keywords', request: (c) => post('/api/search_keywords', { meeting_id: c.meetingId, keyword: 'matrix', user_id: '' }), expect: everyone(200) },
  { route: 'GET /api/search_keywords/recent', request: (c) => get(`/api/search_keywords/recent${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'DELETE /api/search_keywords/recent', request: (c) => del(`/api/search_keywords/recent${q({ meeting_id: c.meetingId, keyword: 'matrix' })}`), expect: everyone(200) },
  { route: 'GET /api/search_keywords/hot', request: (c) => get(`/api/search_keywords/hot${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/search', request: (c) => get(C(c)), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/search/rebuild', request: (c) => post(`${C(c)}/rebuild`), expect: onlyOrganiser(200) },
];
