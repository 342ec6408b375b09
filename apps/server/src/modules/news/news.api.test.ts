import { gunzipSync } from 'node:zlib';
import type { ConsoleNewsDetail, LoginResult, NewsItem } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { fromRichTextWire } from '../shared/rich-text.ts';
import { foldViews } from '../views/views.service.ts';
import { runPublishNewsJob } from './news.service.ts';
import { news } from './news.tables.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
const base = () => `/api/console/meetings/${meetingId}`;

beforeAll(async () => {
  // The public response cache on: console writes (and the publish job) must clear it.
  world = await createDemoWorld({ cacheTtlSeconds: 60, jobs: { pollingIntervalSeconds: 0.5 } });
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
});
afterAll(() => world.t.close());

let addresses = 0;
/** A fresh client address per call, so per-IP throttles never interfere. */
const nextIp = () => {
  addresses += 1;
  return `10.88.${addresses >> 8}.${addresses & 255}`;
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: LoginResult | null; json?: unknown } = {},
) {
  const as = options.as === undefined ? organiser : options.as;
  return world.t.call(method, url, {
    ...(options.json !== undefined ? { json: options.json } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: nextIp(),
  });
}

async function create(fields: Record<string, unknown>): Promise<ConsoleNewsDetail> {
  const res = await call('POST', `${base()}/news`, { json: fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setStatus(item: { _id: { $id: string }; version: number }, body: Record<string, unknown>) {
  return call('POST', `${base()}/news/${item._id.$id}/status`, { json: { version: item.version, ...body } });
}

/** The public list as a guest (no token). */
async function publicList(query: Record<string, unknown> = {}): Promise<NewsItem[]> {
  const res = await call('GET', apiUrl('/news', { meeting_id: meetingId, ...query }), { as: null });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

async function publicById(id: string): Promise<NewsItem | undefined> {
  const res = await call('GET', apiUrl('/news', { query: { meeting_id: meetingId, _id: id } }), { as: null });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0];
}

describe('news: drafts, publishing and the public list (§3 News, §7 GET /news)', () => {
  it('keeps drafts and scheduled items invisible; shows published ones with meeting and category titles', async () => {
    const catRes = await call('POST', `${base()}/news_categories`, {
      json: { title: { en: 'Announcements', zh: '公告' }, weight: 5 },
    });
    expect(catRes.statusCode, catRes.body).toBe(200);
    const categoryId = catRes.json()._id.$id;

    const draft = await create({ title: { en: 'Draft only', zh: '草稿' }, content: { en: '<p>x</p>' } });
    const scheduled = await create({ title: { en: 'Later' } });
    const soon = Math.floor(Date.now() / 1000) + 3600;
    expect((await setStatus(scheduled, { status: 'scheduled', publish_at: soon })).statusCode).toBe(200);

    const item = await create({
      title: { en: 'Opening ceremony', zh: '开幕式' },
      summary: { en: 'Doors open at nine', zh: '九点开门' },
      content: { en: '<h2>Welcome</h2><p>Hello</p>', zh: '<p>欢迎</p>' },
      cover: '/api/files/image/abc/cover.jpg',
      category_id: categoryId,
      author: 'Organising committee',
    });
    expect(item).toMatchObject({ status: 'draft', version: 1, languages: ['en', 'zh'] });
    const ids = async (query: Record<string, unknown> = {}) =>
      (await publicList(query)).map((n) => n._id.$id);
    const mine = [draft._id.$id, scheduled._id.$id, item._id.$id];
    expect((await ids()).filter((id) => mine.includes(id))).toEqual([]);

    const published = await setStatus(item, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', version: 2 });

    const list = (await publicList()).filter((n) => mine.includes(n._id.$id));
    expect(list.map((n) => n.title)).toEqual([{ en: 'Opening ceremony', zh: '开幕式' }]);
    expect(list[0]).toMatchObject({
      summary: { en: 'Doors open at nine', zh: '九点开门' },
      cover: '/api/files/image/abc/cover.jpg',
      category: { _id: { $id: categoryId }, title: { en: 'Announcements', zh: '公告' } },
      meeting: { _id: { $id: meetingId } },
      deleted: 0,
    });
    expect(list[0]?.content).toBeUndefined();
    expect(list[0]?.published_at).toBeGreaterThan(0);
    expect(await ids({ query: { category_id: categoryId } })).toEqual([item._id.$id]);
    expect(await publicList({ query: { category_id: draft._id.$id } })).toHaveLength(0);

    const detail = await publicById(item._id.$id);
    expect(detail?.content).toEqual({ en: '<h2>Welcome</h2><p>Hello</p>', zh: '<p>欢迎</p>' });

    // A draft asked for by id answers an empty deleted stub (the client shows /204), never its text.
    expect(await publicById(draft._id.$id)).toMatchObject({ deleted: 1, title: '', content: {} });
    expect(await publicById(scheduled._id.$id)).toMatchObject({ deleted: 1, title: '' });

    const categories = await call('GET', apiUrl('/news/categories', { meeting_id: meetingId }), { as: null });
    expect(categories.statusCode).toBe(200);
    expect(categories.json().results.map((c: { title: unknown }) => c.title)).toContainEqual({
      en: 'Announcements',
      zh: '公告',
    });
  });

  it('unpublishing and deleting take the item off the public list at once (cache cleared); deleted by id → deleted 1', async () => {
    const item = await create({ title: { en: 'Short-lived' } });
    const published = (await setStatus(item, { status: 'published' })).json() as ConsoleNewsDetail;
    expect((await publicList()).map((n) => n._id.$id)).toContain(item._id.$id);
    const draft = (await setStatus(published, { status: 'draft' })).json() as ConsoleNewsDetail;
    expect((await publicList()).map((n) => n._id.$id)).not.toContain(item._id.$id);
    const again = (await setStatus(draft, { status: 'published' })).json() as ConsoleNewsDetail;
    expect((await publicList()).map((n) => n._id.$id)).toContain(item._id.$id);
    const del = await call('DELETE', `${base()}/news/${item._id.$id}?version=${again.version}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await publicList()).map((n) => n._id.$id)).not.toContain(item._id.$id);
    expect(await publicById(item._id.$id)).toMatchObject({ deleted: 1, title: '' });
    expect((await call('GET', `${base()}/news/${item._id.$id}`)).statusCode).toBe(404);
  });
});

describe('news views (POST /meetings/{id}/content/views with news_id, §7)', () => {
  it("counts reads of a published item on its total and the reader's history; a draft or another meeting's id is 404 and stores nothing", async () => {
    const item = await create({ title: { en: 'Counted' } });
    const views = (newsId: string, device: string) =>
      world.t.call('POST', `/api/meetings/${meetingId}/content/views`, {
        json: { news_id: newsId },
        headers: { 'device-id': device },
        remoteAddress: nextIp(),
      });
    expect((await views(item._id.$id, 'news-reader-1')).statusCode).toBe(404);
    await setStatus(item, { status: 'published' });
    await Promise.all(['news-reader-1', 'news-reader-2', 'news-reader-1'].map((d) => views(item._id.$id, d)));
    expect((await views('ffffffffffffffffffffffff', 'news-reader-1')).statusCode).toBe(404);
    expect((await views('not-an-id', 'news-reader-1')).statusCode).toBe(400);
    await foldViews(world.t.database.db);
    const [row] = await world.t.database.db
      .select({ viewsTotal: news.viewsTotal })
      .from(news)
      .where(eq(news.id, item._id.$id));
    expect(row?.viewsTotal).toBe(3);
    const history = await world.t.call('GET', '/api/logs', {
      headers: { 'device-id': 'news-reader-1' },
      remoteAddress: nextIp(),
    });
    expect(history.json().results).toEqual([
      expect.objectContaining({ type: 'news', target_id: item._id.$id, deleted: 0, views_total: 2 }),
    ]);
  });
});

describe('news bodies: sanitised before storing, chunked past 30,720 bytes (§5, §9)', () => {
  it('strips unsafe HTML before it is stored', async () => {
    const item = await create({
      title: { en: 'XSS' },
      content: {
        en: '<p onclick="alert(1)">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      },
    });
    const rows = await world.t.database.db.select().from(news).where(eq(news.id, item._id.$id));
    const stored = rows[0]?.content.en ?? '';
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(stored).toContain('<p>Hi</p>');
  });

  it('sends a body over 30,720 bytes as gzip+base64 chunks that join back to the stored HTML', async () => {
    const html = '<p>展会新闻 Exhibition news — 第一天的议程和展位信息。</p>'.repeat(1_200);
    expect(Buffer.byteLength(html)).toBeGreaterThan(30_720);
    const item = await create({
      title: { en: 'Long read', zh: '长文' },
      content: { zh: html, en: '<p>short</p>' },
    });
    expect(typeof item.content.zh).toBe('object');
    await setStatus(item, { status: 'published' });
    const detail = await publicById(item._id.$id);
    const wire = detail?.content?.zh;
    if (!wire || typeof wire === 'string') throw new Error('expected chunks');
    expect(wire.chunks.length).toBeGreaterThan(1);
    for (const chunk of wire.chunks)
      expect(gunzipSync(Buffer.from(chunk, 'base64')).length).toBeLessThanOrEqual(30_720);
    expect(fromRichTextWire(wire)).toBe(html);
    expect(detail?.content?.en).toBe('<p>short</p>');
  });
});

describe('news editing: versions, validation, audit', () => {
  it('refuses a save over a newer version with 409 conflict.stale and keeps the newer text', async () => {
    const item = await create({ title: { en: 'v1' } });
    const first = await call('PUT', `${base()}/news/${item._id.$id}`, {
      json: { version: 1, title: { en: 'v2' } },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await call('PUT', `${base()}/news/${item._id.$id}`, {
      json: { version: 1, title: { en: 'lost' } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');
    const statusStale = await setStatus({ _id: item._id, version: 1 }, { status: 'published' });
    expect(statusStale.statusCode).toBe(409);
    const delStale = await call('DELETE', `${base()}/news/${item._id.$id}?version=1`);
    expect(delStale.statusCode).toBe(409);
    const now = await call('GET', `${base()}/news/${item._id.$id}`);
    expect(now.json()).toMatchObject({ title: { en: 'v2' }, version: 2, status: 'draft' });
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'news'), eq(auditLog.entityId, item._id.$id)));
    expect(audit.length).toBe(2);
  });

  it('refuses bad input with clear codes', async () => {
    const item = await create({ title: { en: 'x' } });
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `${base()}/news`, { title: { xx: 'no such language' } }, 400, 'news.language_not_enabled'],
      ['POST', `${base()}/news`, { category_id: 'f'.repeat(24) }, 400, 'news.category_invalid'],
      ['POST', `${base()}/news`, { title: 'x'.repeat(201) }, 400, 'validation_failed'],
      ['POST', `${base()}/news`, { unknown_field: 1 }, 400, 'validation_failed'],
      [
        'POST',
        `${base()}/news/${item._id.$id}/status`,
        { version: 1, status: 'scheduled' },
        400,
        'news.publish_at_invalid',
      ],
      [
        'POST',
        `${base()}/news/${item._id.$id}/status`,
        { version: 1, status: 'scheduled', publish_at: 1000 },
        400,
        'news.publish_at_invalid',
      ],
      [
        'POST',
        `${base()}/news/${item._id.$id}/status`,
        { version: 1, status: 'gone' },
        400,
        'validation_failed',
      ],
      ['PUT', `${base()}/news/${'f'.repeat(24)}`, { version: 1 }, 404, 'not_found'],
    ];
    for (const [method, url, json, status, code] of cases) {
      const res = await call(method as 'POST', url, { json });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(json)} ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const untitled = await create({ summary: { en: 'no title' } });
    const res = await setStatus(untitled, { status: 'published' });
    expect(res.json().code).toBe('news.title_required');
    const badList = await call('GET', apiUrl('/news', { meeting_id: meetingId, sort: { content: 1 } }), {
      as: null,
    });
    expect(badList.statusCode).toBe(400);
    expect((await call('GET', apiUrl('/news', {}), { as: null })).statusCode).toBe(400);
  });

  it('lets only news.edit roles write (owner, organiser, editor)', async () => {
    for (const role of ['user', 'participant', 'exhibitor', 'checkin', 'otherOrganiser'] as const) {
      const res = await call('POST', `${base()}/news`, {
        as: world.logins[role],
        json: { title: { en: 'x' } },
      });
      expect(res.statusCode, role).toBe(403);
      expect((await call('GET', `${base()}/news`, { as: world.logins[role] })).statusCode).toBe(403);
    }
    expect((await call('GET', `${base()}/news`, { as: null })).statusCode).toBe(401);
  });
});

describe('scheduled publication (a job on the queue)', () => {
  it('publishes at publish_at through the queue, and the public list shows it', async () => {
    const item = await create({ title: { en: 'Scheduled' } });
    const at = Math.ceil(Date.now() / 1000) + 2;
    const res = await setStatus(item, { status: 'scheduled', publish_at: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await publicList()).map((n) => n._id.$id)).not.toContain(item._id.$id);
    const deadline = Date.now() + 20_000;
    let row = (await world.t.database.db.select().from(news).where(eq(news.id, item._id.$id)))[0];
    while (row?.status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = (await world.t.database.db.select().from(news).where(eq(news.id, item._id.$id)))[0];
    }
    expect(row?.status).toBe('published');
    expect(row?.publishedAt?.getTime()).toBe(at * 1000);
    expect((await publicList()).map((n) => n._id.$id)).toContain(item._id.$id);
  });

  it('is idempotent: a second run, a rescheduled or an unpublished item change nothing', async () => {
    const db = world.t.database.db;
    const deps = { db, cache: { clear: () => {} } };
    const item = await create({ title: { en: 'Moved' } });
    const first = Math.floor(Date.now() / 1000) + 3600;
    const second = first + 3600;
    const s1 = (
      await setStatus(item, { status: 'scheduled', publish_at: first })
    ).json() as ConsoleNewsDetail;
    const s2 = (await setStatus(s1, { status: 'scheduled', publish_at: second })).json() as ConsoleNewsDetail;
    // The job of the first schedule finds the item moved: nothing happens.
    expect(await runPublishNewsJob(deps, { newsId: item._id.$id, publishAtMs: first * 1000 })).toBe(false);
    // An edit while it waits keeps the schedule.
    const edited = await call('PUT', `${base()}/news/${item._id.$id}`, {
      json: { version: s2.version, title: { en: 'Moved!' } },
    });
    expect(edited.json()).toMatchObject({ status: 'scheduled', publish_at: second });
    expect(await runPublishNewsJob(deps, { newsId: item._id.$id, publishAtMs: second * 1000 })).toBe(true);
    expect(await runPublishNewsJob(deps, { newsId: item._id.$id, publishAtMs: second * 1000 })).toBe(false);
    const row = (await db.select().from(news).where(eq(news.id, item._id.$id)))[0];
    expect(row).toMatchObject({ status: 'published', version: s2.version + 2 });

    const other = await create({ title: { en: 'Cancelled' } });
    const s3 = (
      await setStatus(other, { status: 'scheduled', publish_at: first })
    ).json() as ConsoleNewsDetail;
    await setStatus(s3, { status: 'draft' });
    expect(await runPublishNewsJob(deps, { newsId: other._id.$id, publishAtMs: first * 1000 })).toBe(false);
    expect((await db.select().from(news).where(eq(news.id, other._id.$id)))[0]?.status).toBe('draft');
  });

  it('enqueues the job in the same transaction: a refused schedule leaves no job', async () => {
    const item = await create({ title: { en: 'No job' } });
    const count = async () =>
      Number(
        (
          (await world.t.database.db.execute(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'news-publish-scheduled' AND data->>'newsId' = '${item._id.$id}'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    const at = Math.floor(Date.now() / 1000) + 3600;
    expect(
      (await setStatus({ ...item, version: 99 }, { status: 'scheduled', publish_at: at })).statusCode,
    ).toBe(409);
    expect(await count()).toBe(0);
    expect((await setStatus(item, { status: 'scheduled', publish_at: at })).statusCode).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe('demo news (seeds/demo-news.ts)', () => {
  it('lists the published demo articles in zh and en, heaviest then newest, and hides the draft', async () => {
    const list = await publicList({ limit: 5 });
    expect(list.length).toBeGreaterThanOrEqual(5);
    const demo = list.filter((n) => n._id.$id.startsWith('6e657773'));
    expect(demo[0]?.title).toEqual({
      en: 'Gates open on Wednesday at 10:00',
      zh: '营地周三上午 10:00 开放入场',
    });
    expect(await publicById('6e6577730000000000000a06')).toMatchObject({ deleted: 1 });
    const detail = await publicById('6e6577730000000000000a04');
    expect(detail?.content?.zh).toContain('<table>');
  });
});
