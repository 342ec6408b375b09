import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

describe('GET /{type}/categories', () => {
  it('gives at most 20 navigation categories, weight descending', async () => {
    const res = await t.call('GET', apiUrl('/navigation/categories', { meeting_id: ids.meeting }));
    expect(res.statusCode).toBe(200);
    const weights = res.json().results.map((c: { weight: number }) => c.weight);
    expect(weights).toHaveLength(20);
    expect(weights).toEqual([...weights].sort((a: number, b: number) => b - a));
    expect(weights[0]).toBe(24);
    expect(res.json().results[0]).toMatchObject({
      type: 'navigation',
      link: '/agenda',
      raw: 0,
      open_link_in_frame: 0,
    });
  });

  it('refuses a navigation limit over 20, but allows it for other types', async () => {
    const nav = await t.call('GET', apiUrl('/navigation/categories', { meeting_id: ids.meeting, limit: 21 }));
    expect(nav.statusCode).toBe(400);
    expect(nav.json()).toMatchObject({ code: 'limit_too_large' });
    const speaker = await t.call(
      'GET',
      apiUrl('/speaker/categories', { meeting_id: ids.meeting, limit: 999 }),
    );
    expect(speaker.statusCode).toBe(200);
    expect(speaker.json().results.map((c: { title: unknown }) => c.title)).toEqual([{ en: 'Keynote' }]);
  });

  it('refuses an unknown category type and a missing meeting', async () => {
    expect((await t.call('GET', apiUrl('/colour/categories', { meeting_id: ids.meeting }))).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', apiUrl('/speaker/categories'))).statusCode).toBe(400);
  });
});

describe('GET /meeting/blocks', () => {
  it("gives the released version's blocks, weight descending", async () => {
    const res = await t.call('GET', apiUrl('/meeting/blocks', { meeting_id: ids.meeting }));
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((b: { _id: { $id: string } }) => b._id.$id)).toEqual([
      ids.blockV1b,
      ids.blockV1,
    ]);
    expect(res.json().results[0]).toMatchObject({ type: 'agenda', data: { limit: 3 }, version: 1 });
  });

  it('never gives another version: a draft is read by the console and preview links only', async () => {
    const res = await t.call(
      'GET',
      apiUrl('/meeting/blocks', { query: { meeting_id: ids.meeting, version: 2 } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_query' });
  });

  it('refuses bad input', async () => {
    expect(
      (await t.call('GET', apiUrl('/meeting/blocks', { meeting_id: ids.meeting, limit: 1000 }))).statusCode,
    ).toBe(400);
    expect(
      (await t.call('GET', apiUrl('/meeting/blocks', { query: { meeting_id: ids.meeting, version: 'x' } })))
        .statusCode,
    ).toBe(400);
  });
});
