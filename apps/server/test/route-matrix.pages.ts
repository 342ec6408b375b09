import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from './demo-roles.ts';
import { del, everyone, get, type MatrixContext, type MatrixRow, post, put } from './route-matrix.ts';

/**
 * Route × role rows of content pages and block versions (§2 Meeting pages, §3, §7 block versions,
 * DESIGN §7): the console's pages calls (pages.edit and pages.publish: owner, organiser, editor /
 * owner, organiser), §7 GET /meetings/{meeting_id}/block/versions, and the public page and preview
 * reads. Columns: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 * Later rows use what the organiser's earlier answers gave (the draft revision, the page, the link).
 */
const M = (c: MatrixContext) => c.meetingId;
const unknownId = 'f'.repeat(24);
const onlyOrganiser = (status: number) => [401, 403, 403, 403, 403, status, 403];
const base = (c: MatrixContext) => `/api/console/meetings/${M(c)}`;

const seen = { revision: 0, pageId: unknownId, token: 'not-a-token' };

type Hook = (c: MatrixContext, role: RoleName, res: LightMyRequestResponse) => Promise<void>;
const fromOrganiser =
  (read: (body: never) => void): Hook =>
  async (_c, role, res) => {
    if (role === 'organiser' && res.statusCode === 200) read(res.json() as never);
  };
const rememberRevision = fromOrganiser((body: { revision: number }) => {
  seen.revision = body.revision;
});
const rememberPage = fromOrganiser((body: { _id: { $id: string } }) => {
  seen.pageId = body._id.$id;
});
const rememberToken = fromOrganiser((body: { token: string }) => {
  seen.token = body.token;
});

const textBlock = { type: 'rich_text', title: { en: 'Matrix' }, content: { en: '<p>Matrix</p>' } };

// biome-ignore format: the table reads as a table
export const pagesRows: MatrixRow[] = [
  { route: 'GET /api/console/meetings/{meeting_id}/pages', request: (c) => get(`${base(c)}/pages`), expect: onlyOrganiser(200), after: rememberRevision },
  { route: 'POST /api/console/meetings/{meeting_id}/pages', request: (c) => post(`${base(c)}/pages`, { kind: 'introduction', title: { en: 'Matrix page' } }), expect: onlyOrganiser(200), after: rememberPage },
  { route: 'PUT /api/console/meetings/{meeting_id}/pages/{id}', request: (c) => put(`${base(c)}/pages/${seen.pageId}`, { title: { en: 'Matrix page 2' } }), expect: onlyOrganiser(200) },
  { route: 'GET /api/console/meetings/{meeting_id}/block_draft', request: (c) => get(`${base(c)}/block_draft?page_id=${seen.pageId}`), expect: onlyOrganiser(200), after: rememberRevision },
  { route: 'PUT /api/console/meetings/{meeting_id}/block_draft', request: (c) => put(`${base(c)}/block_draft`, { page_id: seen.pageId, revision: seen.revision, blocks: [textBlock] }), expect: onlyOrganiser(200), after: rememberRevision },
  { route: 'PUT /api/console/meetings/{meeting_id}/block_draft', variant: 'a stale revision', request: (c) => put(`${base(c)}/block_draft`, { page_id: seen.pageId, revision: seen.revision - 1, blocks: [] }), expect: onlyOrganiser(409) },
  { route: 'POST /api/console/meetings/{meeting_id}/block_draft/preview_links', request: (c) => post(`${base(c)}/block_draft/preview_links`, { page_id: seen.pageId, hours: 1 }), expect: onlyOrganiser(200), after: rememberToken },
  { route: 'GET /api/meeting/preview', request: () => get(`/api/meeting/preview?token=${encodeURIComponent(seen.token)}`), expect: everyone(200) },
  { route: 'GET /api/meeting/preview', variant: 'a forged link', request: () => get(`/api/meeting/preview?token=${encodeURIComponent(`${seen.token.slice(0, -4)}AAAA`)}`), expect: everyone(403) },
  { route: 'GET /api/meeting/page', request: () => get(`/api/meeting/page?content_id=${seen.pageId}`), expect: everyone(200) },
  { route: 'GET /api/meeting/page', variant: 'an unknown content_id', request: () => get(`/api/meeting/page?content_id=${unknownId}`), expect: everyone(404) },
  { route: 'GET /api/meetings/{meeting_id}/block/versions', request: (c) => get(`/api/meetings/${M(c)}/block/versions`), expect: onlyOrganiser(200) },
  { route: 'POST /api/console/meetings/{meeting_id}/block_draft/publish', request: (c) => post(`${base(c)}/block_draft/publish`, { revision: seen.revision }), expect: onlyOrganiser(200), after: rememberRevision },
  { route: 'POST /api/console/meetings/{meeting_id}/block/versions/{version}/rollback', request: (c) => post(`${base(c)}/block/versions/1/rollback`, { revision: seen.revision }), expect: onlyOrganiser(200) },
  { route: 'DELETE /api/console/meetings/{meeting_id}/pages/{id}', request: (c) => del(`${base(c)}/pages/${seen.pageId}`), expect: onlyOrganiser(200) },
];
