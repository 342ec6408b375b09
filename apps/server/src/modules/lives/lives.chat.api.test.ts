import type { AddressInfo } from 'node:net';
import type { LiveChatMessage, LiveSocketEvent, LoginResult } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDemoWorld, type DemoWorld, otherMeetingId, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { giveTicket, newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { queueForReview } from '../moderation/moderation.service.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubOf } from './lives.hub.ts';
import { liveChatMessages, liveUsers } from './lives.tables.ts';
import { signChatTicket } from './lives.ticket.ts';

/**
 * The live room's chat through the API and its socket (§7 Lives, §5 sensitive content, §8 'Do not
 * operate frequently!', DESIGN §9 real time): history and paging, posting limits, mute, ban (the
 * banned user's socket closes), chat closed, moderation refusals and reviews (never broadcast until
 * approved), the 5-per-10-seconds limit, pin, delete, socket tickets (forged or expired → 4401), two
 * sockets of one process hearing one message, and the console's chat and users lists.
 */

let world: DemoWorld;
let meetingId: string;
let baseUrl: string;
const realNow = liveClock.now;
const hour = 3_600_000;
const open: WebSocket[] = [];

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as LoginResult) : {},
    ...(json === undefined ? {} : { json }),
  });
}

async function makeLive(fields: Partial<typeof lives.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await world.t.database.db.insert(lives).values({
    id,
    meetingId,
    title: { en: 'Opening keynote' },
    start: new Date(Date.now() - hour),
    end: new Date(Date.now() + hour),
    ...fields,
  });
  return id;
}

/** A socket of the room with every event it heard, and its close code once closed. */
type Room = {
  socket: WebSocket;
  events: LiveSocketEvent[];
  closed: Promise<number>;
  next: (match: (event: LiveSocketEvent) => boolean, timeoutMs?: number) => Promise<LiveSocketEvent>;
};

function connect(liveId: string, ticket: string): Promise<Room> {
  const socket = new WebSocket(
    `${baseUrl}/api/lives/${liveId}/chat/socket?ticket=${encodeURIComponent(ticket)}`,
  );
  open.push(socket);
  const events: LiveSocketEvent[] = [];
  const waiters: { match: (e: LiveSocketEvent) => boolean; resolve: (e: LiveSocketEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as LiveSocketEvent;
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const room: Room = {
    socket,
    events,
    closed,
    next: (match, timeoutMs = 3000) => {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such event')), timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(room));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

async function ticketOf(liveId: string, who: Who): Promise<string> {
  const res = await call('POST', apiUrl(`/lives/${liveId}/chat/tickets`), who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { ticket: string }).ticket;
}

async function join(liveId: string, who: Who): Promise<Room> {
  return connect(liveId, await ticketOf(liveId, who));
}

const post = (liveId: string, who: Who, text: string) =>
  call('POST', apiUrl(`/lives/${liveId}/chats`), who, { text });

async function visibleCount(liveId: string): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.liveId, liveId), eq(liveChatMessages.state, 'visible')));
  return Number(row?.n ?? 0);
}

let people = 0;
/** A fresh signed-in user with a phone (so each test's rate limit starts empty). */
async function person(): Promise<Person & { username: string; phone: string; email: string }> {
  people += 1;
  const username = `chatter-${people}-${newId().slice(-6)}`;
  const phone = `+86139${String(Date.now() % 100_000).padStart(5, '0')}${String(people).padStart(3, '0')}`;
  const email = `${username}@example.org`;
  return { ...(await newPerson(world.t, meetingId, { username, phone, email })), username, phone, email };
}

const isMessage = (text: string) => (event: LiveSocketEvent) =>
  event.type === 'message' && event.message.text === text;

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = world.t.app.server.address() as AddressInfo;
  baseUrl = `ws://127.0.0.1:${address.port}`;
});
afterEach(() => {
  liveClock.now = realNow;
  for (const socket of open.splice(0)) socket.terminate();
});
afterAll(async () => {
  await world.t.close();
});

describe('live chat', () => {
  it('two sockets of one process hear a posted message; history lists it; /chats/count counts it', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const bob = await person();
    const [a, b] = await Promise.all([join(liveId, alice), join(liveId, bob)]);
    expect(liveHubOf(world.t.app).localCount(liveId)).toBe(2);
    const res = await post(liveId, alice, 'Hello room');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: LiveChatMessage; state: string };
    expect(body.state).toBe('visible');
    expect(body.message.user.username).toBe(alice.username);
    // The poster's contact details never travel.
    expect(res.body).not.toMatch(/phone|email|\+86/);
    const [heardA, heardB] = await Promise.all([
      a.next(isMessage('Hello room')),
      b.next(isMessage('Hello room')),
    ]);
    expect(heardA).toEqual({ type: 'message', message: body.message });
    expect(heardB).toEqual(heardA);
    const list = await call('GET', apiUrl(`/lives/${liveId}/chats`), bob);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: LiveChatMessage[] }).results.map((m) => m.text)).toEqual([
      'Hello room',
    ]);
    const count = await call('GET', apiUrl('/chats/count', { live_id: liveId }), null);
    expect(count.json()).toEqual({ total: 1 });
    const [figures] = await world.t.database.db
      .select({ chatTotal: lives.chatTotal })
      .from(lives)
      .where(eq(lives.id, liveId));
    expect(figures?.chatTotal).toBe(1);
    // A visitor may read a public live's chat (the demo meeting allows guests), not post.
    expect((await call('GET', apiUrl(`/lives/${liveId}/chats`), null)).statusCode).toBe(200);
    expect((await post(liveId, null, 'Hi')).statusCode).toBe(401);
  });

  it('history pages newest first by `before`, 50 at most', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const db = world.t.database.db;
    const base = Date.now() - 10 * 60_000;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: newId(),
      liveId,
      meetingId,
      userId: wireIdText(alice.user_id),
      text: `line ${i}`,
      createdAt: new Date(base + i * 1000),
    }));
    await db.insert(liveChatMessages).values(rows);
    await db
      .insert(liveChatMessages)
      .values({ ...rows[0], id: newId(), text: 'held', state: 'review' } as never);
    const first = await call('GET', apiUrl(`/lives/${liveId}/chats`), alice);
    const page1 = (first.json() as { results: LiveChatMessage[] }).results;
    expect(page1).toHaveLength(50);
    expect(page1[0]?.text).toBe('line 59');
    expect(page1[49]?.text).toBe('line 10');
    const older = await call(
      'GET',
      apiUrl(`/lives/${liveId}/chats`, { before: wireIdText(page1[49]?._id), limit: 50 }),
      alice,
    );
    const page2 = (older.json() as { results: LiveChatMessage[] }).results;
    expect(page2.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${9 - i}`));
    expect((await call('GET', apiUrl(`/lives/${liveId}/chats`, { limit: 51 }), alice)).statusCode).toBe(400);
  });

  it('refuses empty and over-long texts, a closed chat, unknown lives; nothing stored', async () => {
    const liveId = await makeLive();
    const closedId = await makeLive({ chatEnabled: 0 });
    const hiddenId = await makeLive({ enableShow: 0 });
    const alice = await person();
    expect((await post(liveId, alice, '   ')).statusCode).toBe(400);
    expect((await post(liveId, alice, 'x'.repeat(201))).statusCode).toBe(400);
    // 200 characters is the limit (§7 liveLimits.chatText), counted in characters, not bytes.
    const longest = '直播间欢迎大家提问'.repeat(23).slice(0, 200);
    const accepted = await post(liveId, alice, longest);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const closed = await post(closedId, alice, 'Anyone?');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'live.chat_closed' });
    expect((await post(hiddenId, alice, 'Anyone?')).statusCode).toBe(404);
    expect((await post(newId(), alice, 'Anyone?')).statusCode).toBe(404);
    expect((await call('GET', apiUrl(`/lives/${newId()}/chats`), alice)).statusCode).toBe(404);
    expect((await call('GET', apiUrl('/chats/count', { live_id: newId() }), alice)).statusCode).toBe(404);
    expect(await visibleCount(closedId)).toBe(0);
  });

  it("a private live's chat needs a grant (§6); the console grants by phone", async () => {
    const liveId = await makeLive({ access: 'private' });
    const alice = await person();
    expect((await call('GET', apiUrl(`/lives/${liveId}/chats`), alice)).statusCode).toBe(403);
    expect((await post(liveId, alice, 'Let me in')).statusCode).toBe(403);
    expect((await call('POST', apiUrl(`/lives/${liveId}/chat/tickets`), alice)).statusCode).toBe(403);
    // Even the count of a private live's chat is for those who may watch it or moderate it (§6).
    const count = apiUrl(`/chats/count?live_id=${liveId}`);
    expect((await call('GET', count, alice)).statusCode).toBe(403);
    expect((await call('GET', count, null)).statusCode).toBe(403);
    expect((await call('GET', count, world.logins.organiser)).json()).toEqual({ total: 0 });
    const grants = apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/users`);
    expect((await call('POST', grants, world.logins.user, { account: alice.phone })).statusCode).toBe(403);
    expect(
      (await call('POST', grants, world.logins.organiser, { account: 'call me maybe' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', grants, world.logins.organiser, { account: 'nobody@example.org' })).statusCode,
    ).toBe(404);
    const granted = await call('POST', grants, world.logins.organiser, { account: alice.phone });
    expect(granted.statusCode, granted.body).toBe(200);
    // The answer repeats the phone typed and masks the account's e-mail (no lookup of one by the other).
    expect(granted.json()).toMatchObject({
      allowed: 1,
      muted: 0,
      banned: 0,
      user: { username: alice.username, phone: alice.phone, email: `c***@example.org` },
    });
    expect((await post(liveId, alice, 'Thanks')).statusCode).toBe(200);
    expect((await call('GET', count, alice)).json()).toEqual({ total: 1 });
    type Users = { items: { user: { _id: unknown; phone: string | null; email: string | null } }[] };
    const users = await call('GET', grants, world.logins.organiser);
    expect((users.json() as Users).items.map((i) => wireIdText(i.user._id))).toEqual([
      wireIdText(alice.user_id),
    ]);
    // §6: contacts in full only to people.read holders, and only of the meeting's participants.
    const masked = (users.json() as Users).items[0]?.user;
    expect(masked?.phone).toBe(`${alice.phone.slice(0, -8)}****${alice.phone.slice(-4)}`);
    expect(masked?.email).toBe('c***@example.org');
    await giveTicket(world.t, { meetingId, userId: wireIdText(alice.user_id) });
    const participant = ((await call('GET', grants, world.logins.organiser)).json() as Users).items[0]?.user;
    expect(participant).toMatchObject({ phone: alice.phone, email: alice.email });
  });

  it('writes keep a session in its meeting (§6): a live of a meeting closed to visitors answers token.invalid', async () => {
    const liveId = await makeLive({ meetingId: otherMeetingId });
    const alice = await person(); // signed in to the demo meeting
    const answers = [
      await call('GET', apiUrl(`/lives/${liveId}/chats`), alice),
      await post(liveId, alice, 'Hello from another meeting'),
      await call('PUT', apiUrl(`/lives/${liveId}/pin`), alice, { message_id: newId() }),
      await call('DELETE', apiUrl(`/lives/${liveId}/chats/${newId()}`), alice),
      await call('PUT', apiUrl(`/lives/${liveId}/users/${wireIdText(alice.user_id)}`), alice, { muted: 1 }),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().code])).toEqual(
      answers.map(() => [403, 'token.invalid']),
    );
    expect(await visibleCount(liveId)).toBe(0);
    expect((await post(liveId, null, 'Visitor')).statusCode).toBe(401);
  });

  it('moderation refusal (§5): 400 content.sensitive, nothing stored visible nor broadcast', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const room = await join(liveId, alice);
    const res = await post(liveId, alice, 'asdfghjklasdfghjkl');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'content.sensitive', data: { category: 'meaningless' } });
    expect(await visibleCount(liveId)).toBe(0);
    await post(liveId, alice, 'A real question');
    await room.next(isMessage('A real question'));
    expect(room.events.filter((e) => e.type === 'message')).toHaveLength(1);
  });

  it('a message held for review is not broadcast; approving it in the queue broadcasts it', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const room = await join(liveId, alice);
    const id = newId();
    const db = world.t.database.db;
    await db.insert(liveChatMessages).values({
      id,
      liveId,
      meetingId,
      userId: wireIdText(alice.user_id),
      text: 'Held line',
      state: 'review',
    });
    await queueForReview(db, {
      meetingId,
      kind: 'live_chat',
      targetId: id,
      userId: wireIdText(alice.user_id),
      category: null,
    });
    const queue = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/moderation/queue`, { kind: 'live_chat' }),
      world.logins.organiser,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json() as { items: { _id: string; target_id: string; link: string }[] }).items.find(
      (i) => i.target_id === id,
    );
    expect(item?.link).toContain(`live_id=${liveId}`);
    const decided = await call(
      'PUT',
      apiUrl(`/console/meetings/${meetingId}/moderation/queue/${item?._id}`),
      world.logins.organiser,
      { action: 'approve' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    await room.next(isMessage('Held line'));
    expect(await visibleCount(liveId)).toBe(1);
  });

  it('three reports hide a message (§5): it leaves the room and the history', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const room = await join(liveId, alice);
    const posted = (await post(liveId, alice, 'Buy cheap watches here')).json() as {
      message: LiveChatMessage;
    };
    const messageId = wireIdText(posted.message._id);
    for (let i = 0; i < 3; i += 1) {
      const reporter = await person();
      const res = await call('POST', apiUrl('/reports'), reporter, {
        meeting_id: meetingId,
        kind: 'live_chat',
        target_id: messageId,
        reason: 'ad',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ hidden: i === 2 ? 1 : 0 });
    }
    expect(await room.next((e) => e.type === 'removed')).toEqual({
      type: 'removed',
      message_id: { $id: messageId },
    });
    const list = (await call('GET', apiUrl(`/lives/${liveId}/chats`), alice)).json() as {
      results: unknown[];
    };
    expect(list.results).toEqual([]);
  });

  it('a client that floods the socket is closed (1008); the server only pushes', async () => {
    const liveId = await makeLive();
    const room = await join(liveId, await person());
    for (let i = 0; i < 60; i += 1) room.socket.send('hi');
    expect(await room.closed).toBe(1008);
    const big = await join(liveId, await person());
    big.socket.send('x'.repeat(2048));
    expect(await big.closed).toBe(1009);
  });

  it('one viewer holds at most 5 sockets per live: the 6th closes with 4429, another viewer still joins', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const rooms = [];
    for (let i = 0; i < 5; i += 1) rooms.push(await join(liveId, alice));
    const sixth = await join(liveId, alice);
    expect(await sixth.closed).toBe(4429);
    const bob = await join(liveId, await person());
    expect(liveHubOf(world.t.app).localCount(liveId)).toBe(6);
    expect((await post(liveId, alice, 'Still here')).statusCode).toBe(200);
    for (const room of [...rooms, bob]) await room.next(isMessage('Still here'));
  });

  it("429 'Do not operate frequently!' past 5 messages in 10 seconds, with Retry-After", async () => {
    const liveId = await makeLive();
    const alice = await person();
    for (let i = 0; i < 5; i += 1) expect((await post(liveId, alice, `Quick ${i}`)).statusCode).toBe(200);
    const refused = await post(liveId, alice, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await visibleCount(liveId)).toBe(5);
    // The limit is per live: another room is still open to her.
    expect((await post(await makeLive(), alice, 'Elsewhere')).statusCode).toBe(200);
  });

  it('mute and ban (PUT /lives/{id}/users/{user_id}): the user hears it, a ban closes their socket', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const aliceId = wireIdText(alice.user_id);
    const room = await join(liveId, alice);
    // A user with no link to the live or its meeting cannot be moderated there (§6): 404, nothing stored.
    const stranger = await person();
    const strangerUrl = apiUrl(`/lives/${liveId}/users/${wireIdText(stranger.user_id)}`);
    expect((await call('PUT', strangerUrl, world.logins.organiser, { muted: 1 })).statusCode).toBe(404);
    const strangerRows = await world.t.database.db
      .select()
      .from(liveUsers)
      .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.userId, wireIdText(stranger.user_id))));
    expect(strangerRows).toEqual([]);
    // Posting links alice to the live.
    expect((await post(liveId, alice, 'Hello')).statusCode).toBe(200);
    const users = apiUrl(`/lives/${liveId}/users/${aliceId}`);
    expect((await call('PUT', users, world.logins.participant, { muted: 1 })).statusCode).toBe(403);
    expect((await call('PUT', users, null, { muted: 1 })).statusCode).toBe(401);
    expect(
      (await call('PUT', apiUrl(`/lives/${liveId}/users/${newId()}`), world.logins.organiser, { muted: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', users, world.logins.organiser, {})).statusCode).toBe(400);
    const muted = await call('PUT', users, world.logins.organiser, { muted: 1 });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toMatchObject({ muted: 1, banned: 0, allowed: 0 });
    expect(await room.next((e) => e.type === 'moderated')).toEqual({
      type: 'moderated',
      muted: 1,
      banned: 0,
    });
    const refused = await post(liveId, alice, 'Can I speak?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'live.muted' });
    const banned = await call('PUT', users, world.logins.organiser, { banned: '1' });
    expect(banned.json()).toMatchObject({ muted: 1, banned: 1 });
    expect(await room.closed).toBe(4403);
    const list = await call('GET', apiUrl(`/lives/${liveId}/chats`), alice);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'live.banned' });
    // A ticket signed before the ban does not open the room either.
    const early = signChatTicket(world.t.app.deps.config.AUTH_SECRET, {
      liveId,
      userId: aliceId,
      deviceId: 'd',
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    const again = await connect(liveId, early.ticket);
    expect(await again.closed).toBe(4403);
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'live_user'), eq(auditLog.entityId, aliceId)));
    expect(audit).toHaveLength(2);
    const console = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/chats`),
      world.logins.organiser,
    );
    expect(console.statusCode).toBe(200);
    const consoleUsers = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/users`),
      world.logins.organiser,
    );
    expect(consoleUsers.json()).toMatchObject({ items: [{ muted: 1, banned: 1 }] });
  });

  it('the right to watch changes (§6): access edited, grant revoked, live deleted close the sockets with 4408', async () => {
    const liveId = await makeLive();
    const nowS = Math.floor(Date.now() / 1000);
    const consoleLive = apiUrl(`/console/meetings/${meetingId}/lives/${liveId}`);
    const edit = (extra: Record<string, unknown>) =>
      call('PUT', consoleLive, world.logins.organiser, {
        title: { en: 'Opening keynote' },
        start: nowS - 3600,
        end: nowS + 3600,
        ...extra,
      });
    const alice = await person();
    const visitorRoom = await join(liveId, null);
    const aliceRoom = await join(liveId, alice);
    // An edit that leaves who may watch alone keeps the room open.
    expect((await edit({ title: { en: 'Keynote' } })).statusCode).toBe(200);
    await expect(
      Promise.race([aliceRoom.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 300))]),
    ).resolves.toBe('open');
    // Public → private: every socket closes; a new ticket is refused without a grant.
    const closedPrivate = await edit({ access: 'private' });
    expect(closedPrivate.statusCode, closedPrivate.body).toBe(200);
    expect(await visitorRoom.closed).toBe(4408);
    expect(await aliceRoom.closed).toBe(4408);
    expect((await call('POST', apiUrl(`/lives/${liveId}/chat/tickets`), alice)).statusCode).toBe(403);

    // A revoked grant closes that user's sockets only.
    const grants = apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/users`);
    expect((await call('POST', grants, world.logins.organiser, { account: alice.phone })).statusCode).toBe(
      200,
    );
    const granted = await join(liveId, alice);
    const organiserRoom = await join(liveId, world.logins.organiser);
    const standing = apiUrl(`/lives/${liveId}/users/${wireIdText(alice.user_id)}`);
    expect((await call('PUT', standing, world.logins.organiser, { allowed: 0 })).statusCode).toBe(200);
    expect(await granted.closed).toBe(4408);
    expect((await call('POST', apiUrl(`/lives/${liveId}/chat/tickets`), alice)).statusCode).toBe(403);

    // Deleted: the rest of the room closes.
    expect((await call('DELETE', consoleLive, world.logins.organiser)).statusCode).toBe(200);
    expect(await organiserRoom.closed).toBe(4408);
  });

  it('pin and delete: moderators pin, posters and moderators delete; the room hears both', async () => {
    const liveId = await makeLive();
    const alice = await person();
    const bob = await person();
    const room = await join(liveId, bob);
    const posted = (await post(liveId, alice, 'Pin me')).json() as { message: LiveChatMessage };
    const messageId = wireIdText(posted.message._id);
    const pin = apiUrl(`/lives/${liveId}/pin`);
    expect((await call('PUT', pin, alice, { message_id: messageId })).statusCode).toBe(403);
    expect((await call('PUT', pin, world.logins.organiser, { message_id: newId() })).statusCode).toBe(404);
    const pinned = await call('PUT', pin, world.logins.organiser, { message_id: messageId });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ pinned: { text: 'Pin me', pinned: 1 } });
    expect(await room.next((e) => e.type === 'pinned')).toMatchObject({
      type: 'pinned',
      message: { text: 'Pin me' },
    });
    const list = (await call('GET', apiUrl(`/lives/${liveId}/chats`), bob)).json() as {
      pinned: LiveChatMessage | null;
    };
    expect(list.pinned?.text).toBe('Pin me');

    const del = apiUrl(`/lives/${liveId}/chats/${messageId}`);
    expect((await call('DELETE', del, bob)).statusCode).toBe(403);
    const removed = await call('DELETE', del, world.logins.organiser);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await room.next((e) => e.type === 'removed')).toEqual({
      type: 'removed',
      message_id: { $id: messageId },
    });
    await room.next((e) => e.type === 'pinned' && e.message === null);
    expect((await call('DELETE', del, world.logins.organiser)).statusCode).toBe(404);
    const after = (await call('GET', apiUrl(`/lives/${liveId}/chats`), bob)).json() as {
      results: unknown[];
      pinned: unknown;
    };
    expect(after).toEqual({ results: [], pinned: null });

    const own = (await post(liveId, bob, 'Typo')).json() as { message: LiveChatMessage };
    expect(
      (await call('DELETE', apiUrl(`/lives/${liveId}/chats/${wireIdText(own.message._id)}`), bob)).statusCode,
    ).toBe(200);
    const audits = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'live_chat_message'));
    expect(audits.map((row) => row.entityId)).toEqual([messageId]);
  });

  it('socket tickets: forged, for another live, expired or spent close the socket with 4401', async () => {
    const liveId = await makeLive();
    const otherId = await makeLive();
    const alice = await person();
    const ticket = await ticketOf(liveId, alice);
    const forged = `${ticket.slice(0, -2)}${ticket.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await (await connect(liveId, forged)).closed).toBe(4401);
    expect(await (await connect(otherId, ticket)).closed).toBe(4401);
    expect(await (await connect(liveId, '')).closed).toBe(4401);
    liveClock.now = () => new Date(Date.now() + 61_000);
    expect(await (await connect(liveId, ticket)).closed).toBe(4401);
    liveClock.now = realNow;
    const good = await connect(liveId, ticket);
    expect(good.socket.readyState).toBe(WebSocket.OPEN);
    // Once: the same ticket does not open a second socket.
    expect(await (await connect(liveId, ticket)).closed).toBe(4401);
    // The socket is not an HTTP route: a plain GET answers no page and no stack.
    const plain = await world.t.call('GET', `/api/lives/${liveId}/chat/socket?ticket=x`, { unsigned: true });
    expect(plain.statusCode).toBeLessThan(500);
    expect(plain.body).not.toMatch(/at .*\.ts:/);
  });

  it('a server shutting down (a deploy) closes its viewers with 1001 going away, at once', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const liveId = newId();
    const { ticket } = signChatTicket(t.app.deps.config.AUTH_SECRET, {
      liveId,
      userId: null,
      deviceId: 'd',
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/lives/${liveId}/chat/socket?ticket=${ticket}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await t.close();
    expect(await closed).toBe(1001);
  });
});
