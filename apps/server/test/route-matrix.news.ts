import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put, q } from './route-matrix.ts';

/**
 * Route × role rows of news (§3 News, §7 GET /news): the public list (guest-viewable meeting
 * content) and the console's news area (news.edit: owner, organiser, editor). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 *
 * The organiser's rows build on each other: the item created is read, saved, published and
 * deleted with the version each answer gave; the category made is renamed and deleted.
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const onlyEditors = (status: number) => [401, 403, 403, 403, 403, status, 403];
const base = (c: MatrixContext) => `/api/console/meetings/${M(c)}`;

const seen = { newsId: unknownId, version: 1, categoryId: unknownId };

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
/** Remembers the item's id and version (or the category's id) from the organiser's answer. */
const remember: Hook = async (_c, role, res) => {
  if (role !== 'organiser' || res.statusCode !== 200) return;
  const body = res.json() as { _id?: { $id: string }; version?: number };
  if (body._id && body.version !== undefined) {
    seen.newsId = body._id.$id;
    seen.version = body.version;
  } else if (body._id) {
    seen.categoryId = body._id.$id;
  }
};

// biome-ignore format: the table reads as a table
export const newsRows: MatrixRow[] = [
  { route: 'GET /api/news', request: (c) => get(`/api/news${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/news', variant: 'a closed meeting (tokens are bound to the demo meeting)', request: (c) => get(`/api/news${q({ meeting_id: c.otherMeetingId })}`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/console/meetings/{meeting_id}/news', request: (c) => get(`${base(c)}/news`), expect: onlyEditors(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/news_categories', request: (c) => get(`${base(c)}/news_categories`), expect: onlyEditors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/news_categories', request: (c) => post(`${base(c)}/news_categories`, { title: { en: 'Matrix news' } }), expect: onlyEditors(200), after: remember },
  { route: 'PUT /api/console/meetings/{meeting_id}/news_categories/{id}', request: (c) => put(`${base(c)}/news_categories/${seen.categoryId}`, { weight: 3 }), expect: onlyEditors(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/news', request: (c) => post(`${base(c)}/news`, { title: { en: 'Matrix', zh: '矩阵' }, content: { en: '<p>x</p>' }, category_id: seen.categoryId }), expect: onlyEditors(200), after: remember },
  { route: 'GET /api/console/meetings/{meeting_id}/news/{id}', request: (c) => get(`${base(c)}/news/${seen.newsId}`), expect: onlyEditors(200) },
  { route: 'PUT /api/console/meetings/{meeting_id}/news/{id}', request: (c) => put(`${base(c)}/news/${seen.newsId}`, { version: seen.version, summary: { en: 'Saved' } }), expect: onlyEditors(200), after: remember },
  { route: 'PUT /api/console/meetings/{meeting_id}/news/{id}', variant: 'a stale version', request: (c) => put(`${base(c)}/news/${seen.newsId}`, { version: 1, summary: { en: 'Lost' } }), expect: onlyEditors(409) },
  { route: 'POST /api/console/meetings/{meeting_id}/news/{id}/status', request: (c) => post(`${base(c)}/news/${seen.newsId}/status`, { version: seen.version, status: 'published' }), expect: onlyEditors(200), after: remember },
  { route: 'DELETE /api/console/meetings/{meeting_id}/news/{id}', request: (c) => del(`${base(c)}/news/${seen.newsId}${q({ version: seen.version })}`), expect: onlyEditors(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/news_categories/{id}', request: (c) => del(`${base(c)}/news_categories/${seen.categoryId}`), expect: onlyEditors(200) },
];
