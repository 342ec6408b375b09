import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { get, type MatrixContext, type MatrixRow, post, put, q, signedIn } from './route-matrix.ts';

/**
 * Route × role rows of questions and price inquiries (§7 Enterprises: POST /enterprises/{id}/questions
 * and /asks, GET /enterprise/questions and /asks, PUT /enterprise/questions/{id} and /answers; our
 * inquiry thread calls). Columns: [guest, user, participant, exhibitor, checkin, organiser,
 * otherOrganiser]. The participant asks the exhibitor's enterprise; only the bound exhibitor answers
 * (§6) and only the two sides of an inquiry see its thread (404 for anyone else).
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const seen = { questionId: unknownId, inquiryId: unknownId };
const sidesOnly = (status: number) => [401, 404, status, status, 404, 404, 404];
const exhibitorOnly = (status: number) => [401, 403, 403, status, 403, 403, 403];

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
/** Remembers the participant's question or inquiry. */
const remember =
  (key: keyof typeof seen): Hook =>
  async (_c, role, res) => {
    if (role !== 'participant' || res.statusCode !== 200) return;
    seen[key] = (res.json() as { _id: { $id: string } })._id.$id;
  };

// biome-ignore format: the table reads as a table
export const questionsRows: MatrixRow[] = [
  { route: 'GET /api/enterprise/questions', request: (c) => get(`/api/enterprise/questions${q({ meeting_id: M(c), enterprise_id: c.ownEnterpriseId })}`), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/enterprises/{id}/questions', request: (c, role) => post(`/api/enterprises/${c.ownEnterpriseId}/questions`, { meeting_id: M(c), content: `Do you ship to Europe? (${role})` }), expect: signedIn(200), after: remember('questionId') },
  { route: 'PUT /api/enterprise/questions/{id}/answers', request: () => put(`/api/enterprise/questions/${seen.questionId}/answers`, { answer: 'Yes, we do.' }), expect: exhibitorOnly(200) },
  { route: 'PUT /api/enterprise/questions/{id}', request: () => put(`/api/enterprise/questions/${seen.questionId}`, { is_public: 1 }), expect: exhibitorOnly(200) },
  { route: 'POST /api/enterprises/{id}/asks', request: (c, role) => post(`/api/enterprises/${c.ownEnterpriseId}/asks`, { meeting_id: M(c), content: `Price for 10? (${role})`, amount: '99.5' }), expect: signedIn(200), after: remember('inquiryId') },
  { route: 'GET /api/enterprise/asks', request: (c) => get(`/api/enterprise/asks${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/enterprise/asks', variant: "the exhibitor's inbox", request: (c) => get(`/api/enterprise/asks${q({ meeting_id: M(c), type: 'enterprise' })}`), expect: exhibitorOnly(200) },
  { route: 'GET /api/enterprise/asks/{id}', request: () => get(`/api/enterprise/asks/${seen.inquiryId}`), expect: sidesOnly(200) },
  { route: 'POST /api/enterprise/asks/{id}/messages', request: (_c, role) => post(`/api/enterprise/asks/${seen.inquiryId}/messages`, { content: `Reply from the ${role}` }), expect: sidesOnly(200) },
  { route: 'PUT /api/enterprise/asks/{id}', request: () => put(`/api/enterprise/asks/${seen.inquiryId}`, { status: 'closed' }), expect: sidesOnly(200) },
];
