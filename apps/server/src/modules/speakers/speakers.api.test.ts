import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

const names = async (params: Record<string, unknown>) => {
  const res = await t.call('GET', apiUrl('/meeting/speakers', params));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { name: string }[]).map((s) => s.name);
};

describe('GET /meeting/speakers', () => {
  it('lists live speakers heaviest first, then by name, with their shown session count', async () => {
    const res = await t.call('GET', apiUrl('/meeting/speakers', { meeting_id: ids.meeting }));
    const items = res.json().results;
    expect(items.map((s: { name: string }) => s.name)).toEqual(['Ada Lovelace', 'Lin Wei 林伟', 'Ada L.']);
    expect(items[0]).toMatchObject({
      _id: { $id: ids.speakerAda },
      work_title: { en: 'Analyst', zh: '分析师' },
      category_id: { $id: ids.speakerCategory },
      user_id: { $id: ids.userAda },
      agendas_total: 2,
    });
  });

  it('searches name, work title and company case-insensitively, wildcards literally', async () => {
    expect(await names({ meeting_id: ids.meeting, keyword: 'ada' })).toEqual(['Ada Lovelace', 'Ada L.']);
    expect(await names({ meeting_id: ids.meeting, keyword: '林伟' })).toEqual(['Lin Wei 林伟']);
    expect(await names({ meeting_id: ids.meeting, keyword: '分析' })).toEqual(['Ada Lovelace']);
    expect(await names({ meeting_id: ids.meeting, keyword: 'engines' })).toEqual(['Ada Lovelace']);
    expect(await names({ meeting_id: ids.meeting, keyword: '100%_' })).toEqual(['Lin Wei 林伟']);
    expect(await names({ meeting_id: ids.meeting, keyword: '%' })).toEqual(['Lin Wei 林伟']);
  });

  it('filters by category and counts', async () => {
    expect(await names({ query: { meeting_id: ids.meeting, category_id: ids.speakerCategory } })).toEqual([
      'Ada Lovelace',
    ]);
    const count = await t.call(
      'GET',
      apiUrl('/meeting/speakers/count', { meeting_id: ids.meeting, keyword: 'ada' }),
    );
    expect(count.json()).toEqual({ total: 2 });
  });

  it('refuses bad input', async () => {
    for (const params of [
      {},
      { meeting_id: ids.meeting, keyword: 'x'.repeat(101) },
      { meeting_id: ids.meeting, sort: { photo: 1 } },
    ]) {
      const res = await t.call('GET', apiUrl('/meeting/speakers', params));
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /meetings/{meeting_id}/speakers/{speaker_id}', () => {
  it('returns the speaker with their shown sessions by start', async () => {
    const res = await t.call('GET', `/api/meetings/${ids.meeting}/speakers/${ids.speakerAda}`);
    expect(res.statusCode).toBe(200);
    const speaker = res.json();
    expect(speaker).toMatchObject({ name: 'Ada Lovelace', deleted: 0 });
    expect(speaker.agendas.map((a: { _id: { $id: string } }) => a._id.$id)).toEqual([
      ids.agenda1,
      ids.agenda2,
    ]);
  });

  it('returns a deleted speaker flagged deleted (the client shows /204)', async () => {
    const res = await t.call('GET', `/api/meetings/${ids.meeting}/speakers/${ids.speakerDeleted}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 1 });
  });

  it('answers 404 for a speaker of another meeting, none, or a malformed id (§2)', async () => {
    expect(
      (await t.call('GET', `/api/meetings/${ids.otherMeeting}/speakers/${ids.speakerAda}`)).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/meetings/${ids.meeting}/speakers/${ids.missing}`)).statusCode).toBe(
      404,
    );
    const bad = await t.call('GET', `/api/meetings/${ids.meeting}/speakers/zzz`);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({
      code: 'invalid_object_id',
      message: expect.stringContaining('"zzz"'),
    });
  });
});
