import type { ConsoleProgramme, ConsoleSession } from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId, wireIdText } from '../../../test/demo-roles.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { activities } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';

/**
 * Activities placed on a session (§3 'Agenda: lives and activities, each with enable_show (1 shown)'):
 * the programme editor places them through PUT …/sessions/{id}; GET /meeting/agendas lists the shown
 * ones (placement and activity shown, activity not deleted) — through the response cache, which every
 * write clears.
 */

let world: DemoWorld;
let token: string;
let sessionId: string;
const sessionStart = Date.parse('2040-03-01T09:00:00Z') / 1000;
const at = (offsetSeconds: number) => new Date((sessionStart + offsetSeconds) * 1000);
const activityIds = { workshop: newId(), tour: newId(), hidden: newId(), other: newId() };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown) =>
  world.t.call(method, url, {
    headers: { authorization: `Bearer ${token}` },
    ...(json !== undefined ? { json } : {}),
  });
const url = (path: string) => `/api/console/meetings/${world.meetingId}${path}`;

/** The public agenda's activities of the test session (a list call: served by the cache when it can). */
async function publicActivities(): Promise<{ _id: { $id: string }; title: unknown; cover: string }[]> {
  const res = await world.t.call(
    'GET',
    apiUrl('/meeting/agendas', { meeting_id: world.meetingId, query: { start: { $gte: sessionStart } } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const [item] = res.json().results as { _id: { $id: string }; activities: never[] }[];
  expect(item?._id.$id).toBe(sessionId);
  return item?.activities ?? [];
}

async function session(): Promise<ConsoleSession> {
  const res = await call('GET', url('/programme'));
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as ConsoleProgramme).sessions.find((item) => wireIdText(item._id) === sessionId);
  if (!found) throw new Error('session not listed');
  return found;
}

async function place(placed: { activity_id: string; enable_show: number }[]) {
  const current = await session();
  return call('PUT', url(`/sessions/${sessionId}`), {
    title: current.title,
    start: current.start,
    end: current.end,
    activities: placed,
    updated_at_ms: current.updated_at_ms,
  });
}

beforeAll(async () => {
  world = await createDemoWorld({ cacheTtlSeconds: 60 });
  token = world.logins.organiser.token;
  const db = world.t.database.db;
  const base = { title: { en: 'x' }, start: at(0), end: at(3600) };
  await db.insert(activities).values([
    {
      ...base,
      id: activityIds.workshop,
      meetingId: world.meetingId,
      title: { en: 'Soldering workshop', zh: '焊接工作坊' },
      covers: ['/uploads/workshop.png'],
    },
    {
      ...base,
      id: activityIds.tour,
      meetingId: world.meetingId,
      title: { en: 'Tour' },
      start: at(-60),
      privacy: 1,
    },
    { ...base, id: activityIds.hidden, meetingId: world.meetingId, title: { en: 'Hidden' }, enableShow: 0 },
    { ...base, id: activityIds.other, meetingId: otherMeetingId, title: { en: 'Elsewhere' } },
  ]);
  const created = await call('POST', url('/sessions'), {
    title: { en: 'Hardware track' },
    start: sessionStart,
    end: sessionStart + 7200,
  });
  expect(created.statusCode, created.body).toBe(200);
  sessionId = wireIdText(created.json()._id);
}, 60_000);

afterAll(async () => {
  await world?.t.close();
});

describe('activities on a session', () => {
  it('lists the meeting’s live activities for the picker (programme.edit is enough)', async () => {
    const programme = (await call('GET', url('/programme'))).json() as ConsoleProgramme;
    const listed = programme.activities.map((item) => wireIdText(item._id));
    expect(listed).toEqual(
      expect.arrayContaining([activityIds.workshop, activityIds.tour, activityIds.hidden]),
    );
    expect(listed).not.toContain(activityIds.other);
    expect(programme.activities.find((item) => wireIdText(item._id) === activityIds.hidden)).toMatchObject({
      enable_show: 0,
      privacy: 0,
    });
  });

  it('shows a placed activity on the public agenda (private ones too), and one with enable_show 0 not', async () => {
    expect(await publicActivities()).toEqual([]); // cached now
    const res = await place([
      { activity_id: activityIds.workshop, enable_show: 1 },
      { activity_id: activityIds.tour, enable_show: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activities).toEqual([
      { activity_id: activityIds.workshop, enable_show: 1 },
      { activity_id: activityIds.tour, enable_show: 1 },
    ]);
    // the write cleared the cache; by the activities' start
    expect(await publicActivities()).toEqual([
      {
        _id: { $id: activityIds.tour },
        title: { en: 'Tour' },
        cover: '',
        start: sessionStart - 60,
        end: sessionStart + 3600,
      },
      {
        _id: { $id: activityIds.workshop },
        title: { en: 'Soldering workshop', zh: '焊接工作坊' },
        cover: '/uploads/workshop.png',
        start: sessionStart,
        end: sessionStart + 3600,
      },
    ]);

    const hidden = await place([
      { activity_id: activityIds.workshop, enable_show: 1 },
      { activity_id: activityIds.tour, enable_show: 0 },
    ]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await publicActivities()).map((item) => item._id.$id)).toEqual([activityIds.workshop]);
  });

  it('leaves out a hidden or deleted activity, and keeps the placement of a deleted one', async () => {
    const res = await place([
      { activity_id: activityIds.workshop, enable_show: 1 },
      { activity_id: activityIds.hidden, enable_show: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicActivities()).map((item) => item._id.$id)).toEqual([activityIds.workshop]);

    const db = world.t.database.db;
    await db.update(activities).set({ deleted: 1 }).where(eq(activities.id, activityIds.workshop));
    world.t.app.deps.cache.clear(); // what the activities console does after its write
    expect(await publicActivities()).toEqual([]);
    expect((await session()).activities).toEqual([{ activity_id: activityIds.hidden, enable_show: 1 }]);
    // a save without it keeps its placement: restored, it is back on the session
    expect((await place([{ activity_id: activityIds.hidden, enable_show: 1 }])).statusCode).toBe(200);
    await db.update(activities).set({ deleted: 0 }).where(eq(activities.id, activityIds.workshop));
    expect((await session()).activities.map((item) => item.activity_id)).toEqual([
      activityIds.workshop,
      activityIds.hidden,
    ]);
  });

  it('refuses an activity of another meeting (400 naming body/activities) and changes nothing', async () => {
    const before = await session();
    const res = await place([{ activity_id: activityIds.other, enable_show: 1 }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'body/activities' }] });
    expect((await session()).activities).toEqual(before.activities);
    const created = await call('POST', url('/sessions'), {
      title: { en: 'Nope' },
      start: sessionStart,
      end: sessionStart + 60,
      activities: [{ activity_id: activityIds.other, enable_show: 1 }],
    });
    expect(created.statusCode).toBe(400);
  });

  it('audits a placement change as the session before → after', async () => {
    const res = await place([]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activities).toEqual([]);
    const [row] = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'session'), eq(auditLog.entityId, sessionId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      action: 'programme.edit',
      meetingId: world.meetingId,
      before: {
        activities: [
          { activity_id: activityIds.workshop, enable_show: 1 },
          { activity_id: activityIds.hidden, enable_show: 1 },
        ],
      },
      after: { activities: [] },
    });
    expect(await publicActivities()).toEqual([]);
  });

  it('accepts a form body (qs brackets) and `activities=` for none', async () => {
    const current = await session();
    const res = await world.t.call('PUT', url(`/sessions/${sessionId}`), {
      headers: { authorization: `Bearer ${token}` },
      form: {
        title: 'Hardware track',
        start: current.start,
        end: current.end,
        activities: [{ activity_id: activityIds.tour, enable_show: '1' }],
        updated_at_ms: current.updated_at_ms,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activities).toEqual([{ activity_id: activityIds.tour, enable_show: 1 }]);
    const cleared = await world.t.call('PUT', url(`/sessions/${sessionId}`), {
      headers: { authorization: `Bearer ${token}` },
      form: {
        title: 'Hardware track',
        start: current.start,
        end: current.end,
        activities: '',
        updated_at_ms: res.json().updated_at_ms,
      },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().activities).toEqual([]);
  });
});
