import type {
  Block,
  BlockDraft,
  BlockVersion,
  ConsolePages,
  LoginResult,
  PageWithBlocks,
} from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { demoPageIds } from '../../seeds/demo-pages.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { fromRichTextWire } from '../shared/rich-text.ts';
import { signPreview } from './pages.preview-links.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
const base = () => `/api/console/meetings/${meetingId}`;

beforeAll(async () => {
  // The public response cache on: a publish must clear it for visitors to see the new version at once.
  world = await createDemoWorld({ cacheTtlSeconds: 60 });
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
});
afterAll(() => world.t.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: LoginResult | null; json?: unknown } = {},
) {
  const as = options.as === undefined ? organiser : options.as;
  return world.t.call(method, url, {
    ...(options.json !== undefined ? { json: options.json } : {}),
    headers: as ? bearer(as) : {},
  });
}

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown): Promise<T> {
  const res = await call(method, url, json === undefined ? {} : { json });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const publicHomeTypes = async (): Promise<string[]> => {
  const res = await call('GET', apiUrl('/meeting/blocks', { meeting_id: meetingId }), { as: null });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as Block[]).map((block) => block.type);
};

/** The draft's blocks as the console would send them back, plus `extra` on top. */
const asInput = (blocks: Block[]) =>
  blocks.map((block) => ({ type: block.type, title: block.title, content: block.content, data: block.data }));

const banner = {
  type: 'banner',
  title: { en: 'Welcome' },
  data: {
    interval: 4,
    slides: [{ image: 'https://example.org/a.jpg', link: '/agenda', title: { en: 'Programme', zh: '议程' } }],
  },
};

describe('the demo pages', () => {
  it('has an introduction, a branch, a contact and a conference page in zh and en, with page sections', async () => {
    const intro = await call('GET', apiUrl('/meeting/page', { content_id: demoPageIds.introduction }), {
      as: null,
    });
    expect(intro.statusCode, intro.body).toBe(200);
    const body = intro.json() as PageWithBlocks;
    expect(body.page?.title).toMatchObject({ en: 'About the camp', zh: '关于营地' });
    expect(body.blocks.map((block) => block.type)).toEqual(['rich_text', 'rich_text', 'buttons']);
    for (const kind of ['branch', 'contact', 'conference']) {
      const page = await call('GET', apiUrl('/meeting/page', { meeting_id: meetingId, kind }), { as: null });
      expect((page.json() as PageWithBlocks).blocks.length, kind).toBeGreaterThan(0);
    }
    const sections = await call('GET', apiUrl('/page_section/categories', { meeting_id: meetingId }), {
      as: null,
    });
    expect(sections.json().results).toHaveLength(3);
  });
});

describe('the home draft, publish and roll back (§3 block versions)', () => {
  let releasedBefore: number;

  it('opens a draft copied from the released home, never visible publicly', async () => {
    const before = await publicHomeTypes();
    expect(before).toContain('navigation');
    const pages = await ok<ConsolePages>('GET', `${base()}/pages`);
    expect(pages.draft_version).toBeGreaterThan(pages.release_version);
    expect(pages.home.draft_blocks).toBe(pages.home.released_blocks);
    releasedBefore = pages.release_version;

    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    const saved = await ok<BlockDraft>('PUT', `${base()}/block_draft`, {
      revision: draft.revision,
      blocks: [banner, ...asInput(draft.blocks)],
    });
    expect(saved.revision).toBe(draft.revision + 1);
    expect(saved.blocks[0]).toMatchObject({ type: 'banner', data: { interval: 4 } });
    // A visitor (and the cache) still sees the released version.
    expect(await publicHomeTypes()).toEqual(before);
    // Asking for the draft's version number is refused, not answered.
    const asked = await call(
      'GET',
      apiUrl('/meeting/blocks', { query: { meeting_id: meetingId, version: saved.version } }),
      { as: null },
    );
    expect(asked.statusCode).toBe(400);
  });

  it('refuses a save over a newer draft with 409 and leaves the draft as it was', async () => {
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    const stale = await call('PUT', `${base()}/block_draft`, {
      json: { revision: draft.revision - 1, blocks: [] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict.stale' });
    const after = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    expect(after.blocks).toHaveLength(draft.blocks.length);
    expect(after.revision).toBe(draft.revision);
  });

  it('publishes: visitors see the draft at once, a new draft is copied from it', async () => {
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    const state = await ok<{ release_version: number; draft_version: number }>(
      'POST',
      `${base()}/block_draft/publish`,
      { revision: draft.revision },
    );
    expect(state.release_version).toBe(draft.version);
    expect(state.draft_version).toBe(draft.version + 1);
    expect((await publicHomeTypes())[0]).toBe('banner');
    const next = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    expect(next.version).toBe(state.draft_version);
    expect(next.blocks.map((block) => block.type)).toEqual(draft.blocks.map((block) => block.type));
    // Publishing again with the revision of before is stale.
    const again = await call('POST', `${base()}/block_draft/publish`, { json: { revision: draft.revision } });
    expect(again.statusCode).toBe(409);
  });

  it('lists the versions newest first with their states', async () => {
    const { results } = await ok<{ results: BlockVersion[] }>(
      'GET',
      `/api/meetings/${meetingId}/block/versions`,
    );
    expect(results[0]).toMatchObject({ state: 'draft', origin: 'draft' });
    expect(results[1]).toMatchObject({ state: 'released', origin: 'draft' });
    expect(results[1]?.published).not.toBeNull();
    expect(results.find((version) => version.version === releasedBefore)).toMatchObject({
      state: 'archived',
    });
    const versions = results.map((version) => version.version);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
  });

  it('rolls back as a new version: the old blocks are released again, history stays linear', async () => {
    const pages = await ok<ConsolePages>('GET', `${base()}/pages`);
    const state = await ok<{ release_version: number; draft_version: number }>(
      'POST',
      `${base()}/block/versions/${releasedBefore}/rollback`,
      { revision: pages.revision },
    );
    expect(state.release_version).toBeGreaterThan(pages.draft_version);
    expect(await publicHomeTypes()).not.toContain('banner');
    const { results } = await ok<{ results: BlockVersion[] }>(
      'GET',
      `/api/meetings/${meetingId}/block/versions`,
    );
    expect(results[1]).toMatchObject({
      version: state.release_version,
      state: 'released',
      origin: 'rollback',
      source_version: releasedBefore,
    });
    const unknown = await call('POST', `${base()}/block/versions/9999/rollback`, { json: { revision: 0 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('writes an audit row with each save, publish and rollback', async () => {
    const [row] = await world.t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.meetingId, meetingId), eq(auditLog.entity, 'block_version')));
    expect(row?.n).toBe(2);
  });
});

describe('block settings and rich text', () => {
  it('sanitises rich text and refuses settings that do not fit the type', async () => {
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    const saved = await ok<BlockDraft>('PUT', `${base()}/block_draft`, {
      revision: draft.revision,
      blocks: [
        {
          type: 'rich_text',
          title: { en: 'Hello' },
          content: { en: '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:alert(1)"></p>' },
        },
      ],
    });
    const html = JSON.stringify(saved.blocks[0]?.content);
    expect(html).toContain('Hi');
    expect(html).not.toMatch(/script|onclick|javascript:/);

    const bad = await call('PUT', `${base()}/block_draft`, {
      json: { revision: saved.revision, blocks: [{ type: 'banner', data: { slides: [] } }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'block.invalid' });
  });
});

describe('long page contents (§5, §9)', () => {
  it('sends rich text over 30,720 bytes as gzip + base64 chunks that join back to the HTML', async () => {
    const page = await ok<{ _id: { $id: string } }>('POST', `${base()}/pages`, {
      kind: 'introduction',
      title: { en: 'Long read' },
    });
    const pageId = page._id.$id;
    const paragraph = '<p>营地的每一个村落都有自己的故事。 Every village has its own story.</p>';
    const long = paragraph.repeat(800);
    expect(Buffer.byteLength(long)).toBeGreaterThan(30_720 * 2);
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft?page_id=${pageId}`);
    await ok('PUT', `${base()}/block_draft`, {
      page_id: pageId,
      revision: draft.revision,
      blocks: [{ type: 'rich_text', title: { en: 'Story' }, content: { en: long, zh: '<p>短</p>' } }],
    });
    const preview = await ok<{ token: string }>('POST', `${base()}/block_draft/preview_links`, {
      page_id: pageId,
      hours: 1,
    });
    const res = await call('GET', apiUrl('/meeting/preview', { token: preview.token }), { as: null });
    const content = (res.json().blocks as Block[])[0]?.content as Record<
      string,
      string | { chunks: string[] }
    >;
    expect(content.zh).toBe('<p>短</p>');
    expect(typeof content.en).toBe('object');
    expect((content.en as { chunks: string[] }).chunks.length).toBeGreaterThan(1);
    expect(fromRichTextWire(content.en ?? '')).toBe(long);
  });
});

describe('content pages (§2 introduction, branch, contact, conference)', () => {
  let pageId: string;

  it('makes an introduction page whose blocks show publicly once published', async () => {
    const page = await ok<{ _id: { $id: string } }>('POST', `${base()}/pages`, {
      kind: 'introduction',
      title: { en: 'About us', zh: '关于我们' },
    });
    pageId = page._id.$id;
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft?page_id=${pageId}`);
    expect(draft.blocks).toEqual([]);
    await ok('PUT', `${base()}/block_draft`, {
      page_id: pageId,
      revision: draft.revision,
      blocks: [{ type: 'rich_text', title: { en: 'Story' }, content: { en: '<p>Since 1999</p>' } }],
    });
    const before = await call('GET', apiUrl('/meeting/page', { content_id: pageId }), { as: null });
    expect(before.json()).toMatchObject({ page: { kind: 'introduction', deleted: 0 }, blocks: [] });

    const pages = await ok<ConsolePages>('GET', `${base()}/pages`);
    expect(pages.pages.find((item) => item._id.$id === pageId)).toMatchObject({
      draft_blocks: 1,
      released_blocks: 0,
    });
    await ok('POST', `${base()}/block_draft/publish`, { revision: pages.revision });
    const after = await call('GET', apiUrl('/meeting/page', { content_id: pageId }), { as: null });
    const body = after.json() as PageWithBlocks;
    expect(body.blocks.map((block) => block.type)).toEqual(['rich_text']);
    expect(body.blocks[0]?.page_id).toEqual({ $id: pageId });
    // The page's blocks are not the home's.
    const home = await call('GET', apiUrl('/meeting/blocks', { meeting_id: meetingId }), { as: null });
    expect((home.json().results as Block[]).every((block) => block.page_id === null)).toBe(true);
    const viaList = await call(
      'GET',
      apiUrl('/meeting/blocks', { query: { meeting_id: meetingId, page_id: pageId } }),
      { as: null },
    );
    expect((viaList.json().results as Block[]).map((block) => block.type)).toEqual(['rich_text']);
  });

  it('keeps one contact page per meeting, and answers page null for a kind not made', async () => {
    const none = await call('GET', apiUrl('/meeting/page', { meeting_id: otherMeetingId, kind: 'branch' }), {
      as: null,
    });
    expect(none.json()).toEqual({ page: null, blocks: [] });
    // The demo meeting has its contact page already.
    const second = await call('POST', `${base()}/pages`, { json: { kind: 'contact', title: 'Again' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'page.exists' });
  });

  it('answers a deleted page with deleted 1 and no blocks, an unknown one with 404', async () => {
    await ok('DELETE', `${base()}/pages/${pageId}`);
    const deleted = await call('GET', apiUrl('/meeting/page', { content_id: pageId }), { as: null });
    expect(deleted.json()).toMatchObject({ page: { deleted: 1 }, blocks: [] });
    const unknown = await call('GET', apiUrl('/meeting/page', { content_id: 'e'.repeat(24) }), { as: null });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses visitors and other organisers', async () => {
    expect((await call('GET', `${base()}/pages`, { as: world.logins.user })).statusCode).toBe(403);
    expect((await call('GET', `${base()}/pages`, { as: world.logins.otherOrganiser })).statusCode).toBe(403);
    expect((await call('GET', `/api/meetings/${meetingId}/block/versions`, { as: null })).statusCode).toBe(
      401,
    );
  });
});

describe('preview links (§2 /preview, §8)', () => {
  it('shows the current draft to whoever holds a valid link', async () => {
    const draft = await ok<BlockDraft>('GET', `${base()}/block_draft`);
    await ok('PUT', `${base()}/block_draft`, {
      revision: draft.revision,
      blocks: [banner, ...asInput(draft.blocks)],
    });
    const link = await ok<{ token: string; expires_at: number }>(
      'POST',
      `${base()}/block_draft/preview_links`,
      {
        hours: 2,
      },
    );
    expect(link.expires_at - Date.now() / 1000).toBeGreaterThan(7000);
    const res = await call('GET', apiUrl('/meeting/preview', { token: link.token }), { as: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.json().blocks as Block[])[0]?.type).toBe('banner');
    expect(await publicHomeTypes()).not.toContain('banner');
  });

  it("answers an expired, forged or altered link with 'The temporary link has expired', never the draft", async () => {
    const secret = world.t.app.deps.config.AUTH_SECRET;
    const expired = await signPreview(secret, {
      meetingId,
      pageId: null,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    const forged = await signPreview('another-secret-of-sixteen+', {
      meetingId,
      pageId: null,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const valid = await signPreview(secret, {
      meetingId,
      pageId: null,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url')}.${signature}`;
    for (const token of [expired, forged, altered, 'garbage', '']) {
      const res = await call('GET', apiUrl('/meeting/preview', { token }), { as: null });
      expect(res.statusCode, token).toBe(403);
      expect(res.json()).toEqual({ code: 'preview.expired', message: 'The temporary link has expired' });
    }
  });
});
