import { del, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's copilot area (§1 copilot; DESIGN §7): copilot.settings and
 * copilot.review are the owner's and organiser's (and review the editor's, who is not a column).
 * The demo meeting has no conversation and the rows name unknown ids for items, so the organiser
 * hears 404 where an id is needed; the API tests cover the found cases.
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/copilot`;
const organisers = (status: number) => [401, 403, 403, 403, 403, status, 403];
const unknownId = '0000000000000000000c0b11';
const faq = { language: 'en', question: 'Where is the cloakroom?', answer: 'At the north entrance.' };

// biome-ignore format: the table reads as a table
export const consoleCopilotRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/copilot/settings', request: (c) => get(`${base(c)}/settings`), expect: organisers(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/copilot/settings', request: (c) => put(`${base(c)}/settings`, { copilot_name: 'Demo copilot' }), expect: organisers(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/copilot/faqs', request: (c) => get(`${base(c)}/faqs`), expect: organisers(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/copilot/faqs', request: (c) => post(`${base(c)}/faqs`, faq), expect: organisers(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/copilot/faqs/{id}', variant: 'unknown entry', request: (c) => put(`${base(c)}/faqs/${unknownId}`, faq), expect: organisers(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/copilot/faqs/{id}', variant: 'unknown entry', request: (c) => del(`${base(c)}/faqs/${unknownId}`), expect: organisers(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/copilot/conversations', request: (c) => get(`${base(c)}/conversations?flagged=1`), expect: organisers(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/copilot/conversations/{id}', variant: 'unknown conversation', request: (c) => get(`${base(c)}/conversations/${unknownId}`), expect: organisers(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/copilot/messages/{id}/flag', variant: 'unknown message', request: (c) => put(`${base(c)}/messages/${unknownId}/flag`, { flagged: 1, note: 'wrong hall' }), expect: organisers(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/copilot/usage', request: (c) => get(`${base(c)}/usage?from=2026-01-01&to=2026-01-31`), expect: organisers(200) },
];
