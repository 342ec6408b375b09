import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId, testSalt } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { loadConfig } from '../../config.ts';
import { newId } from '../../db/ids.ts';
import { createResponseCache } from '../../plugins/response-cache.ts';
import { findRebuild, startRebuildRow } from './search.repository.ts';
import { reindexSearch, runRebuildJob } from './search.service.ts';

let t: TestApp;
const m = ids.meeting;
const e = {
  acme: newId(),
  hidden: newId(),
  gone: newId(),
  zh: newId(),
};
const x = { acme: newId(), hidden: newId(), gone: newId(), zh: newId() };
const p = {
  robotics: newId(),
  kit: newId(),
  deleted: newId(),
  hiddenProduct: newId(),
  ofHiddenExhibitor: newId(),
  ofGoneEnterprise: newId(),
  translator: newId(),
  otherMeeting: newId(),
};
const a = { zh: newId(), ja: newId(), en: newId(), hidden: newId(), draftOther: newId() };
const n = { published: newId(), draft: newId(), deleted: newId(), ja: newId() };
const d = { programme: newId(), deleted: newId() };

const json = (value: unknown) => JSON.stringify(value);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  await db.execute(sql`INSERT INTO enterprises (id, title, description) VALUES
    (${e.acme}, ${json({ en: 'Acme Robotics', zh: '艾克米机器人' })}::jsonb, ${json({ en: 'Industrial arms' })}::jsonb),
    (${e.hidden}, ${json('Hidden Robotics Ltd')}::jsonb, '""'::jsonb),
    (${e.gone}, ${json('Gone Robotics')}::jsonb, '""'::jsonb),
    (${e.zh}, ${json({ zh: '未来科技有限公司', en: 'Future Tech' })}::jsonb, '""'::jsonb)`);
  await db.execute(sql`UPDATE enterprises SET deleted = 1 WHERE id = ${e.gone}`);
  await db.execute(sql`INSERT INTO exhibitors (id, meeting_id, enterprise_id, booth, is_shown) VALUES
    (${x.acme}, ${m}, ${e.acme}, 'A-12', 1), (${x.hidden}, ${m}, ${e.hidden}, 'B-1', 0),
    (${x.gone}, ${m}, ${e.gone}, 'C-1', 1), (${x.zh}, ${m}, ${e.zh}, 'D-8', 1)`);
  await db.execute(sql`INSERT INTO products (id, enterprise_id, meeting_id, title, deleted, is_shown) VALUES
    (${p.robotics}, ${e.acme}, NULL, ${json({ en: 'Robotics' })}::jsonb, 0, 1),
    (${p.kit}, ${e.acme}, ${m}, ${json({ en: 'Robotics Starter Kit', zh: '机器人入门套件' })}::jsonb, 0, 1),
    (${p.deleted}, ${e.acme}, ${m}, ${json('Deleted Robotics Arm')}::jsonb, 1, 1),
    (${p.hiddenProduct}, ${e.acme}, ${m}, ${json('Hidden Robotics Arm')}::jsonb, 0, 0),
    (${p.ofHiddenExhibitor}, ${e.hidden}, ${m}, ${json('Secret Robotics Drone')}::jsonb, 0, 1),
    (${p.ofGoneEnterprise}, ${e.gone}, NULL, ${json('Orphan Robotics Toy')}::jsonb, 0, 1),
    (${p.translator}, ${e.zh}, ${m}, ${json({ zh: '人工智能翻译机', ja: 'AI翻訳機' })}::jsonb, 0, 1),
    (${p.otherMeeting}, ${e.acme}, ${ids.otherMeeting}, ${json('Robotics Elsewhere')}::jsonb, 0, 1)`);
  const session = (id: string, meetingId: string, title: unknown, extra: { enableShow?: number } = {}) =>
    db.execute(sql`INSERT INTO agendas (id, meeting_id, guid, title, subtitle, start, "end", enable_show)
      VALUES (${id}, ${meetingId}, ${id}, ${json(title)}::jsonb, ${json({ en: 'Keynote' })}::jsonb,
        '2030-05-01T09:00:00Z', '2030-05-01T10:00:00Z', ${extra.enableShow ?? 1})`);
  await session(a.zh, m, { zh: '人工智能驱动的未来城市论坛', en: 'AI-driven future cities forum' });
  await session(a.ja, m, { ja: '東京ロボット展示会で人工知能を語る' });
  await session(a.en, m, { en: 'Robotics in Surgery' });
  await session(a.hidden, m, { en: 'Hidden Robotics Session' }, { enableShow: 0 });
  await session(a.draftOther, ids.otherMeeting, { en: 'Robotics at the other meeting' });
  await db.execute(sql`INSERT INTO news (id, meeting_id, title, summary, content, status, deleted) VALUES
    (${n.published}, ${m}, ${json({ zh: '人工智能大会开幕', en: 'Robotics summit opens' })}::jsonb, '""'::jsonb,
      ${json({ en: '<p>Doors open at <b>nine</b>.</p>' })}::jsonb, 'published', 0),
    (${n.draft}, ${m}, ${json({ en: 'Robotics draft news' })}::jsonb, '""'::jsonb, '{}'::jsonb, 'draft', 0),
    (${n.deleted}, ${m}, ${json({ en: 'Robotics deleted news' })}::jsonb, '""'::jsonb, '{}'::jsonb, 'published', 1),
    (${n.ja}, ${m}, ${json({ ja: 'ロボット展示会のお知らせ' })}::jsonb, '""'::jsonb, '{}'::jsonb, 'published', 0)`);
  await db.execute(sql`INSERT INTO meeting_attachments (id, meeting_id, title, file_key, file_name, mime, size, deleted) VALUES
    (${d.programme}, ${m}, ${json({ zh: '人工智能论坛日程', en: 'Robotics programme' })}::jsonb, 'k/programme.pdf', 'programme.pdf', 'application/pdf', 10, 0),
    (${d.deleted}, ${m}, ${json('Robotics old programme')}::jsonb, 'k/old.pdf', 'old.pdf', 'application/pdf', 10, 1)`);
  await db.execute(
    sql`INSERT INTO agenda_speakers (agenda_id, speaker_id) VALUES (${a.en}, ${ids.speakerAda})`,
  );
  await db.execute(sql`UPDATE speakers SET company = ${json({ en: 'Robotics Institute', zh: '人工智能研究院' })}::jsonb
    WHERE id = ${ids.speakerLin}`);
});
afterAll(() => t.close());

type Group = {
  type: string;
  total: number;
  items: {
    _id: { $id: string };
    title: unknown;
    highlights: { field: string; lang: string; start: number; length: number }[];
  }[];
};

async function search(keyword: string, extra: Record<string, unknown> = {}, meetingId = m): Promise<Group[]> {
  const res = await t.call('GET', apiUrl('/meeting/search', { meeting_id: meetingId, keyword, ...extra }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

const idsOf = (groups: Group[], type: string) =>
  groups.find((g) => g.type === type)?.items.map((i) => i._id.$id) ?? [];

describe('GET /meeting/search', () => {
  it('finds Chinese words inside longer titles over every type (jieba)', async () => {
    const groups = await search('人工智能');
    expect(idsOf(groups, 'agenda')).toEqual(expect.arrayContaining([a.zh]));
    expect(idsOf(groups, 'product')).toEqual([p.translator]);
    expect(idsOf(groups, 'speaker')).toEqual([ids.speakerLin]);
    expect(idsOf(groups, 'news')).toEqual([n.published]);
    expect(idsOf(groups, 'document')).toEqual([d.programme]);
    // Groups come in type order, those without matches left out (no exhibitor here).
    expect(groups.map((g) => g.type)).toEqual(['agenda', 'speaker', 'product', 'news', 'document']);
    const agenda = groups.find((g) => g.type === 'agenda')?.items.find((i) => i._id.$id === a.zh);
    expect(agenda?.highlights).toContainEqual({ field: 'title', lang: 'zh', start: 0, length: 4 });
    expect(idsOf(await search('机器人'), 'exhibitor')).toEqual([x.acme]);
    expect(idsOf(await search('未来城市'), 'agenda')).toEqual([a.zh]);
  });

  it('finds Japanese words (Intl.Segmenter)', async () => {
    expect(idsOf(await search('ロボット'), 'agenda')).toEqual([a.ja]);
    expect(idsOf(await search('人工知能'), 'agenda')).toEqual([a.ja]);
    expect(idsOf(await search('翻訳機'), 'product')).toEqual([p.translator]);
    expect(idsOf(await search('お知らせ'), 'news')).toEqual([n.ja]);
  });

  it('matches Latin prefixes and typos, exact titles first, over all types', async () => {
    for (const keyword of ['robo', 'robotics', 'robtics', 'ROBÓTICS']) {
      const groups = await search(keyword);
      expect(idsOf(groups, 'product'), keyword).toEqual([p.robotics, p.kit]);
      expect(idsOf(groups, 'exhibitor'), keyword).toEqual([x.acme]);
      expect(idsOf(groups, 'agenda'), keyword).toEqual([a.en]);
      expect(idsOf(groups, 'news'), keyword).toEqual([n.published]);
      expect(idsOf(groups, 'document'), keyword).toEqual([d.programme]);
    }
    // Body words of news (sanitised HTML, tags never searched).
    expect(idsOf(await search('nine'), 'news')).toEqual([n.published]);
    expect(idsOf(await search('b'), 'news')).toEqual([]);
    expect(idsOf(await search('robo'), 'speaker')).toEqual([ids.speakerLin]);
    expect(idsOf(await search('lovelace'), 'speaker')).toEqual([ids.speakerAda]);
    // A session is found by its speaker's name.
    expect(idsOf(await search('lovelace'), 'agenda')).toContain(a.en);
  });

  it('never returns deleted, hidden or other meetings’ items, and follows later writes', async () => {
    const groups = await search('robotics', { type: 'product', limit: 50 });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.total).toBe(2);
    const all = JSON.stringify(await search('robotics'));
    for (const id of [
      p.deleted,
      p.hiddenProduct,
      p.ofHiddenExhibitor,
      p.ofGoneEnterprise,
      p.otherMeeting,
      a.hidden,
      x.hidden,
      x.gone,
      a.draftOther,
    ]) {
      expect(all).not.toContain(id);
    }
    await t.database.db.execute(sql`UPDATE products SET is_shown = 0 WHERE id = ${p.kit}`);
    expect(idsOf(await search('robotics'), 'product')).toEqual([p.robotics]);
    await t.database.db.execute(sql`UPDATE agendas SET deleted = 1 WHERE id = ${a.en}`);
    expect(idsOf(await search('surgery'), 'agenda')).toEqual([]);
    await t.database.db.execute(
      sql`UPDATE enterprises SET title = ${json('Zeta Machines')}::jsonb WHERE id = ${e.acme}`,
    );
    expect(idsOf(await search('zeta'), 'exhibitor')).toEqual([x.acme]);
    expect(idsOf(await search('robotics'), 'product')).toEqual([p.robotics]);
    await t.database.db.execute(sql`UPDATE exhibitors SET is_shown = 1 WHERE id = ${x.hidden}`);
    expect(idsOf(await search('drone'), 'product')).toEqual([p.ofHiddenExhibitor]);
    await t.database.db.execute(sql`UPDATE news SET status = 'published' WHERE id = ${n.draft}`);
    expect(idsOf(await search('draft'), 'news')).toEqual([n.draft]);
    await t.database.db.execute(sql`UPDATE meeting_attachments SET deleted = 1 WHERE id = ${d.programme}`);
    expect(idsOf(await search('programme'), 'document')).toEqual([]);
    await t.database.db.execute(sql`UPDATE meeting_attachments SET deleted = 0 WHERE id = ${d.programme}`);
    await t.database.db.execute(sql`UPDATE news SET status = 'draft' WHERE id = ${n.draft}`);
    // Restore for the other tests.
    await t.database.db.execute(sql`UPDATE products SET is_shown = 1 WHERE id = ${p.kit}`);
    await t.database.db.execute(sql`UPDATE agendas SET deleted = 0 WHERE id = ${a.en}`);
    await t.database.db.execute(sql`UPDATE exhibitors SET is_shown = 0 WHERE id = ${x.hidden}`);
  });

  it('answers a repeated search from its cache until an index row of the meeting changes', async () => {
    const db = t.database.db;
    expect(idsOf(await search('nebula'), 'agenda')).toEqual([]);
    // A row written past the indexer (no version change) is not seen: the answer came from the cache.
    const ghost = newId();
    await db.execute(sql`INSERT INTO search_documents (meeting_id, item_type, item_id, title, summary, title_text, words)
      VALUES (${m}, 'agenda', ${ghost}, '"Nebula ghost"'::jsonb, '""'::jsonb, 'nebula ghost', to_tsvector('simple', 'nebula ghost'))`);
    expect(idsOf(await search('nebula'), 'agenda')).toEqual([]);
    expect(idsOf(await search('nebula', { type: 'agenda' }), 'agenda')).toEqual([ghost]);
    // A write through the sources moves the meeting's index version on: every answer is read again.
    await db.execute(
      sql`UPDATE agendas SET title = ${json({ en: 'Nebula in Surgery' })}::jsonb WHERE id = ${a.en}`,
    );
    expect(idsOf(await search('nebula'), 'agenda').sort()).toEqual([a.en, ghost].sort());
    await db.execute(sql`DELETE FROM search_documents WHERE item_id = ${ghost}`);
    await db.execute(
      sql`UPDATE agendas SET title = ${json({ en: 'Robotics in Surgery' })}::jsonb WHERE id = ${a.en}`,
    );
    expect(idsOf(await search('nebula'), 'agenda')).toEqual([]);
    expect(idsOf(await search('surgery'), 'agenda')).toEqual([a.en]);
  });

  it('pages one group ("more")', async () => {
    const first = await search('robotics', { type: 'product', limit: 1 });
    const second = await search('robotics', { type: 'product', limit: 1, skip: 1 });
    expect(first[0]?.total).toBe(2);
    expect([...idsOf(first, 'product'), ...idsOf(second, 'product')]).toEqual([p.robotics, p.kit]);
  });

  it('keeps closed meetings from visitors like their lists (§6)', async () => {
    await t.database.db.execute(sql`UPDATE meetings SET allow_guest_view = 0 WHERE id = ${ids.otherMeeting}`);
    const res = await t.call(
      'GET',
      apiUrl('/meeting/search', { meeting_id: ids.otherMeeting, keyword: 'robotics' }),
    );
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    for (const params of [
      { keyword: 'robo' },
      { meeting_id: m, keyword: '' },
      { meeting_id: m, keyword: 'x'.repeat(65) },
      { meeting_id: 'nope', keyword: 'robo' },
      { meeting_id: m, keyword: 'robo', type: 'users' },
      { meeting_id: m, keyword: 'robo', limit: 51 },
    ]) {
      const res = await t.call('GET', apiUrl('/meeting/search', params));
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
    }
    // Query syntax is data, never tsquery or LIKE syntax.
    for (const keyword of ["'&|!:*()", '%', '_', '\\']) expect(await search(keyword)).toEqual([]);
  });
});

describe('search keyword log (§7)', () => {
  const device = { 'device-id': testDeviceId };
  const record = (keyword: string, headers: Record<string, string> = device) =>
    t.call('POST', '/api/search_keywords', { json: { meeting_id: m, keyword, user_id: '' }, headers });

  it('records, lists recent (newest first, distinct), deletes, counts hot keywords', async () => {
    expect((await record('robotics')).json()).toEqual({
      keyword: 'robotics',
      result_total: expect.any(Number),
    });
    await record('人工智能');
    await record('robotics');
    const nothing = await record('zzzqqq');
    expect(nothing.json().result_total).toBe(0);
    await record('robotics', { 'device-id': 'another-device' });

    const recent = await t.call('GET', apiUrl('/search_keywords/recent', { meeting_id: m }), {
      headers: device,
    });
    expect(recent.json().results.map((r: { keyword: string }) => r.keyword)).toEqual([
      'zzzqqq',
      'robotics',
      '人工智能',
    ]);

    const hot = await t.call('GET', apiUrl('/search_keywords/hot', { meeting_id: m }));
    expect(hot.json().results).toEqual([
      { keyword: 'robotics', searches: 3 },
      { keyword: '人工智能', searches: 1 },
    ]);

    const removed = await t.call(
      'DELETE',
      apiUrl('/search_keywords/recent', { meeting_id: m, keyword: 'robotics' }),
      {
        headers: device,
      },
    );
    expect(removed.json()).toEqual({ deleted: 2 });
    const after = await t.call('GET', apiUrl('/search_keywords/recent', { meeting_id: m }), {
      headers: device,
    });
    expect(after.json().results.map((r: { keyword: string }) => r.keyword)).toEqual(['zzzqqq', '人工智能']);
    // The other device's recent list is its own.
    const other = await t.call('GET', apiUrl('/search_keywords/recent', { meeting_id: m }), {
      headers: { 'device-id': 'another-device' },
    });
    expect(other.json().results.map((r: { keyword: string }) => r.keyword)).toEqual(['robotics']);
  });

  it('refuses an anonymous caller without a device id, and long keywords', async () => {
    expect((await record('robotics', { 'device-id': '' })).statusCode).toBe(400);
    expect((await record('x'.repeat(65))).statusCode).toBe(400);
  });
});

describe('two server replicas on one database', () => {
  let second: App;
  beforeAll(async () => {
    // A second app (its own process state: caches, rate limits, job workers) on the same database.
    second = await buildApp({
      db: t.database.db,
      dbKind: t.database.kind,
      config: loadConfig({
        NODE_ENV: 'test',
        APIKEY_SALT: testSalt,
        CACHE_TTL_SECONDS: '0',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'search-replica-')),
      }),
      cache: createResponseCache(0),
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 },
    });
    await second.ready();
  });
  afterAll(() => second.close());

  const searchOn = async (app: App, keyword: string) => {
    const url = apiUrl('/meeting/search', { meeting_id: m, keyword });
    const headers = {
      'device-id': testDeviceId,
      apikey: signApikey({
        salt: testSalt,
        method: 'GET',
        pathWithQuery: url,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId: testDeviceId,
      }),
    };
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Group[];
  };

  it('each sees the index updates of writes made through the other', async () => {
    // Warm both, so neither answers from a state it built before the write.
    await searchOn(t.app, 'quasar');
    await searchOn(second, 'quasar');
    const id = newId();
    await t.database.db.execute(sql`INSERT INTO agendas (id, meeting_id, guid, title, start, "end")
      VALUES (${id}, ${m}, ${id}, ${json({ en: 'Quasar workshop', zh: '类星体工作坊' })}::jsonb, '2030-05-01T09:00:00Z', '2030-05-01T10:00:00Z')`);
    expect(idsOf(await searchOn(second, 'quasar'), 'agenda')).toEqual([id]);
    expect(idsOf(await searchOn(t.app, '类星体'), 'agenda')).toEqual([id]);
    await t.database.db.execute(sql`UPDATE agendas SET enable_show = 0 WHERE id = ${id}`);
    expect(idsOf(await searchOn(t.app, 'quasar'), 'agenda')).toEqual([]);
    expect(idsOf(await searchOn(second, 'quasar'), 'agenda')).toEqual([]);
  });
});

describe('full rebuilds', () => {
  it('rewrite a meeting from its sources and drop rows of items gone meanwhile, recording progress', async () => {
    const db = t.database.db;
    // A row left behind by a write that bypassed the triggers.
    await db.execute(sql`INSERT INTO search_documents (meeting_id, item_type, item_id, title, summary, title_text, words)
      VALUES (${m}, 'agenda', ${newId()}, '"Ghost"'::jsonb, '""'::jsonb, 'ghost', to_tsvector('simple', 'ghost'))`);
    expect(idsOf(await search('ghost'), 'agenda')).toHaveLength(1);
    // A typo-vocabulary word no title holds any more.
    await db.execute(sql`INSERT INTO search_terms (meeting_id, term) VALUES (${m}, 'quuxotic')`);
    expect(await startRebuildRow(db, m)).toBe(true);
    expect(await startRebuildRow(db, m)).toBe(false);
    await runRebuildJob({ db }, { meetingId: m });
    const row = await findRebuild(db, m);
    expect(row).toMatchObject({ status: 'done' });
    expect(row?.done).toBe(row?.total);
    expect(idsOf(await search('ghost'), 'agenda')).toEqual([]);
    const terms = (await db.execute(
      sql`SELECT term FROM search_terms WHERE meeting_id = ${m}`,
    )) as unknown as {
      rows: { term: string }[];
    };
    expect(terms.rows.map((row) => row.term)).not.toContain('quuxotic');
    expect(terms.rows.map((row) => row.term)).toContain('robotics');
    expect(idsOf(await search('人工智能'), 'agenda')).toContain(a.zh);
    expect(await reindexSearch({ db }, { meetingId: m })).toBeGreaterThan(5);
  });
});
