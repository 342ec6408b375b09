import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { meetingAttachments } from '../documents/documents.tables.ts';
import { pages } from '../pages/pages.tables.ts';
import { countPendingRows } from './views.repository.ts';
import { foldViews } from './views.service.ts';

let t: TestApp;
const doc = 'a77ac4e0a77ac4e0a77ac4e1';
const otherDoc = 'a77ac4e0a77ac4e0a77ac4e2';
const page = 'a77ac4e0a77ac4e0a77ac4f1';
const otherPage = 'a77ac4e0a77ac4e0a77ac4f2';

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await t.database.db.insert(meetingAttachments).values([
    {
      id: doc,
      meetingId: ids.meeting,
      title: { en: 'Programme', zh: '日程' },
      fileKey: 'aaaaaaaaaaaaaaaaaaaaaaaa/programme.pdf',
      fileName: '日程 programme.pdf',
      mime: 'application/pdf',
      size: 1234,
    },
    {
      id: otherDoc,
      meetingId: ids.otherMeeting,
      title: 'Elsewhere',
      fileKey: 'aaaaaaaaaaaaaaaaaaaaaaab/other.pdf',
      fileName: 'other.pdf',
      mime: 'application/pdf',
      size: 1,
    },
  ]);
  await t.database.db.insert(pages).values([
    { id: page, meetingId: ids.meeting, kind: 'introduction', title: { en: 'About' } },
    { id: otherPage, meetingId: ids.otherMeeting, kind: 'introduction', title: { en: 'Elsewhere' } },
  ]);
});
afterAll(() => t.close());

const scalar = async (query: ReturnType<typeof sql>) => {
  const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
};
const meetingTotal = () => scalar(sql`select views_total as n from meetings where id = ${ids.meeting}`);
const genericTotal = (type: string, id: string) =>
  scalar(
    sql`select coalesce(sum(views_total), 0) as n from view_totals where target_type = ${type} and target_id = ${id}`,
  );
const documentTotal = (id: string) =>
  scalar(sql`select views_total as n from meeting_attachments where id = ${id}`);

/** Waits until the views job (not a direct call) folded every pending row. */
async function waitForFoldJob(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await countPendingRows(t.database.db)) > 0) {
    if (Date.now() > deadline) throw new Error('the views job did not fold in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('view counters (§7 …/views), folded by the views job', () => {
  it('counts 5,000 concurrent view posts exactly once the fold job ran', { timeout: 180_000 }, async () => {
    await foldViews(t.database.db);
    const before = {
      meeting: await meetingTotal(),
      cover: await genericTotal('cover_show', ids.meeting),
      doc: await documentTotal(doc),
    };
    const posts = Array.from({ length: 5000 }, (_, index) => {
      const headers = { 'device-id': `device-${index % 250}` };
      if (index % 3 === 0) return t.call('POST', `/api/meetings/${ids.meeting}/views`, { json: {}, headers });
      if (index % 3 === 1)
        return t.call('POST', `/api/meetings/${ids.meeting}/cover/show`, { json: {}, headers });
      return t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
        json: { attachment_id: doc },
        headers,
      });
    });
    const responses = await Promise.all(posts);
    expect(responses.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    await waitForFoldJob();
    expect(await meetingTotal()).toBe(before.meeting + 1667);
    expect(await genericTotal('cover_show', ids.meeting)).toBe(before.cover + 1667);
    expect(await documentTotal(doc)).toBe(before.doc + 1666);
    // The meeting's view log (the console's views per day) got one row per meeting view.
    expect(await scalar(sql`select count(*) as n from meeting_views where meeting_id = ${ids.meeting}`)).toBe(
      before.meeting + 1667,
    );
  });

  it('folds exactly once when several folds run at the same time (replicas)', async () => {
    const before = await meetingTotal();
    await Promise.all(
      Array.from({ length: 300 }, () => t.call('POST', `/api/meetings/${ids.meeting}/views`, { json: {} })),
    );
    const folded = await Promise.all([
      foldViews(t.database.db, { batchSize: 37 }),
      foldViews(t.database.db, { batchSize: 41 }),
      foldViews(t.database.db, { batchSize: 50 }),
    ]);
    // The job may have taken some meanwhile; nothing is left and nothing counted twice.
    expect(folded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(300);
    await foldViews(t.database.db);
    expect(await meetingTotal()).toBe(before + 300);
  });

  it('adds a flushed batch of device-counted cover shows (PUT covers show_total, §9)', async () => {
    await foldViews(t.database.db);
    const before = await genericTotal('cover_show', ids.meeting);
    const res = await t.call('PUT', `/api/meetings/${ids.meeting}/covers/show_total`, {
      json: { show_total: 42 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ views_total: before + 42 });
    for (const bad of [0, -1, 10_001, 'many']) {
      const refused = await t.call('PUT', `/api/meetings/${ids.meeting}/covers/show_total`, {
        json: { show_total: bad },
      });
      expect(refused.statusCode).toBe(400);
    }
    await foldViews(t.database.db);
    expect(await genericTotal('cover_show', ids.meeting)).toBe(before + 42);
  });

  it('counts cover taps and content pages', async () => {
    expect((await t.call('POST', `/api/meetings/${ids.meeting}/cover/views`, { json: {} })).statusCode).toBe(
      200,
    );
    const content = await t.call('POST', `/api/meetings/${ids.meeting}/content/views`, {
      form: { content_id: page },
    });
    expect(content.statusCode, content.body).toBe(200);
    // A page of another meeting, an unknown page, a slug instead of an id: nothing stored.
    for (const [contentId, status] of [
      [otherPage, 404],
      [ids.missing, 404],
      ['introduction', 400],
    ] as const) {
      const refused = await t.call('POST', `/api/meetings/${ids.meeting}/content/views`, {
        form: { content_id: contentId },
      });
      expect(refused.statusCode, contentId).toBe(status);
    }
    await foldViews(t.database.db);
    expect(await genericTotal('cover_view', ids.meeting)).toBeGreaterThanOrEqual(1);
    expect(await genericTotal('content', page)).toBe(1);
    expect(await genericTotal('content', otherPage)).toBe(0);
  });

  it('answers a malformed id with 400 and an unknown one with 404, storing nothing', async () => {
    await foldViews(t.database.db);
    const paths = ['views', 'cover/show', 'cover/views', 'attachments/views', 'content/views'];
    for (const path of paths) {
      const bad = await t.call('POST', `/api/meetings/not-an-id/${path}`, { json: {} });
      expect(bad.statusCode, path).toBe(400);
      const missing = await t.call('POST', `/api/meetings/${ids.missing}/${path}`, { json: {} });
      expect(missing.statusCode, path).toBe(404);
      const deleted = await t.call('POST', `/api/meetings/${ids.deletedMeeting}/${path}`, { json: {} });
      expect(deleted.statusCode, path).toBe(404);
    }
    // A document of another meeting, a malformed document id.
    const foreign = await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: otherDoc },
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: '../../etc' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await countPendingRows(t.database.db)).toBe(0);
  });
});

describe('footprints (GET, DELETE /logs)', () => {
  const alice = { 'device-id': 'device-alice' };
  const bob = { 'device-id': 'device-bob' };

  it('lists what a device viewed, newest first, one entry per item', async () => {
    await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: doc },
      headers: alice,
    });
    await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: doc },
      headers: alice,
    });
    await foldViews(t.database.db);
    const res = await t.call('GET', `/api/logs?meeting_id=${ids.meeting}`, { headers: alice });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      type: 'attachment',
      target_id: doc,
      title: { en: 'Programme', zh: '日程' },
      mime: 'application/pdf',
      deleted: 0,
      views_total: 2,
    });
    const empty = await t.call('GET', '/api/logs', { headers: bob });
    expect(empty.json().results).toEqual([]);
  });

  it("deletes only the caller's own entry: another's is 404 and stays", async () => {
    const [entry] = (await t.call('GET', '/api/logs', { headers: alice })).json().results;
    const foreign = await t.call('DELETE', `/api/logs/${entry._id}`, { headers: bob });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call('GET', '/api/logs', { headers: alice })).json().results).toHaveLength(1);
    for (const bad of ['abc', '0', '-1', '1e5', '99999999999999999999']) {
      expect((await t.call('DELETE', `/api/logs/${bad}`, { headers: alice })).statusCode, bad).toBe(400);
    }
    const own = await t.call('DELETE', `/api/logs/${entry._id}`, { headers: alice });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.call('GET', '/api/logs', { headers: alice })).json().results).toEqual([]);
    expect((await t.call('DELETE', `/api/logs/${entry._id}`, { headers: alice })).statusCode).toBe(404);
  });

  it('clears the caller’s history', async () => {
    await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: doc },
      headers: alice,
    });
    await t.call('POST', `/api/meetings/${ids.meeting}/attachments/views`, {
      json: { attachment_id: doc },
      headers: bob,
    });
    await foldViews(t.database.db);
    const cleared = await t.call('DELETE', '/api/logs', { headers: alice });
    expect(cleared.json()).toEqual({ deleted: 1 });
    expect((await t.call('GET', '/api/logs', { headers: bob })).json().results).toHaveLength(1);
  });
});
