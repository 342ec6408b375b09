import { del, get, type MatrixContext, type MatrixRow, post, put, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of friends (§7 /user/friends, /user/friend/applications; card exchange §1, §6,
 * §8). Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]. Every call
 * needs a login and acts on the caller's own network only: an unknown person, connection or
 * application is 404 for everyone, a garbage card 400 ('Invalid QR code information'). The console's
 * networking figures need people.read (the organiser).
 */
const unknownId = 'f'.repeat(24);
const peopleReaders = (status: number) => [401, 403, 403, 403, 403, status, 403];
const stats = (c: MatrixContext) => `/api/console/meetings/${c.meetingId}/friends/stats`;

// biome-ignore format: the table reads as a table
export const friendsRows: MatrixRow[] = [
  { route: 'GET /api/user/friends', request: () => get('/api/user/friends'), expect: signedIn(200) },
  { route: 'GET /api/user/friends/card', request: () => get('/api/user/friends/card'), expect: signedIn(200) },
  { route: 'POST /api/user/friends/card', request: () => post('/api/user/friends/card', {}), expect: signedIn(200) },
  { route: 'GET /api/user/friends.vcf', request: () => get('/api/user/friends.vcf'), expect: signedIn(200) },
  { route: 'POST /api/user/friends', request: () => post('/api/user/friends', { card: 'not-a-card' }), expect: signedIn(400) },
  { route: 'DELETE /api/user/friends/{user_id}', request: () => del(`/api/user/friends/${unknownId}`), expect: signedIn(404) },
  { route: 'GET /api/user/friend/applications', request: () => get('/api/user/friend/applications?box=sent'), expect: signedIn(200) },
  { route: 'POST /api/user/friend/applications', request: () => post('/api/user/friend/applications', { user_id: unknownId }), expect: signedIn(404) },
  { route: 'GET /api/console/meetings/{meeting_id}/friends/stats', request: (c) => get(stats(c)), expect: peopleReaders(200) },
  { route: 'PUT /api/user/friend/applications/{id}', request: () => put(`/api/user/friend/applications/${unknownId}`, { action: 'accept' }), expect: signedIn(404) },
];
