import { get, type MatrixContext, type MatrixRow } from './route-matrix.ts';

/**
 * Route × role rows of the console's questions and inquiries (community.read: owner, organiser,
 * editor). Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
const base = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}`;
const readers = (status: number) => [401, 403, 403, 403, 403, status, 403];

// biome-ignore format: the table reads as a table
export const consoleQuestionsRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/questions', request: (c) => get(`${base(c)}/questions`), expect: readers(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/inquiries', request: (c) => get(`${base(c)}/inquiries`), expect: readers(200) },
];
