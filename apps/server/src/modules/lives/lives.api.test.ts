import type { ConsoleLive, LivePermission, LiveSummary, Order } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { seedDemoLives } from '../../seeds/demo-lives.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { agendaLives, agendas, lives } from '../agendas/agendas.tables.ts';
import { newPerson } from '../appointments/appointments.fixtures.ts';
import { notification, notify, startPayment } from '../orders/orders.fixtures.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubInternalOf } from './lives.hub.ts';
import { playViewerOf, signPlayToken } from './lives.playback.ts';
import { ingestReadCacheMs } from './lives.service.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/**
 * Lives through the API (§3 Live, §4 Live states, §6 who may watch, §7 Lives): the shown state at
 * the second of the start, the pause and the end with a fixed clock; the whole permission matrix
 * (public, registered, paid → checkout → sandbox payment → permitted, private, banned, organiser,
 * visitor) with the play address only ever given to permitted callers; the MediaMTX callback.
 */

const ingestSecret = 'ingest-callback-secret-0123456789';
const hlsBase = 'https://ingest.example.test/hls';
const sourceUrl = 'https://stream.example.test/secret-source/playlist.m3u8';
const replayUrl = 'https://cdn.example.test/replays/session-1.mp4';

let world: DemoWorld;
let meetingId: string;
const realNow = liveClock.now;
const t0 = Date.UTC(2031, 4, 1, 8, 0, 0);
const hour = 3_600_000;

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}

/** Creates a live through the console (organiser); start/end in epoch ms. */
async function makeLive(
  fields: Record<string, unknown> = {},
  start = t0,
  end = t0 + 2 * hour,
): Promise<string> {
  const res = await call('POST', apiUrl(`/console/meetings/${meetingId}/lives`), world.logins.organiser, {
    title: { en: 'Opening keynote', zh: '开幕主旨演讲' },
    start: Math.floor(start / 1000),
    end: Math.floor(end / 1000),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return wireIdText((res.json() as ConsoleLive)._id);
}

function at(ms: number) {
  liveClock.now = () => new Date(ms);
}

async function permission(liveId: string, who: Who) {
  const res = await call('GET', apiUrl(`/lives/${liveId}/permission`), who);
  expect(res.statusCode, res.body).toBe(200);
  return { answer: res.json() as LivePermission, raw: res.body };
}

async function listed(query: Record<string, unknown> = {}) {
  const res = await call('GET', apiUrl('/lives', { meeting_id: meetingId, ...query }), null);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: LiveSummary[] }).results;
}

beforeAll(async () => {
  world = await createDemoWorld({
    env: {
      LIVE_INGEST_RTMP_URL: 'rtmp://ingest.example.test:1935/live',
      LIVE_INGEST_HLS_URL: hlsBase,
      LIVE_INGEST_AUTH_SECRET: ingestSecret,
    },
  });
  meetingId = world.meetingId;
});
afterEach(() => {
  liveClock.now = realNow;
});
afterAll(() => world.t.close());

describe('demo live (seeds/demo-lives.ts)', () => {
  it('seeds one public live of a coming session once, listed and linked to the session', async () => {
    const id = await seedDemoLives(world.t.database.db, new Date(Date.UTC(2000, 0, 1)));
    expect(id).not.toBeNull();
    expect(await seedDemoLives(world.t.database.db)).toBeNull();
    const item = (await listed({ _id: id })).at(0);
    expect(item).toMatchObject({ access: 'public', enable_show: 1, chat_enabled: 1 });
    expect(item?.agenda_ids).toHaveLength(1);
    const [link] = await world.t.database.db
      .select()
      .from(agendaLives)
      .where(eq(agendaLives.liveId, id as string));
    expect(link?.agendaId).toBe(wireIdText(item?.agenda_ids[0]));
  });
});

describe('shown states at the boundaries (§4, fixed clock)', () => {
  it('coming soon until the second of the start, streaming, paused, ended at the end, replay', async () => {
    const liveId = await makeLive({ source_kind: 'url', source_url: sourceUrl });
    const state = async () => {
      const item = (await listed({ _id: liveId }))[0];
      const { answer } = await permission(liveId, null);
      expect(answer.state).toBe(item?.state);
      expect(item?.now).toBe(answer.now);
      return answer;
    };
    at(t0 - 1000);
    expect(await state()).toMatchObject({ state: 'coming_soon', play_url: null, permission: 1 });
    expect((await listed({ state: 'upcoming', _id: liveId })).length).toBe(1);
    expect((await listed({ state: 'ongoing', _id: liveId })).length).toBe(0);
    at(t0);
    expect(await state()).toMatchObject({ state: 'streaming', play_url: sourceUrl, play_type: 'hls' });
    expect((await listed({ state: 'ongoing', _id: liveId })).length).toBe(1);
    const paused = await call(
      'PUT',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/pause`),
      world.logins.organiser,
      { paused: 1 },
    );
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as ConsoleLive).state).toBe('paused');
    at(t0 + 2 * hour - 1000);
    expect(await state()).toMatchObject({ state: 'paused', play_url: null });
    at(t0 + 2 * hour);
    expect(await state()).toMatchObject({ state: 'ended', play_url: null });
    expect((await listed({ state: 'past', _id: liveId })).length).toBe(1);
    await world.t.database.db.update(lives).set({ replayUrl }).where(eq(lives.id, liveId));
    expect(await state()).toMatchObject({ state: 'replay', play_url: replayUrl, play_type: 'mp4' });
  });

  it('tells the room when the organiser pauses, resumes or edits the live (after the commit)', async () => {
    const liveId = await makeLive();
    at(t0 + hour);
    const frames: string[] = [];
    const detach = liveHubInternalOf(world.t.app).attach(
      liveId,
      { readyState: 1, send: (data) => frames.push(String(data)), close: () => {} },
      null,
    );
    const pause = (paused: 0 | 1) =>
      call('PUT', apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/pause`), world.logins.organiser, {
        paused,
      });
    expect((await pause(1)).statusCode).toBe(200);
    expect((await pause(0)).statusCode).toBe(200);
    const edited = await call(
      'PUT',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}`),
      world.logins.organiser,
      {
        title: { en: 'Keynote' },
        start: Math.floor((t0 + 3 * hour) / 1000),
        end: Math.floor((t0 + 4 * hour) / 1000),
      },
    );
    expect(edited.statusCode).toBe(200);
    // A refused pause (another role) says nothing.
    expect(
      (
        await call('PUT', apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/pause`), world.logins.user, {
          paused: 1,
        })
      ).statusCode,
    ).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    detach();
    expect(frames.map((frame) => JSON.parse(frame))).toEqual([
      { type: 'state', state: 'paused' },
      { type: 'state', state: 'streaming' },
      { type: 'state', state: 'coming_soon' },
    ]);
  });

  it('lists ongoing first, then upcoming by start, then past newest first; count agrees', async () => {
    const base = Date.UTC(2032, 0, 10, 8);
    const past1 = await makeLive({ weight: 0 }, base - 10 * hour, base - 9 * hour);
    const past2 = await makeLive({}, base - 5 * hour, base - 4 * hour);
    const soon2 = await makeLive({}, base + 5 * hour, base + 6 * hour);
    const soon1 = await makeLive({}, base + 1 * hour, base + 2 * hour);
    const now1 = await makeLive({}, base - hour, base + hour);
    const hidden = await makeLive({ enable_show: 0 }, base - hour, base + hour);
    at(base);
    const ids = (await listed({ limit: 999 })).map((item) => wireIdText(item._id));
    const mine = ids.filter((id) => [past1, past2, soon1, soon2, now1, hidden].includes(id));
    expect(mine).toEqual([now1, soon1, soon2, past2, past1]);
    const count = await call('GET', apiUrl('/lives/count', { meeting_id: meetingId }), null);
    expect((count.json() as { total: number }).total).toBe(ids.length);
    const hiddenAnswer = await call('GET', apiUrl(`/lives/${hidden}/permission`), world.logins.organiser);
    expect(hiddenAnswer.statusCode).toBe(404);
  });

  it('filters by session and counts viewers online in the last 60 s', async () => {
    const [session] = await world.t.database.db
      .select({ id: agendas.id })
      .from(agendas)
      .where(eq(agendas.meetingId, meetingId))
      .limit(1);
    const sessionId = session?.id as string;
    const liveId = await makeLive({ agenda_ids: [sessionId] });
    const sibling = await makeLive({ agenda_ids: [sessionId] });
    await makeLive();
    at(t0 + hour);
    await world.t.database.db.insert(liveViewers).values([
      { liveId, viewerKey: 'd:a', lastSeenAt: new Date(t0 + hour - 60_000) },
      { liveId, viewerKey: 'd:b', lastSeenAt: new Date(t0 + hour - 61_000) },
    ]);
    const bySession = await listed({ agenda_id: sessionId, limit: 999 });
    expect(bySession.map((item) => wireIdText(item._id))).toEqual(expect.arrayContaining([liveId, sibling]));
    expect(bySession.every((item) => item.agenda_ids.map(wireIdText).includes(sessionId))).toBe(true);
    expect(bySession.find((item) => wireIdText(item._id) === liveId)?.online).toBe(1);
    const count = await call(
      'GET',
      apiUrl('/lives/count', { meeting_id: meetingId, agenda_id: sessionId }),
      null,
    );
    expect((count.json() as { total: number }).total).toBe(bySession.length);
  });

  it('answers 404 for an unknown, malformed or deleted live id', async () => {
    const unknown = '0123456789abcdef01234567';
    expect((await call('GET', apiUrl(`/lives/${unknown}/permission`), null)).statusCode).toBe(404);
    expect(
      (await call('POST', apiUrl(`/lives/${unknown}/checkouts`), world.logins.user, {})).statusCode,
    ).toBe(404);
    // A malformed id reads as an unknown one (§8: the client shows /404).
    expect((await call('GET', apiUrl('/lives/nope/permission'), null)).statusCode).toBe(404);
    const liveId = await makeLive();
    const gone = await call(
      'DELETE',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}`),
      world.logins.organiser,
    );
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', apiUrl(`/lives/${liveId}/permission`), null)).statusCode).toBe(404);
    expect(await listed({ _id: liveId })).toEqual([]);
  });
});

describe('who may watch (§6)', () => {
  const streaming = () => at(t0 + hour);

  it('public: everyone, visitors included', async () => {
    const liveId = await makeLive({ source_kind: 'url', source_url: sourceUrl });
    streaming();
    expect((await permission(liveId, null)).answer).toMatchObject({
      permission: 1,
      reason: 'public',
      play_url: sourceUrl,
      can_chat: 0,
      can_moderate: 0,
    });
    expect((await permission(liveId, world.logins.user)).answer).toMatchObject({
      reason: 'public',
      can_chat: 1,
    });
    expect((await permission(liveId, world.logins.organiser)).answer).toMatchObject({
      reason: 'organiser',
      can_moderate: 1,
    });
  });

  it('registered: approved ticket holders of the activity and organisers; play_url never leaks', async () => {
    const liveId = await makeLive({
      source_kind: 'url',
      source_url: sourceUrl,
      access: 'registered',
      activity_id: demoActivityIds.forum,
    });
    streaming();
    const refused = [
      [null, 'login_required'],
      [world.logins.user, 'registration_required'],
      [world.logins.exhibitor, 'registration_required'],
      [world.logins.otherOrganiser, 'registration_required'],
    ] as const;
    for (const [who, reason] of refused) {
      const { answer, raw } = await permission(liveId, who);
      expect(answer).toMatchObject({ permission: 0, reason, play_url: null, play_type: null });
      expect(raw).not.toContain('secret-source');
      expect(raw).not.toContain('m3u8');
    }
    expect((await permission(liveId, world.logins.user)).answer.activity_id?.$id).toBe(demoActivityIds.forum);
    expect((await permission(liveId, world.logins.participant)).answer).toMatchObject({
      permission: 1,
      reason: 'registered',
      play_url: sourceUrl,
    });
    expect((await permission(liveId, world.logins.organiser)).answer).toMatchObject({ reason: 'organiser' });
    // Lists never carry the address, whoever asks.
    const list = await call(
      'GET',
      apiUrl('/lives', { meeting_id: meetingId, _id: liveId }),
      world.logins.participant,
    );
    expect(list.body).not.toContain('secret-source');
    // A ticket under review (status 0) or rejected (2) does not count.
    const pending = await newPerson(world.t, meetingId);
    const [forumTicket] = await world.t.database.db
      .select({ priceId: tickets.priceId })
      .from(tickets)
      .where(eq(tickets.id, world.participantTicketId));
    await world.t.database.db.insert(tickets).values({
      id: '0123456789abcdef0000aa01',
      meetingId,
      activityId: demoActivityIds.forum,
      priceId: forumTicket?.priceId as string,
      userId: pending.userId,
      status: 0,
      name: 'Pending',
      code: 'PENDINGLIVETICKET0000000AA',
    });
    expect((await permission(liveId, pending)).answer.reason).toBe('registration_required');
    await world.t.database.db
      .update(tickets)
      .set({ status: 3 })
      .where(eq(tickets.id, '0123456789abcdef0000aa01'));
    expect((await permission(liveId, pending)).answer.reason).toBe('registered');
  });

  it('paid: payment required → checkout → sandbox payment → permitted', async () => {
    const activity = await insertActivity(world.t.database.db, {
      meetingId,
      prices: [{ amount: 1990 }, { amount: 0 }],
    });
    const passId = activity.priceIds[0] as string;
    const liveId = await makeLive({
      source_kind: 'url',
      source_url: sourceUrl,
      access: 'paid',
      activity_id: activity.activityId,
      price_id: passId,
    });
    streaming();
    const buyer = await newPerson(world.t, meetingId);
    const before = await permission(buyer ? liveId : liveId, buyer);
    expect(before.answer).toMatchObject({
      permission: 0,
      reason: 'payment_required',
      price: 1990,
      currency: 'CNY',
      play_url: null,
    });
    expect(before.raw).not.toContain('secret-source');
    const listedPaid = (await listed({ _id: liveId }))[0];
    expect(listedPaid).toMatchObject({ price: 1990, currency: 'CNY' });
    // Not for visitors; not twice for the organiser; not for a live that is not sold.
    expect((await call('POST', apiUrl(`/lives/${liveId}/checkouts`), null, {})).statusCode).toBe(401);
    const organiserBuys = await call(
      'POST',
      apiUrl(`/lives/${liveId}/checkouts`),
      world.logins.organiser,
      {},
    );
    expect(organiserBuys.statusCode).toBe(409);
    expect(organiserBuys.json().code).toBe('live.already_permitted');
    const freeLive = await makeLive();
    const notSold = await call('POST', apiUrl(`/lives/${freeLive}/checkouts`), buyer, {});
    expect(notSold.statusCode).toBe(409);
    expect(notSold.json().code).toBe('live.not_for_sale');
    // A changed total is refused with nothing ordered.
    const changed = await call('POST', apiUrl(`/lives/${liveId}/checkouts`), buyer, { expected_total: 1 });
    expect(changed.statusCode).toBe(409);
    const bought = await call('POST', apiUrl(`/lives/${liveId}/checkouts`), buyer, { expected_total: 1990 });
    expect(bought.statusCode, bought.body).toBe(200);
    const order = (bought.json() as { orders: Order[] }).orders[0] as Order;
    expect(order.total).toBe(1990);
    expect(order.lines[0]?.price_id.$id).toBe(passId);
    expect((await permission(liveId, buyer)).answer.reason).toBe('payment_required');
    const paymentId = await startPayment(world.t, buyer as never, order._id.$id);
    const paid = await notify(world.t, meetingId, notification(paymentId, 1990));
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect((await permission(liveId, buyer)).answer).toMatchObject({
      permission: 1,
      reason: 'paid',
      play_url: sourceUrl,
    });
    // A user banned from the live cannot buy its pass.
    const banned = await newPerson(world.t, meetingId);
    await world.t.database.db.insert(liveUsers).values({ liveId, userId: banned.userId, banned: 1 });
    const bannedBuys = await call('POST', apiUrl(`/lives/${liveId}/checkouts`), banned, {});
    expect(bannedBuys.statusCode).toBe(403);
    expect(bannedBuys.json().code).toBe('live.banned');
    const again = await call('POST', apiUrl(`/lives/${liveId}/checkouts`), buyer, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('live.already_permitted');
    // A ticket of another type of the activity is a registration, not the pass.
    const registered = await newPerson(world.t, meetingId);
    await world.t.database.db.insert(tickets).values({
      id: '0123456789abcdef0000aa02',
      meetingId,
      activityId: activity.activityId,
      priceId: activity.priceIds[1] as string,
      userId: registered.userId,
      status: 1,
      name: 'Registered',
      code: 'REGISTEREDLIVETICKET0000AA',
    });
    expect((await permission(liveId, registered)).answer).toMatchObject({
      permission: 1,
      reason: 'registered',
    });
  });

  it('private: granted users only; banned users never, whatever the access', async () => {
    const liveId = await makeLive({ source_kind: 'url', source_url: sourceUrl, access: 'private' });
    streaming();
    const guest = await permission(liveId, null);
    expect(guest.answer).toMatchObject({ permission: 0, reason: 'login_required', play_url: null });
    const person = await newPerson(world.t, meetingId);
    const refused = await permission(liveId, person);
    expect(refused.answer).toMatchObject({ permission: 0, reason: 'private', play_url: null });
    expect(refused.raw).not.toContain('secret-source');
    expect((await permission(liveId, world.logins.participant)).answer.reason).toBe('private');
    await world.t.database.db.insert(liveUsers).values({ liveId, userId: person.userId, allowed: 1 });
    expect((await permission(liveId, person)).answer).toMatchObject({ permission: 1, reason: 'granted' });
    await world.t.database.db
      .update(liveUsers)
      .set({ banned: 1 })
      .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.userId, person.userId)));
    const banned = await permission(liveId, person);
    expect(banned.answer).toMatchObject({ permission: 0, reason: 'banned', play_url: null, can_chat: 0 });
    expect(banned.raw).not.toContain('secret-source');
    // Banned from a public live too.
    const open = await makeLive({ source_kind: 'url', source_url: sourceUrl });
    await world.t.database.db.insert(liveUsers).values({ liveId: open, userId: person.userId, banned: 1 });
    expect((await permission(open, person)).answer).toMatchObject({ permission: 0, reason: 'banned' });
    expect((await permission(open, null)).answer).toMatchObject({ permission: 1, reason: 'public' });
  });

  it('muted users may watch but not chat; chat off means nobody chats', async () => {
    const liveId = await makeLive({ chat_enabled: 0 });
    streaming();
    expect((await permission(liveId, world.logins.user)).answer).toMatchObject({
      permission: 1,
      can_chat: 0,
    });
    const other = await makeLive();
    const person = await newPerson(world.t, meetingId);
    await world.t.database.db.insert(liveUsers).values({ liveId: other, userId: person.userId, muted: 1 });
    expect((await permission(other, person)).answer).toMatchObject({ permission: 1, can_chat: 0 });
  });
});

describe('the self-hosted ingest (MediaMTX callback)', () => {
  const ingestAuth = (
    body: Record<string, unknown>,
    secret: string | null = ingestSecret,
    headers: Record<string, string> = {},
  ) =>
    world.t.app.inject({
      method: 'POST',
      url: '/api/lives/ingest/auth',
      headers: { ...(secret === null ? {} : { 'x-ingest-secret': secret }), ...headers },
      payload: body,
    });
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });

  async function streamKey(liveId: string) {
    const res = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/ingest`),
      world.logins.organiser,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ingest = res.json() as { is_configured: boolean; server: string; stream_key: string };
    expect(ingest.is_configured).toBe(true);
    expect(ingest.server).toBe('rtmp://ingest.example.test:1935/live');
    const [id, query] = ingest.stream_key.split('?');
    expect(id).toBe(liveId);
    return new URLSearchParams(query).get('key') as string;
  }

  it('publishes with the right key only; a rotated key replaces the old one; wrong secret refused', async () => {
    const liveId = await makeLive({ source_kind: 'ingest' });
    const key = await streamKey(liveId);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const path = `live/${liveId}`;
    expect((await ingestAuth({ action: 'publish', path, query: `key=${key}` })).statusCode).toBe(200);
    expect((await ingestAuth({ action: 'publish', path, password: key })).statusCode).toBe(200);
    expect((await ingestAuth({ action: 'publish', path, query: 'key=wrong' })).statusCode).toBe(401);
    expect((await ingestAuth({ action: 'publish', path })).statusCode).toBe(401);
    expect(
      (await ingestAuth({ action: 'publish', path, query: `key=${key}` }, 'x'.repeat(33))).statusCode,
    ).toBe(401);
    expect((await ingestAuth({ action: 'publish', path, query: `key=${key}` }, null)).statusCode).toBe(401);
    const other = await makeLive({ source_kind: 'ingest' });
    expect(
      (await ingestAuth({ action: 'publish', path: `live/${other}`, query: `key=${key}` })).statusCode,
    ).toBe(401);
    const rotated = await call(
      'POST',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/ingest`),
      world.logins.organiser,
    );
    expect(rotated.statusCode).toBe(200);
    const newKey = await streamKey(liveId);
    expect(newKey).not.toBe(key);
    expect((await ingestAuth({ action: 'publish', path, query: `key=${key}` })).statusCode).toBe(401);
    expect((await ingestAuth({ action: 'publish', path, query: `key=${newKey}` })).statusCode).toBe(200);
    // Refusals all look alike: one code, no hint.
    const refusal = await ingestAuth({
      action: 'publish',
      path: 'live/0123456789abcdef01234567',
      query: 'key=x',
    });
    expect(refusal.statusCode).toBe(401);
    expect(refusal.body).not.toContain('not found');
  });

  it('reads with a signed, unexpired token for that live; permission gives it only to permitted callers', async () => {
    const liveId = await makeLive({
      source_kind: 'ingest',
      access: 'registered',
      activity_id: demoActivityIds.forum,
    });
    at(t0 + hour);
    const denied = await permission(liveId, world.logins.user);
    expect(denied.answer.play_url).toBeNull();
    expect(denied.raw).not.toContain('token=');
    const { answer } = await permission(liveId, world.logins.participant);
    expect(answer.play_type).toBe('hls');
    // Until the live's end (t0 + 2 h) plus 15 minutes' grace.
    expect(answer.play_expires).toBe(Math.floor((t0 + 2 * hour) / 1000) + 15 * 60);
    const url = new URL(answer.play_url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${hlsBase}/live/${liveId}/index.m3u8`);
    const token = url.searchParams.get('token') as string;
    const path = `live/${liveId}`;
    expect((await ingestAuth({ action: 'read', path, query: `token=${token}` })).statusCode).toBe(200);
    expect((await ingestAuth({ action: 'read', path, token })).statusCode).toBe(200);
    const other = await makeLive({ source_kind: 'ingest' });
    expect(
      (await ingestAuth({ action: 'read', path: `live/${other}`, query: `token=${token}` })).statusCode,
    ).toBe(401);
    expect((await ingestAuth({ action: 'read', path, query: `token=${token}x` })).statusCode).toBe(401);
    // The second before the expiry it still reads; at the expiry it does not (the live's state is
    // re-checked separately: stretch the window so only the token's expiry can refuse).
    await call('PUT', apiUrl(`/console/meetings/${meetingId}/lives/${liveId}`), world.logins.organiser, {
      title: { en: 'Opening keynote' },
      start: Math.floor(t0 / 1000),
      end: Math.floor((t0 + 6 * hour) / 1000),
      source_kind: 'ingest',
      access: 'registered',
      activity_id: demoActivityIds.forum,
    });
    at((answer.play_expires as number) * 1000 - 1000);
    expect((await ingestAuth({ action: 'read', path, query: `token=${token}` })).statusCode).toBe(200);
    at((answer.play_expires as number) * 1000);
    expect((await ingestAuth({ action: 'read', path, query: `token=${token}` })).statusCode).toBe(401);
    const forged = signPlayToken(
      { AUTH_SECRET: 'another-secret-0123456789' },
      liveId,
      token.split('.')[1] as string,
      Math.floor(t0 / 1000) + 99_999,
    );
    at(t0);
    expect((await ingestAuth({ action: 'read', path, query: `token=${forged}` })).statusCode).toBe(401);
    expect((await ingestAuth({ action: 'api', path, query: `token=${token}` })).statusCode).toBe(401);
  });

  it('takes the shared secret as the password of Basic auth too (MediaMTX: user:secret@host)', async () => {
    const liveId = await makeLive({ source_kind: 'ingest' });
    const key = await streamKey(liveId);
    const body = { action: 'publish', path: `live/${liveId}`, query: `key=${key}` };
    expect((await ingestAuth(body, null, basic('mediamtx', ingestSecret))).statusCode).toBe(200);
    expect((await ingestAuth(body, null, basic('mediamtx', `${ingestSecret}x`))).statusCode).toBe(401);
    expect((await ingestAuth(body, null, basic(ingestSecret, ''))).statusCode).toBe(401);
    expect((await ingestAuth(body, null, { authorization: 'Basic !!' })).statusCode).toBe(401);
    expect((await ingestAuth(body, null, { authorization: `Bearer ${ingestSecret}` })).statusCode).toBe(401);
    const query = await world.t.app.inject({
      method: 'POST',
      url: `/api/lives/ingest/auth?secret=${ingestSecret}`,
      payload: body,
    });
    expect(query.statusCode).toBe(200);
  });

  it('reads only while the live streams, for the viewer the token names, unless banned (§4, §6)', async () => {
    const start = t0 + 10 * hour;
    const end = start + 2 * hour;
    const liveId = await makeLive({ source_kind: 'ingest' }, start, end);
    const other = await makeLive({ source_kind: 'ingest' }, start, end);
    const person = await newPerson(world.t, meetingId);
    let clock = start + hour;
    const step = () => {
      clock += ingestReadCacheMs;
      at(clock);
    };
    at(clock);
    const tokenOf = async (id: string, who: Who) => {
      const url = (await permission(id, who)).answer.play_url as string;
      return new URL(url).searchParams.get('token') as string;
    };
    const read = async (id: string, token: string) =>
      (await ingestAuth({ action: 'read', path: `live/${id}`, query: `token=${token}` })).statusCode;
    const mine = await tokenOf(liveId, person);
    const theirs = await tokenOf(other, world.logins.participant);
    const visitor = await tokenOf(liveId, null);
    expect(mine.split('.')[1]).toBe(playViewerOf({ userId: person.userId, deviceId: null }));
    expect(await read(liveId, mine)).toBe(200);
    expect(await read(other, theirs)).toBe(200);
    // Another viewer's token for another live opens neither this live nor, re-signed names, theirs.
    expect(await read(liveId, theirs)).toBe(401);
    const [expires, , mac] = theirs.split('.');
    expect(await read(other, `${expires}.${mine.split('.')[1]}.${mac}`)).toBe(401);

    const pause = (paused: 0 | 1) =>
      call('PUT', apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/pause`), world.logins.organiser, {
        paused,
      });
    expect((await pause(1)).statusCode).toBe(200);
    step();
    expect(await read(liveId, mine)).toBe(401);
    expect(await read(liveId, visitor)).toBe(401);
    expect(await read(other, theirs)).toBe(200);
    expect((await pause(0)).statusCode).toBe(200);
    step();
    expect(await read(liveId, mine)).toBe(200);

    await world.t.database.db.insert(liveUsers).values({ liveId, userId: person.userId, banned: 1 });
    step();
    expect(await read(liveId, mine)).toBe(401);
    expect(await read(liveId, visitor)).toBe(200);

    at(end - 60_000);
    const late = await tokenOf(liveId, null);
    expect(await read(liveId, late)).toBe(200);
    at(end);
    expect(await read(liveId, late)).toBe(401);
  });
});
