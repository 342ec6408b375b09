import { get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of the console's registrations calls (DESIGN §7, §6). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. Check-in staff may check
 * tickets in but not read registrations; the organiser of another meeting is refused like anyone
 * without a role. Writes name unknown ids (404 for the organiser) or count only (dry_run), so later
 * rows find the demo data as seeded.
 */
const R = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleRegistrationsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/registrations', request: (c) => get(`${R(c)}/registrations?status=0&q=a`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/registrations/{id}', request: (c) => get(`${R(c)}/registrations/${c.ticketId}`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/registrations/{id}', variant: 'an unknown id', request: (c) => get(`${R(c)}/registrations/${unknownId}`), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/registrations/{id}/review', request: (c) => put(`${R(c)}/registrations/${unknownId}/review`, { status: 2, reason: 'matrix', updated_at: 0 }), expect: onlyOrganiser(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/registrations/review', variant: 'dry run', request: (c) => post(`${R(c)}/registrations/review`, { status: 1, dry_run: 1 }), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/registrations/review', variant: 'unknown ids', request: (c) => post(`${R(c)}/registrations/review`, { status: 1, ids: unknownId }), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/registrations', request: (c) => post(`${R(c)}/registrations`, { activity_id: unknownId, data: {} }), expect: onlyOrganiser(404) },
  { route: 'PUT /api/console/meetings/{meeting_id}/registrations/{id}/seat', request: (c) => put(`${R(c)}/registrations/${unknownId}/seat`, { seat_number: 'A1', updated_at: 0 }), expect: onlyOrganiser(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/registrations/seats', request: (c) => post(`${R(c)}/registrations/seats`, { price_id: unknownId, start: 1 }), expect: onlyOrganiser(404) },
  { route: 'POST /api/console/meetings/{meeting_id}/registrations/import', request: (c) => post(`${R(c)}/registrations/import`, { activity_id: unknownId, format: 'csv', file: '' }), expect: onlyOrganiser(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/registrations/export', request: (c) => get(`${R(c)}/registrations/export?format=csv`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/registration-options', request: (c) => get(`${R(c)}/registration-options`), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/checkins', request: (c) => get(`${R(c)}/checkins?checked_in=1`), expect: onlyOrganiser(200) },
];
