import { del, everyone, get, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of the copilot's public calls (§1 AI copilot). Columns: [guest, user,
 * participant, exhibitor, checkin, organiser, otherOrganiser]. Everyone asks as themself (a visitor by
 * the device id); meeting content rules apply (§6): the other meeting is closed to visitors (401) and
 * to sessions of the demo meeting (403). A question over 1000 characters is refused before anything
 * else (400 copilot.too_long), whether the demo meeting's copilot is on or not; a rating of an answer
 * that is not the caller's is 404.
 */
const closed = [401, 403, 403, 403, 403, 403, 403];
const unknownMessage = '0123456789abcdef01234567';

// biome-ignore format: the table reads as a table
export const copilotRows: MatrixRow[] = [
  { route: 'GET /api/copilot/conversation', request: (c) => get(`/api/copilot/conversation${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'GET /api/copilot/conversation', variant: 'a meeting closed to visitors (§6)', request: (c) => get(`/api/copilot/conversation${q({ meeting_id: c.otherMeetingId })}`), expect: closed },
  { route: 'DELETE /api/copilot/conversation', request: (c) => del(`/api/copilot/conversation${q({ meeting_id: c.meetingId })}`), expect: everyone(200) },
  { route: 'POST /api/copilot/messages', request: (c) => post('/api/copilot/messages', { meeting_id: c.meetingId, content: 'x'.repeat(1001) }), expect: everyone(400) },
  { route: 'POST /api/copilot/messages', variant: 'a meeting closed to visitors (§6)', request: (c) => post('/api/copilot/messages', { meeting_id: c.otherMeetingId, content: 'hello' }), expect: closed },
  { route: 'PUT /api/copilot/messages/{id}/rating', request: (c) => put(`/api/copilot/messages/${unknownMessage}/rating`, { meeting_id: c.meetingId, rating: 1 }), expect: everyone(404) },
];
