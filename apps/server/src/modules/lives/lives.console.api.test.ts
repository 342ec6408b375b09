import type { ConsoleLive } from '@app/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { agendaLives, agendas, lives } from '../agendas/agendas.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/**
 * The console's lives area (console-lives contracts; §3 Live, §6, §9; DESIGN §7): lives.edit only;
 * validation with its codes and nothing stored; the stale write; one audit row per write, never the
 * stream key; sessions replaced in the same transaction; figures; ingest without configuration.
 */

let world: DemoWorld;
let meetingId: string;
const base = () => `/console/meetings/${meetingId}/lives`;
const start = Math.floor(Date.UTC(2031, 5, 1, 9) / 1000);

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}
const organiser = () => world.logins.organiser;

function fields(extra: Record<string, unknown> = {}) {
  return { title: { en: 'Panel', zh: '圆桌' }, start, end: start + 3600, ...extra };
}

async function counts() {
  const db = world.t.database.db;
  const [liveRows] = await db.select({ n: sql<number>`count(*)::int` }).from(lives);
  const [auditRows] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.entity, 'live'));
  return { lives: liveRows?.n ?? 0, audits: auditRows?.n ?? 0 };
}

async function sessionIds(meeting: string, n: number): Promise<string[]> {
  const rows = await world.t.database.db
    .select({ id: agendas.id })
    .from(agendas)
    .where(and(eq(agendas.meetingId, meeting), eq(agendas.deleted, 0)))
    .orderBy(asc(agendas.start), asc(agendas.id))
    .limit(n);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  // No ingest configured here: 'ingest' sources are refused.
  world = await createDemoWorld();
  meetingId = world.meetingId;
});
afterAll(() => world.t.close());

describe('console lives (lives.edit)', () => {
  it('only owners, organisers and editors of the meeting may call it', async () => {
    const refused = [
      [null, 401],
      [world.logins.user, 403],
      [world.logins.participant, 403],
      [world.logins.exhibitor, 403],
      [world.logins.checkin, 403],
      [world.logins.otherOrganiser, 403],
    ] as const;
    const before = await counts();
    for (const [who, status] of refused) {
      expect((await call('GET', apiUrl(base()), who)).statusCode).toBe(status);
      expect((await call('POST', apiUrl(base()), who, fields())).statusCode).toBe(status);
    }
    expect(await counts()).toEqual(before);
    expect((await call('GET', apiUrl(base()), organiser())).statusCode).toBe(200);
  });

  it('refuses invalid fields with their codes and stores nothing', async () => {
    // A session id that is not one of this meeting's.
    const other = '0123456789abcdef0123abcd';
    const foreign = await insertActivity(world.t.database.db, { meetingId: otherMeetingId });
    const mine = await insertActivity(world.t.database.db, { meetingId, prices: [{ amount: 500 }] });
    const [forumPrice] = await world.t.database.db
      .select({ id: activityPrices.id })
      .from(activityPrices)
      .where(eq(activityPrices.activityId, demoActivityIds.forum))
      .limit(1);
    const cases: [Record<string, unknown>, number, string][] = [
      [fields({ end: start }), 400, 'live.window_invalid'],
      [fields({ end: start - 60 }), 400, 'live.window_invalid'],
      [fields({ source_kind: 'url' }), 400, 'live.source_invalid'],
      [fields({ source_kind: 'url', source_url: 'ftp://x.example/a.m3u8' }), 400, 'validation_failed'],
      [fields({ source_kind: 'ingest' }), 400, 'live.source_invalid'],
      [fields({ access: 'registered' }), 400, 'live.access_invalid'],
      [fields({ access: 'registered', activity_id: foreign.activityId }), 400, 'live.access_invalid'],
      [fields({ access: 'paid', activity_id: mine.activityId }), 400, 'live.access_invalid'],
      [
        fields({ access: 'paid', activity_id: mine.activityId, price_id: forumPrice?.id }),
        400,
        'live.access_invalid',
      ],
      [fields({ agenda_ids: [other] }), 400, 'validation_failed'],
      [fields({ title: {} }), 400, 'validation_failed'],
      [fields({ cover: 'javascript:alert(1)' }), 400, 'validation_failed'],
      [fields({ unknown: 1 }), 400, 'validation_failed'],
    ];
    const before = await counts();
    for (const [body, status, code] of cases) {
      const res = await call('POST', apiUrl(base()), organiser(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates and edits with sessions, audits each write once, refuses a stale write', async () => {
    const sessions = await sessionIds(meetingId, 3);
    const mine = await insertActivity(world.t.database.db, { meetingId, prices: [{ amount: 500 }] });
    const before = await counts();
    const created = await call(
      'POST',
      apiUrl(base()),
      organiser(),
      fields({
        agenda_ids: [sessions[0], sessions[1]],
        access: 'paid',
        activity_id: mine.activityId,
        price_id: mine.priceIds[0],
        source_kind: 'url',
        source_url: 'https://stream.example.test/a.flv',
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const live = created.json() as ConsoleLive;
    const liveId = wireIdText(live._id);
    expect(live).toMatchObject({
      access: 'paid',
      source_kind: 'url',
      state: 'coming_soon',
      online: 0,
      viewer_total: 0,
      subscriber_total: 0,
      paused: 0,
    });
    expect(live.agenda_ids.map(wireIdText).sort()).toEqual([sessions[0], sessions[1]].sort());
    expect(await counts()).toEqual({ lives: before.lives + 1, audits: before.audits + 1 });
    const [stored] = await world.t.database.db.select().from(lives).where(eq(lives.id, liveId));
    expect(stored?.streamKeySealed).toMatch(/^v1:/);
    const audits = await world.t.database.db.select().from(auditLog).where(eq(auditLog.entityId, liveId));
    expect(JSON.stringify(audits)).not.toContain(stored?.streamKeySealed as string);

    // Edit: the sessions are replaced, access back to public drops the activity and price.
    const edited = await call(
      'PUT',
      apiUrl(`${base()}/${liveId}`),
      organiser(),
      fields({ agenda_ids: [sessions[2]], title: { en: 'Panel (updated)' }, updated: live.updated }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as ConsoleLive;
    expect(after).toMatchObject({ access: 'public', activity_id: null, price_id: null, source_kind: 'none' });
    expect(after.agenda_ids.map(wireIdText)).toEqual([sessions[2]]);
    expect(after.updated).toBeGreaterThan(live.updated);
    const links = await world.t.database.db.select().from(agendaLives).where(eq(agendaLives.liveId, liveId));
    expect(links.map((l) => l.agendaId)).toEqual([sessions[2]]);

    // The editor that read the first version is refused, and nothing changes.
    const stale = await call(
      'PUT',
      apiUrl(`${base()}/${liveId}`),
      organiser(),
      fields({ title: { en: 'Lost edit' }, updated: live.updated }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');
    const reread = await call('GET', apiUrl(`${base()}/${liveId}`), organiser());
    expect((reread.json() as ConsoleLive).title).toEqual({ en: 'Panel (updated)' });
    expect(await counts()).toEqual({ lives: before.lives + 1, audits: before.audits + 2 });

    // Pause and delete each leave one audit row; a deleted live is gone from the console too.
    const paused = await call('PUT', apiUrl(`${base()}/${liveId}/pause`), organiser(), { paused: 1 });
    expect((paused.json() as ConsoleLive).paused).toBe(1);
    expect((await call('DELETE', apiUrl(`${base()}/${liveId}`), organiser())).statusCode).toBe(200);
    expect(await counts()).toEqual({ lives: before.lives + 1, audits: before.audits + 4 });
    expect((await call('GET', apiUrl(`${base()}/${liveId}`), organiser())).statusCode).toBe(404);
    expect((await call('DELETE', apiUrl(`${base()}/${liveId}`), organiser())).statusCode).toBe(404);
    expect((await call('PUT', apiUrl(`${base()}/${liveId}`), organiser(), fields())).statusCode).toBe(404);
  });

  it('a live of another meeting is not found through this meeting', async () => {
    const id = newId();
    await world.t.database.db.insert(lives).values({
      id,
      meetingId: otherMeetingId,
      title: { en: 'Elsewhere' },
      start: new Date(start * 1000),
      end: new Date((start + 3600) * 1000),
    });
    expect((await call('GET', apiUrl(`${base()}/${id}`), organiser())).statusCode).toBe(404);
    expect((await call('PUT', apiUrl(`${base()}/${id}/pause`), organiser(), { paused: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('GET', apiUrl(`${base()}/${id}/ingest`), organiser())).statusCode).toBe(404);
  });

  it('shows the figures: online in the last 60 s, subscribers; ingest says it is not configured', async () => {
    const created = await call('POST', apiUrl(base()), organiser(), fields());
    const liveId = wireIdText((created.json() as ConsoleLive)._id);
    const db = world.t.database.db;
    const now = Date.now();
    await db.insert(liveViewers).values([
      { liveId, viewerKey: 'd:one', lastSeenAt: new Date(now - 5_000) },
      { liveId, viewerKey: 'd:two', lastSeenAt: new Date(now - 50_000) },
      { liveId, viewerKey: 'd:old', lastSeenAt: new Date(now - 120_000) },
    ]);
    await db.update(lives).set({ viewerTotal: 3, viewerPeak: 2, chatTotal: 7 }).where(eq(lives.id, liveId));
    await db.insert(liveUsers).values({
      liveId,
      userId: wireIdText(world.logins.user.user_id),
      subscribed: 1,
    });
    const listed = await call('GET', apiUrl(base()), organiser());
    const item = (listed.json() as { items: ConsoleLive[] }).items.find((i) => wireIdText(i._id) === liveId);
    expect(item).toMatchObject({
      online: 2,
      viewer_total: 3,
      viewer_peak: 2,
      chat_total: 7,
      subscriber_total: 1,
    });
    const ingest = await call('GET', apiUrl(`${base()}/${liveId}/ingest`), organiser());
    expect(ingest.statusCode).toBe(200);
    expect(ingest.json()).toMatchObject({ is_configured: false, server: '' });
    expect(ingest.headers['cache-control']).toContain('no-store');
  });
});
