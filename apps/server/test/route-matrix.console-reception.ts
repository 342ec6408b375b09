import { del, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's reception area (DESIGN §7; §3 Guest, Reception guest; §6).
 * Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. Only owners and
 * organisers (reception.manage) get past the permission check; writes name unknown ids (404) or are
 * refused by validation (400) or dry runs, so later rows find the demo data as seeded.
 */
const R = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/reception`;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleReceptionRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/reception/guests', request: (c) => get(`${R(c)}/guests?keyword=a`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/reception/guests', variant: 'an unknown phase', request: (c) => post(`${R(c)}/guests`, { name: 'Matrix', phase_ids: [unknownId] }), expect: onlyOrganiser(400) },
  { route: 'PUT /api/console/meetings/{meeting_id}/reception/guests/{id}', request: (c) => put(`${R(c)}/guests/${unknownId}`, { name: 'Matrix' }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/reception/guests/{id}', request: (c) => del(`${R(c)}/guests/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/reception/guests/{id}/phases/{phase_id}', request: (c) => put(`${R(c)}/guests/${unknownId}/phases/${unknownId}`, { status: 1 }), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/reception/staff', request: (c) => get(`${R(c)}/staff`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/reception/import', variant: 'an empty file', request: (c) => post(`${R(c)}/import`, { file: '', dry_run: 1 }), expect: onlyOrganiser(400) },
  { route: 'GET /api/console/meetings/{meeting_id}/reception/export', request: (c) => get(`${R(c)}/export`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/reception/phases', request: (c) => get(`${R(c)}/phases`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/reception/phases', variant: 'no title', request: (c) => post(`${R(c)}/phases`, { title: { en: ' ' } }), expect: onlyOrganiser(400) },
  { route: 'PUT /api/console/meetings/{meeting_id}/reception/phases/{id}', request: (c) => put(`${R(c)}/phases/${unknownId}`, { title: 'Matrix' }), expect: onlyOrganiser(404) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/reception/phases/{id}', request: (c) => del(`${R(c)}/phases/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/reception/phase-order', variant: 'an unknown phase', request: (c) => put(`${R(c)}/phase-order`, { ids: [unknownId] }), expect: onlyOrganiser(400) },
  { route: 'GET /api/console/meetings/{meeting_id}/reception/board', request: (c) => get(`${R(c)}/board`), expect: onlyOrganiser(200) },
];
