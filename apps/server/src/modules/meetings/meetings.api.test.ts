import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { foldViews } from '../views/views.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

const results = async (url: string) => {
  const res = await t.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { _id: { $id: string }; [key: string]: unknown }[];
};
const meetingViews = async () =>
  (await results(apiUrl('/demand/meetings', { query: { _id: ids.meeting } })))[0]?.views_total;

describe('GET /demand/meetings', () => {
  it('lists live meetings in wire form, newest start first', async () => {
    const list = await results(apiUrl('/demand/meetings'));
    expect(list.map((m) => m._id.$id)).toEqual([ids.otherMeeting, ids.meeting]);
    const meeting = list[1]!;
    expect(meeting).toMatchObject({
      _id: { $id: ids.meeting },
      title: { en: 'Fixture Expo', zh: '测试博览会' },
      time_zone: 'Europe/Berlin',
      start: Date.parse('2030-05-01T07:00:00Z') / 1000,
      limits: { type: 0 },
      allow_guest_view: 1,
      config: { language: { en: 1, zh: 1 }, theme_color: '#123456' },
      wechat_authorize: { authorizer_appid: null },
      deleted: 0,
    });
  });

  it('finds the domain default meeting by the domain parameter or query', async () => {
    expect(
      (await results(apiUrl('/demand/meetings', { domain: 'EXPO.test' }))).map((m) => m._id.$id),
    ).toEqual([ids.meeting]);
    expect(
      (await results(apiUrl('/demand/meetings', { query: { domain: 'other.test' } }))).map((m) => m._id.$id),
    ).toEqual([ids.otherMeeting]);
    expect(await results(apiUrl('/demand/meetings', { domain: 'nowhere.test' }))).toEqual([]);
  });

  it('falls back to the public meetings for an unknown domain only with fallback=public (§2 landing)', async () => {
    const ofDomain = (params: Record<string, unknown>) =>
      results(apiUrl('/demand/meetings', params)).then((list) => list.map((m) => m._id.$id));
    // The domain default wins even with the fallback asked.
    expect(await ofDomain({ domain: 'expo.test', fallback: 'public' })).toEqual([ids.meeting]);
    // A domain no meeting has (127.0.0.1, a LAN address): every live meeting, newest start first,
    // never the deleted one.
    expect(await ofDomain({ domain: '127.0.0.1', fallback: 'public' })).toEqual([
      ids.otherMeeting,
      ids.meeting,
    ]);
    // Other conditions and the limit still apply to the fallback.
    expect(await ofDomain({ domain: '192.168.1.20', fallback: 'public', limit: 1 })).toEqual([
      ids.otherMeeting,
    ]);
    expect(
      await ofDomain({ domain: '192.168.1.20', fallback: 'public', query: { _id: { $in: [ids.meeting] } } }),
    ).toEqual([ids.meeting]);
    // Without the fallback an unknown domain is still an empty list.
    expect(await ofDomain({ domain: '127.0.0.1' })).toEqual([]);
  });

  it('refuses an unknown fallback with 400', async () => {
    const res = await t.call('GET', apiUrl('/demand/meetings', { domain: 'x.test', fallback: 'all' }));
    expect(res.statusCode).toBe(400);
  });

  it('returns a deleted meeting only when asked by _id, and follows the _id list order', async () => {
    const list = await results(
      apiUrl('/demand/meetings', { query: { _id: [ids.deletedMeeting, ids.meeting, ids.otherMeeting] } }),
    );
    expect(list.map((m) => m._id.$id)).toEqual([ids.deletedMeeting, ids.meeting, ids.otherMeeting]);
    expect(list[0]).toMatchObject({ deleted: 1 });
  });

  it.each([
    [{ query: { color: 'red' } }, 'invalid_query'],
    [{ query: { _id: 'xyz' } }, 'invalid_object_id'],
    [{ query: { start: { $regex: '.*' } } }, 'invalid_query'],
    [{ query: '{not json' }, 'invalid_query'],
    [{ sort: { title: 1 } }, 'invalid_query'],
    [{ limit: 1000 }, 'limit_too_large'],
    [{ limit: -1 }, 'invalid_query'],
  ])('refuses bad list input %j with 400 %s', async (params, code) => {
    const res = await t.call('GET', apiUrl('/demand/meetings', params));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it('names the bad id in the invalid-ObjectId message', async () => {
    const res = await t.call('GET', apiUrl('/demand/meetings', { query: { _id: 'nope' } }));
    expect(res.json().message).toMatch(/^Invalid ObjectId: "nope"/);
  });

  it('accepts limit 999', async () => {
    expect((await t.call('GET', apiUrl('/demand/meetings', { limit: 999 }))).statusCode).toBe(200);
  });
});

describe('POST /meetings/{id}/views', () => {
  it('counts each view exactly, also under 50 concurrent requests, once the views job folded them', async () => {
    await foldViews(t.database.db);
    const before = Number(await meetingViews());
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', `/api/meetings/${ids.meeting}/views`, { json: {} })),
    );
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    // Each answer is the last folded total plus the caller's view.
    expect(responses.every((res) => (res.json().views_total as number) >= before + 1)).toBe(true);
    await foldViews(t.database.db);
    expect(await meetingViews()).toBe(before + 50);
  });

  it('answers a malformed id with 400 invalid_object_id and an unknown or deleted meeting with 404, writing nothing', async () => {
    const bad = await t.call('POST', '/api/meetings/not-an-id/views', { json: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_object_id',
      message: expect.stringContaining('not-an-id'),
    });
    await foldViews(t.database.db);
    const before = await meetingViews();
    const missing = await t.call('POST', `/api/meetings/${ids.missing}/views`, { json: {} });
    expect(missing.statusCode).toBe(404);
    const deleted = await t.call('POST', `/api/meetings/${ids.deletedMeeting}/views`, { json: {} });
    expect(deleted.statusCode).toBe(404);
    await foldViews(t.database.db);
    expect(await meetingViews()).toBe(before);
  });

  it('refuses an over-long user_id with 400', async () => {
    const res = await t.call('POST', `/api/meetings/${ids.meeting}/views`, {
      json: { user_id: 'x'.repeat(65) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
