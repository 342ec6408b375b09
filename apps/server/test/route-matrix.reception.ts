import { randomUUID } from 'node:crypto';
import { insertReceptionGuests, insertReceptionPhase } from '../src/modules/reception/reception.fixtures.ts';
import { get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of the reception desk (§2 Reception, §4 Reception 0/1, §6 reception staff, §8
 * 'receptionist not found'). Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. Only desk staff (reception grants, owner, organiser) pass: check-in staff and the
 * other meeting's organiser answer 403 reception.receptionist_not_found. The first row's hook lays
 * down one phase with a form and one guest of the demo meeting, which the later rows address.
 */
const staff = (status: number) => [401, 403, 403, 403, 403, status, 403];
const made = {
  guestId: '0123456789abcdef01234567',
  phaseId: '0123456789abcdef01234567',
  code: 'MATRIX01',
  ready: false,
};

async function layDesk(c: MatrixContext) {
  if (made.ready) return;
  made.ready = true;
  const db = c.world.t.database.db;
  made.phaseId = await insertReceptionPhase(db, {
    meetingId: c.meetingId,
    title: 'Matrix phase',
    position: 99,
    form: [{ key: 'seat', type: 'text', label: { en: 'Seat' }, options: [], required: 0 }],
  });
  const [guestId] = await insertReceptionGuests(db, c.meetingId, [
    { name: 'Matrix Guest', code: made.code, phaseIds: [made.phaseId] },
  ]);
  made.guestId = guestId as string;
}

const guestUrl = () => `/api/reception/guests/${made.guestId}`;

// biome-ignore format: the table reads as a table
export const receptionRows: MatrixRow[] = [
  { route: 'GET /api/reception/staff/me', request: (c) => get(`/api/reception/staff/me${q({ meeting_id: c.meetingId })}`), expect: staff(200), after: layDesk },
  { route: 'GET /api/reception/phases', request: (c) => get(`/api/reception/phases${q({ meeting_id: c.meetingId })}`), expect: staff(200) },
  { route: 'GET /api/reception/guests', request: (c) => get(`/api/reception/guests${q({ meeting_id: c.meetingId, keyword: 'matrix' })}`), expect: staff(200) },
  { route: 'GET /api/reception/guests/{id}', request: () => get(guestUrl()), expect: staff(200) },
  { route: 'GET /api/reception/guests/{id}', variant: 'an unknown guest (§8 guest not found to the desk, receptionist not found to others)', request: () => get('/api/reception/guests/999999999999999999999999'), expect: staff(404) },
  { route: 'GET /api/reception/guests/{id}/history', request: () => get(`${guestUrl()}/history`), expect: staff(200) },
  { route: 'PUT /api/reception/guests/{id}/phases/{phase_id}', request: () => put(`${guestUrl()}/phases/${made.phaseId}`, { status: 1, mutation_id: randomUUID(), client_at: Date.now() }), expect: staff(200) },
  { route: 'PUT /api/reception/guests/{id}/phases/{phase_id}/form', request: () => put(`${guestUrl()}/phases/${made.phaseId}/form`, { answers: { seat: 'A1' }, mutation_id: randomUUID(), client_at: Date.now() }), expect: staff(200) },
  { route: 'POST /api/reception/sync', request: (c) => post('/api/reception/sync', { meeting_id: c.meetingId, mutations: [{ kind: 'guest', mutation_id: randomUUID(), guest_id: made.guestId, field: 'note', value: 'Matrix', client_at: Date.now() }] }), expect: staff(200) },
  { route: 'GET /api/reception/changes', request: (c) => get(`/api/reception/changes${q({ meeting_id: c.meetingId, since: 0 })}`), expect: staff(200) },
  { route: 'GET /api/reception/query', request: (c) => get(`/api/reception/query${q({ meeting_id: c.meetingId, code: made.code })}`), expect: signedIn(200) },
  { route: 'GET /api/reception/query', variant: 'an unknown code (§8 guest not found)', request: (c) => get(`/api/reception/query${q({ meeting_id: c.meetingId, code: 'NOSUCH00' })}`), expect: signedIn(404) },
];
