import type { Activity, ActivitySource } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId } from '../../../test/test-app.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { foldViews } from '../views/views.service.ts';
import { type InsertedActivity, insertActivity } from './activities.fixtures.ts';
import { activities, activityViews } from './activities.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;
const day = 24 * 3600 * 1000;
const now = Date.now();
const sec = (ms: number) => Math.floor(ms / 1000);

const a = {
  first: 'acac00000000000000000001',
  early: 'acac00000000000000000002',
  late: 'acac00000000000000000003',
  hidden: 'acac00000000000000000004',
  private: 'acac00000000000000000005',
  deleted: 'acac00000000000000000006',
  other: 'acac00000000000000000007',
  missing: 'acac0000000000000000ffff',
};
let late: InsertedActivity;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  // Heaviest first; the two of weight 10 by start.
  await insertActivity(db, {
    id: a.first,
    meetingId,
    weight: 50,
    offline: 0,
    start: new Date(now + 10 * day),
    end: new Date(now + 10 * day + 3600_000),
    questions: [{ type: 'text', field: 'name', isRequired: 1 }],
  });
  late = await insertActivity(db, {
    id: a.late,
    meetingId,
    weight: 10,
    max: 100,
    ticketTotal: 7,
    start: new Date(now + 5 * day),
    end: new Date(now + 5 * day + 3600_000),
    prices: [
      { title: 'Low', total: 50, soldTotal: 3 },
      { title: 'Gone', deleted: 1 },
      { title: 'Paid', amount: 9900, total: null, maxPerAgent: 2 },
    ],
    sources: [
      { title: 'Mail', max: 10, signupTotal: 4 },
      { title: 'Default', isDefault: 1 },
      { title: 'Dropped', deleted: 1 },
    ],
  });
  await insertActivity(db, {
    id: a.early,
    meetingId,
    weight: 10,
    start: new Date(now + 3 * day),
    end: new Date(now + 3 * day + 3600_000),
    registrationStart: null,
    deadline: null,
  });
  await insertActivity(db, { id: a.hidden, meetingId, enableShow: 0 });
  await insertActivity(db, { id: a.private, meetingId, privacy: 1 });
  await insertActivity(db, { id: a.deleted, meetingId, deleted: 1 });
  await insertActivity(db, { id: a.other, meetingId: ids.otherMeeting });
});

afterAll(async () => {
  await t?.close();
});

const idsOf = (items: { _id: { $id: string } }[]) => items.map((item) => item._id.$id);

async function list(params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await t.call('GET', apiUrl('/activities', params), { headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Activity[] }).results;
}

describe('GET /activities', () => {
  it("lists a meeting's shown public activities by weight desc then start, to guests", async () => {
    const results = await list({ meeting_id: meetingId });
    expect(idsOf(results)).toEqual([a.first, a.early, a.late]);
    expect(results[0]?.meeting).toBeUndefined();
  });

  it('gives each activity its live ticket types by weight, its form and its times in seconds', async () => {
    const [first, early, lateOne] = await list({ meeting_id: meetingId });
    expect(lateOne).toMatchObject({
      _id: { $id: a.late },
      meeting_id: { $id: meetingId },
      max: 100,
      ticket_total: 7,
      offline: 1,
      form_id: null,
      start: sec(now + 5 * day),
      deleted: 0,
    });
    expect(lateOne?.prices.map((p) => [p.title, p.amount, p.total, p.sold_total, p.max_per_agent])).toEqual([
      ['Low', 0, 50, 3, 0],
      ['Paid', 9900, null, 0, 2],
    ]);
    expect(lateOne?.prices[0]?._id.$id).toBe(late.priceIds[0]);
    expect(first?.form_id).not.toBeNull();
    expect(first?.offline).toBe(0);
    // No registration start nor deadline: 0 on the wire.
    expect(early).toMatchObject({ registration_start: 0, deadline: 0 });
    expect(lateOne?.deadline).toBeGreaterThan(sec(now));
  });

  it('sorts, filters, limits and skips', async () => {
    expect(idsOf(await list({ meeting_id: meetingId, sort: { start: -1 } }))).toEqual([
      a.first,
      a.late,
      a.early,
    ]);
    expect(idsOf(await list({ meeting_id: meetingId, query: { offline: 0 } }))).toEqual([a.first]);
    expect(
      idsOf(await list({ meeting_id: meetingId, query: { start: { $gte: sec(now + 4 * day) } } })),
    ).toEqual([a.first, a.late]);
    expect(idsOf(await list({ meeting_id: meetingId, limit: 1, skip: 1 }))).toEqual([a.early]);
  });

  it('returns hidden, private and deleted ones when asked by _id, in the order asked', async () => {
    const results = await list({
      meeting_id: meetingId,
      query: { _id: { $in: [a.deleted, a.private, a.late, a.hidden] } },
    });
    expect(idsOf(results)).toEqual([a.deleted, a.private, a.late, a.hidden]);
    expect(results.map((r) => [r.deleted, r.privacy, r.enable_show])).toEqual([
      [1, 0, 1],
      [0, 1, 1],
      [0, 0, 1],
      [0, 0, 0],
    ]);
    // Still scoped to the meeting.
    expect(await list({ meeting_id: meetingId, query: { _id: a.other } })).toEqual([]);
  });

  it('finds activities by _id without meeting_id, with their meeting (§2 the meeting from the item)', async () => {
    const results = await list({ query: { _id: { $in: [a.other, a.deleted] } } });
    expect(results.map((r) => [r._id.$id, r.meeting_id.$id, r.deleted])).toEqual([
      [a.other, ids.otherMeeting, 0],
      [a.deleted, meetingId, 1],
    ]);
    expect(await list({ query: { _id: 'e0e0e0e0e0e0e0e0e0e0e0e0' } })).toEqual([]);
  });

  it('refuses a list scoped by neither meeting_id nor _id with 400 meeting_id_required', async () => {
    const response = await t.call('GET', apiUrl('/activities', { limit: 5 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'meeting_id_required' });
  });

  it('embeds the meeting with with_meeting=1', async () => {
    const [first] = await list({ meeting_id: meetingId, with_meeting: 1, with_ticket_total: 1 });
    expect(first?.meeting).toEqual({
      _id: { $id: meetingId },
      title: { en: 'Fixture Expo', zh: '测试博览会' },
      cover: expect.any(String),
      time_zone: 'Europe/Berlin',
    });
  });

  it('is not response-cached: a new total shows at once', async () => {
    const before = await list({ meeting_id: meetingId, query: { _id: a.early } });
    await t.database.db.update(activities).set({ ticketTotal: 1 }).where(eq(activities.id, a.early));
    const after = await list({ meeting_id: meetingId, query: { _id: a.early } });
    expect([before[0]?.ticket_total, after[0]?.ticket_total]).toEqual([0, 1]);
    await t.database.db.update(activities).set({ ticketTotal: 0 }).where(eq(activities.id, a.early));
  });

  it.each([
    [{ meeting_id: 'bad' }, 'invalid_object_id'],
    [{ meeting_id: meetingId, query: { _id: 'xyz' } }, 'invalid_object_id'],
    [{ meeting_id: meetingId, query: { title: 'x' } }, 'invalid_query'],
    [{ meeting_id: meetingId, sort: { views_total: -1 } }, 'invalid_query'],
    [{ meeting_id: meetingId, limit: 1000 }, 'limit_too_large'],
  ])('refuses %j with 400 %s', async (params, code) => {
    const response = await t.call('GET', apiUrl('/activities', params));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  });
});

describe('GET /activities/count', () => {
  it('counts what the list would show', async () => {
    const count = async (params: Record<string, unknown>) => {
      const response = await t.call('GET', apiUrl('/activities/count', params));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().total;
    };
    expect(await count({ meeting_id: meetingId, limit: 1 })).toBe(3);
    expect(await count({ meeting_id: meetingId, query: { offline: 1 } })).toBe(2);
    expect(await count({ meeting_id: meetingId, query: { _id: { $in: [a.deleted, a.hidden] } } })).toBe(2);
    expect(await count({ meeting_id: ids.otherMeeting })).toBe(1);
  });
});

describe('POST /activities/:id/views', () => {
  it('counts anonymous views with the device, folded by the views job', async () => {
    const totals = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', `/api/activities/${a.early}/views`, { json: {} })),
    );
    expect(totals.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Each answer is the last folded total plus the caller's view.
    expect(totals.every((r) => r.json().views_total >= 1)).toBe(true);
    await foldViews(t.database.db);
    const [folded] = await t.database.db
      .select({ viewsTotal: activities.viewsTotal })
      .from(activities)
      .where(eq(activities.id, a.early));
    expect(folded?.viewsTotal).toBe(5);
    const rows = await t.database.db
      .select()
      .from(activityViews)
      .where(eq(activityViews.activityId, a.early));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ userId: null, deviceId: testDeviceId, sourceId: null });
  });

  it("records the session's user and the body's source; private ones count too", async () => {
    const login = await newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);
    const response = await t.call('POST', `/api/activities/${a.private}/views`, {
      json: { source_id: late.sourceIds[0] },
      headers: bearer(login),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ views_total: 1 });
    await foldViews(t.database.db);
    const [row] = await t.database.db
      .select()
      .from(activityViews)
      .where(eq(activityViews.activityId, a.private));
    expect(row).toMatchObject({ userId: login.user._id.$id, sourceId: late.sourceIds[0] });
  });

  it('answers 404 for a deleted or unknown activity and 400 for a bad id', async () => {
    for (const id of [a.deleted, a.missing]) {
      const response = await t.call('POST', `/api/activities/${id}/views`, { json: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    const bad = await t.call('POST', '/api/activities/nope/views', { json: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_object_id' });
    const [row] = await t.database.db
      .select({ viewsTotal: activities.viewsTotal })
      .from(activities)
      .where(eq(activities.id, a.deleted));
    expect(row?.viewsTotal).toBe(0);
  });
});

describe('GET /activities/:id/sources', () => {
  it('lists the channels, default first, deleted ones flagged', async () => {
    const response = await t.call('GET', `/api/activities/${a.late}/sources`);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as ActivitySource[];
    expect(results.map((s) => [s.title, s.default, s.max, s.signup_total, s.deleted])).toEqual([
      ['Default', 1, 0, 0, 0],
      ['Mail', 0, 10, 4, 0],
      ['Dropped', 0, 0, 0, 1],
    ]);
    expect(results[1]?.activity_id).toEqual({ $id: a.late });
  });

  it('answers an empty list, 404 for deleted, unknown or malformed ids (§2)', async () => {
    const none = await t.call('GET', `/api/activities/${a.early}/sources`);
    expect(none.json()).toEqual({ results: [] });
    for (const id of [a.deleted, a.missing]) {
      expect((await t.call('GET', `/api/activities/${id}/sources`)).statusCode).toBe(404);
    }
    const bad = await t.call('GET', '/api/activities/123/sources');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'invalid_object_id' });
  });
});
