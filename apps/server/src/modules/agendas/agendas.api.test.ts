import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

type WireAgenda = { _id: { $id: string }; [key: string]: unknown };
const list = async (params: Record<string, unknown>, path = '/meeting/agendas') => {
  const res = await t.call('GET', apiUrl(path, params));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as WireAgenda[];
};
const idsOf = (items: WireAgenda[]) => items.map((item) => item._id.$id);

describe('GET /meeting/agendas', () => {
  it("lists a meeting's shown sessions by start with room, track and speakers in order", async () => {
    const items = await list({ meeting_id: ids.meeting });
    expect(idsOf(items)).toEqual([ids.agenda1, ids.agenda2, ids.agenda3]);
    expect(items[0]).toMatchObject({
      meeting_id: { $id: ids.meeting },
      title: { en: 'Opening', zh: '开幕式' },
      start: Date.parse('2030-05-01T08:00:00Z') / 1000,
      end: Date.parse('2030-05-01T09:00:00Z') / 1000,
      room: { _id: { $id: ids.roomA }, name: 'Hall A' },
      track: { _id: { $id: ids.track }, name: 'Security', color: '#ff0000' },
      links: [{ url: 'https://example.org/slides', title: 'Slides', type: 'slides' }],
      enable_show: 1,
      deleted: 0,
    });
    expect((items[0]!.speakers as { name: string }[]).map((s) => s.name)).toEqual([
      'Lin Wei 林伟',
      'Ada Lovelace',
    ]);
    // a deleted speaker is not listed on a session
    expect((items[1]!.speakers as { name: string }[]).map((s) => s.name)).toEqual(['Ada Lovelace']);
    expect(items[0]).not.toHaveProperty('lives');
    // always there (§7 names no flag); placing them is tested in console-meetings.activities.api.test.ts
    expect(items[0]!.activities).toEqual([]);
  });

  it('takes meeting_id inside the JSON query too, and filters by day, room and speaker', async () => {
    const day1 = await list({
      query: {
        meeting_id: ids.meeting,
        start: {
          $gte: Date.parse('2030-05-01T00:00:00Z') / 1000,
          $lt: Date.parse('2030-05-02T00:00:00Z') / 1000,
        },
      },
      limit: 999,
    });
    expect(idsOf(day1)).toEqual([ids.agenda1, ids.agenda2]);
    // 13-digit timestamps are milliseconds (§9)
    const day2 = await list({
      query: { meeting_id: ids.meeting, start: { $gte: Date.parse('2030-05-02T00:00:00Z') } },
    });
    expect(idsOf(day2)).toEqual([ids.agenda3]);
    expect(idsOf(await list({ query: { meeting_id: ids.meeting, room_id: ids.roomB } }))).toEqual([
      ids.agenda2,
    ]);
    expect(idsOf(await list({ query: { meeting_id: ids.meeting, speaker_id: ids.speakerAda } }))).toEqual([
      ids.agenda1,
      ids.agenda2,
    ]);
  });

  it('sorts, limits and skips', async () => {
    expect(idsOf(await list({ meeting_id: ids.meeting, sort: { start: -1 }, limit: 2 }))).toEqual([
      ids.agenda3,
      ids.agenda2,
    ]);
    expect(idsOf(await list({ meeting_id: ids.meeting, skip: 1, limit: 1 }))).toEqual([ids.agenda2]);
  });

  it('returns hidden and deleted sessions only by _id, in the order of the _id list', async () => {
    const items = await list({ query: { _id: [ids.agendaDeleted, ids.agenda2, ids.agendaHidden] } });
    expect(idsOf(items)).toEqual([ids.agendaDeleted, ids.agenda2, ids.agendaHidden]);
    expect(items[0]).toMatchObject({ deleted: 1 });
    const single = await list({ query: { _id: ids.agendaDeleted } });
    expect(single[0]).toMatchObject({ deleted: 1 });
  });

  it('adds only shown lives with with_lives=1', async () => {
    const items = await list({ meeting_id: ids.meeting, with_lives: 1 });
    expect((items[0]!.lives as { _id: { $id: string } }[]).map((l) => l._id.$id)).toEqual([ids.liveShown]);
    expect(items[1]!.lives).toEqual([]);
  });

  it.each([
    [{}, 'meeting_id_required'],
    [{ meeting_id: 'bad' }, 'invalid_object_id'],
    [{ query: { meeting_id: 'bad' } }, 'invalid_object_id'],
    [{ query: { meeting_id: ids.meeting, title: 'x' } }, 'invalid_query'],
    [{ query: { meeting_id: ids.meeting, start: 'yesterday' } }, 'invalid_query'],
    [{ query: { meeting_id: ids.meeting, meeting_id2: 1 } }, 'invalid_query'],
    [{ meeting_id: ids.meeting, limit: 1000 }, 'limit_too_large'],
    [{ meeting_id: ids.meeting, with_lives: 2 }, 'validation_failed'],
  ])('refuses %j with 400 %s', async (params, code) => {
    const res = await t.call('GET', apiUrl('/meeting/agendas', params));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('stored values come back as stored', () => {
  it('keeps a plain-string title that looks like JSON (a number) a string', async () => {
    const { agendas } = await import('./agendas.tables.ts');
    const id = 'dddddddddddddddddddd0099';
    await t.database.db.insert(agendas).values({
      id,
      meetingId: ids.otherMeeting,
      guid: 'guid-2019',
      title: '2019',
      subtitle: '{"en":"not a map"}',
      start: new Date('2031-01-01T12:00:00Z'),
      end: new Date('2031-01-01T13:00:00Z'),
    });
    const [item] = await list({ query: { _id: id } });
    expect(item).toMatchObject({ title: '2019', subtitle: '{"en":"not a map"}' });
  });
});

describe('full texts', () => {
  it('leaves abstract and description out of the programme lists and gives them by _id (the details call)', async () => {
    const { agendas } = await import('./agendas.tables.ts');
    const id = 'dddddddddddddddddddd0098';
    await t.database.db.insert(agendas).values({
      id,
      meetingId: ids.otherMeeting,
      guid: 'guid-texts',
      title: { en: 'With texts' },
      abstract: { en: 'Short', zh: '简介' },
      description: { en: 'The long description' },
      start: new Date('2032-01-01T12:00:00Z'),
      end: new Date('2032-01-01T13:00:00Z'),
    });
    const listed = await list({
      query: { meeting_id: ids.otherMeeting, start: { $gte: Date.parse('2032-01-01T00:00:00Z') / 1000 } },
    });
    expect(idsOf(listed)).toEqual([id]);
    expect(listed[0]).toMatchObject({ title: { en: 'With texts' } });
    expect(listed[0]).not.toHaveProperty('abstract');
    expect(listed[0]).not.toHaveProperty('description');
    const [details] = await list({ query: { _id: id } });
    expect(details).toMatchObject({
      abstract: { en: 'Short', zh: '简介' },
      description: { en: 'The long description' },
    });
  });
});

describe('GET /meeting/agendas/count', () => {
  it('counts with the list filters', async () => {
    const res = await t.call('GET', apiUrl('/meeting/agendas/count', { meeting_id: ids.meeting }));
    expect(res.json()).toEqual({ total: 3 });
    const room = await t.call(
      'GET',
      apiUrl('/meeting/agendas/count', { query: { meeting_id: ids.meeting, room_id: ids.roomA } }),
    );
    expect(room.json()).toEqual({ total: 2 });
  });

  it('refuses an unknown field', async () => {
    const res = await t.call(
      'GET',
      apiUrl('/meeting/agendas/count', { query: { meeting_id: ids.meeting, nope: 1 } }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /meetings/{id}/speaker/users/{user_id}/agendas', () => {
  it('lists the shown sessions of every speaker row linked to the user, by start', async () => {
    const items = await list({}, `/meetings/${ids.meeting}/speaker/users/${ids.userAda}/agendas`);
    expect(idsOf(items)).toEqual([ids.agenda1, ids.agenda2, ids.agenda3]);
  });

  it('gives an empty list for a user who is not a speaker, and 404 for malformed ids (§2)', async () => {
    expect(await list({}, `/meetings/${ids.meeting}/speaker/users/${ids.missing}/agendas`)).toEqual([]);
    const res = await t.call('GET', `/api/meetings/${ids.meeting}/speaker/users/abc/agendas`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'invalid_object_id' });
    const limit = await t.call(
      'GET',
      `/api/meetings/${ids.meeting}/speaker/users/${ids.userAda}/agendas?limit=5000`,
    );
    expect(limit.statusCode).toBe(400);
  });
});
