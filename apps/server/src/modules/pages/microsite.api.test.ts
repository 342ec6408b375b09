import type { BlockDraft, ConsolePage, ConsolePages, LoginResult, PageWithBlocks } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import { seedDemoMicrosite } from '../../seeds/demo-microsite.ts';
import { pages } from './pages.tables.ts';

/**
 * The culture microsite (§2 /sichuan-culture/{slug}): microsite content pages with one of twelve
 * slugs (one live page per slug), the venue-map and playbill blocks, the public read by slug, and the
 * demo seed of the twelve pages.
 */

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
const base = () => `/api/console/meetings/${meetingId}`;

beforeAll(async () => {
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

const readSlug = (slug: string) =>
  call('GET', apiUrl('/meeting/page', { meeting_id: meetingId, kind: 'microsite', slug }), { as: null });

const livePagesOf = (slug: string) =>
  world.t.database.db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.meetingId, meetingId), eq(pages.slug, slug), eq(pages.deleted, 0)));

const performance = (start: number, title: string) => ({
  title: { en: title },
  start,
  end: start + 3600,
  venue: { en: 'Kiln Hall' },
  link: '/sichuan-culture/map',
});

describe('microsite pages (kind, slug)', () => {
  let playbillPage: ConsolePage;

  it('makes a microsite page with a slug of the twelve, once per slug (409 page.exists)', async () => {
    const made = await call('POST', `${base()}/pages`, {
      json: { kind: 'microsite', slug: 'playbill', title: { en: 'Playbill', zh: '节目单' } },
    });
    expect(made.statusCode, made.body).toBe(200);
    playbillPage = made.json() as ConsolePage;
    expect(playbillPage).toMatchObject({ kind: 'microsite', slug: 'playbill', deleted: 0 });

    const again = await call('POST', `${base()}/pages`, {
      json: { kind: 'microsite', slug: 'playbill', title: 'Second' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'page.exists' });
    expect(await livePagesOf('playbill')).toHaveLength(1);

    const listed = (await call('GET', `${base()}/pages`)).json() as ConsolePages;
    expect(listed.pages.find((page) => page._id.$id === playbillPage._id.$id)?.slug).toBe('playbill');
  });

  it('refuses a microsite page without a known slug, and a slug on another kind (400, nothing stored)', async () => {
    for (const json of [
      { kind: 'microsite', title: 'No slug' },
      { kind: 'microsite', slug: 'admin', title: 'Unknown slug' },
      { kind: 'microsite', slug: '../home', title: 'Path' },
      { kind: 'branch', slug: 'home', title: 'Slug on a branch' },
    ]) {
      const res = await call('POST', `${base()}/pages`, { json });
      expect(res.statusCode, JSON.stringify(json)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const rows = await world.t.database.db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.meetingId, meetingId), eq(pages.kind, 'microsite')));
    expect(rows).toHaveLength(1);
  });

  it('a deleted slug can be made again', async () => {
    const made = (
      await call('POST', `${base()}/pages`, { json: { kind: 'microsite', slug: 'my', title: 'Mine' } })
    ).json() as ConsolePage;
    expect((await call('DELETE', `${base()}/pages/${made._id.$id}`)).statusCode).toBe(200);
    const remade = await call('POST', `${base()}/pages`, {
      json: { kind: 'microsite', slug: 'my', title: 'Mine again' },
    });
    expect(remade.statusCode, remade.body).toBe(200);
    expect(await livePagesOf('my')).toHaveLength(1);
  });

  it('saves venue-map and playbill blocks, refusing bad points and times with 400 block.invalid', async () => {
    const pageId = playbillPage._id.$id;
    const draft = (await call('GET', `${base()}/block_draft?page_id=${pageId}`)).json() as BlockDraft;
    const bad = [
      {
        type: 'venue_map',
        data: { image: 'https://example.org/plan.png', points: [{ x: 120, y: 5, title: 'A' }] },
      },
      { type: 'venue_map', data: { points: [] } },
      { type: 'playbill', data: { performances: [{ title: 'Late', start: 2000, end: 1000 }] } },
      { type: 'playbill', data: { performances: [] } },
    ];
    for (const block of bad) {
      const res = await call('PUT', `${base()}/block_draft`, {
        json: { page_id: pageId, revision: draft.revision, blocks: [block] },
      });
      expect(res.statusCode, JSON.stringify(block)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'block.invalid' });
    }
    const unchanged = (await call('GET', `${base()}/block_draft?page_id=${pageId}`)).json() as BlockDraft;
    expect(unchanged.revision).toBe(draft.revision);
    expect(unchanged.blocks).toHaveLength(0);

    const start = 1_900_000_000;
    const saved = await call('PUT', `${base()}/block_draft`, {
      json: {
        page_id: pageId,
        revision: draft.revision,
        blocks: [
          {
            type: 'venue_map',
            title: { en: 'Map' },
            data: {
              image: 'https://example.org/plan.png',
              points: [{ x: '12.345', y: 40, title: { en: 'Stage' }, description: { en: 'Big' } }],
            },
          },
          {
            type: 'playbill',
            data: { performances: [performance(start, 'Opera'), performance(start + 7200, 'Drums')] },
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as BlockDraft;
    expect(body.blocks[0]?.data).toMatchObject({ points: [{ x: 12.35, y: 40, raw: 0, link: '' }] });
    expect(body.blocks[1]?.data).toMatchObject({
      performances: [{ start, end: start + 3600, cover: '' }, {}],
    });

    // Not released yet: visitors see the page without blocks.
    expect(((await readSlug('playbill')).json() as PageWithBlocks).blocks).toHaveLength(0);
    const publish = await call('POST', `${base()}/block_draft/publish`, {
      json: { revision: body.revision },
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const read = await readSlug('playbill');
    expect(read.statusCode).toBe(200);
    const released = read.json() as PageWithBlocks;
    expect(released.page).toMatchObject({ kind: 'microsite', slug: 'playbill' });
    expect(released.blocks.map((block) => block.type)).toEqual(['venue_map', 'playbill']);
  });
});

describe('public read by slug (GET /meeting/page)', () => {
  it('answers page null for a slug the meeting has not built', async () => {
    const res = await readSlug('technology');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ page: null, blocks: [] });
  });

  it('refuses an unknown slug, a microsite without slug and a slug without microsite (400)', async () => {
    expect((await readSlug('admin')).statusCode).toBe(400);
    const noSlug = await call('GET', apiUrl('/meeting/page', { meeting_id: meetingId, kind: 'microsite' }), {
      as: null,
    });
    expect(noSlug.statusCode).toBe(400);
    const wrongKind = await call(
      'GET',
      apiUrl('/meeting/page', { meeting_id: meetingId, kind: 'branch', slug: 'home' }),
      { as: null },
    );
    expect(wrongKind.statusCode).toBe(400);
  });
});

describe('demo seed (seeds/demo-microsite.ts)', () => {
  it('seeds the twelve pages once, each with released blocks', async () => {
    const db = world.t.database.db;
    const demo = world.meetingId;
    const storage = createStorage(world.t.app.deps.config);
    // This world's meeting already has microsite pages: the seed leaves it alone.
    expect(await seedDemoMicrosite({ db, storage }, demo)).toBe(0);
    await db.update(pages).set({ deleted: 1 }).where(eq(pages.kind, 'microsite'));
    await db.delete(pages).where(eq(pages.kind, 'microsite'));
    expect(await seedDemoMicrosite({ db, storage }, demo)).toBe(12);
    expect(await seedDemoMicrosite({ db, storage }, demo)).toBe(0);
    world.t.app.deps.cache.clear();
    for (const slug of ['home', 'playbill', 'map', 'my', 'list', 'wllive']) {
      const body = (await readSlug(slug)).json() as PageWithBlocks;
      expect(body.page?.slug, slug).toBe(slug);
      expect(body.blocks.length, slug).toBeGreaterThan(0);
    }
    const map = (await readSlug('map')).json() as PageWithBlocks;
    expect(map.blocks[0]?.data.image).toMatch(/^\/api\/files\/image\/[0-9a-f]{24}\/venue-plan\.png$/);
    const plan = await world.t.call('GET', String(map.blocks[0]?.data.image));
    expect(plan.statusCode).toBe(200);
  });
});
