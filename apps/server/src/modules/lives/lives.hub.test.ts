import { type ChildProcess, spawn } from 'node:child_process';
import type { LiveSocketEvent } from '@app/contracts';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLiveHub,
  type HubSocket,
  type LiveHubInternal,
  liveSocketCloseCodes,
  maxSocketBufferedBytes,
  maxSocketsPerViewer,
} from './lives.hub.ts';
import { signChatTicket, verifyChatTicket } from './lives.ticket.ts';

/**
 * The live rooms' hub (DESIGN §9 real time) without a server: fan-out per live and per user, a ban
 * closing a user's sockets, and Redis unreachable → local delivery, never an error for the caller.
 * And the socket tickets (§7 Lives chat): signed, bound to one live, expiring.
 */

type FakeSocket = HubSocket & {
  frames: string[];
  closedWith: number | null;
  bufferedAmount: number;
  isTerminated: boolean;
};

function fakeSocket(): FakeSocket {
  const socket: FakeSocket = {
    readyState: 1,
    bufferedAmount: 0,
    isTerminated: false,
    frames: [],
    closedWith: null,
    terminate() {
      socket.isTerminated = true;
      (socket as { readyState: number }).readyState = 3;
    },
    send(data) {
      socket.frames.push(String(data));
    },
    close(code) {
      socket.closedWith = code ?? 1000;
      (socket as { readyState: number }).readyState = 3;
    },
  };
  return socket;
}

const silent = { warn: () => undefined, error: () => undefined };
const event: LiveSocketEvent = { type: 'state', state: 'paused' };
const hubs: LiveHubInternal[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

describe('live hub', () => {
  it('delivers to every socket of the live only, one user’s sockets only, and closes on a ban', async () => {
    const hub = createLiveHub({ keyPrefix: 't:', log: silent });
    hubs.push(hub);
    const [a1, a2, b, other] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    hub.attach('live-1', a1, 'user-a');
    const detachA2 = hub.attach('live-1', a2, 'user-a');
    hub.attach('live-1', b, null);
    hub.attach('live-2', other, 'user-a');
    expect(hub.mode).toBe('local');
    expect(hub.localCount('live-1')).toBe(3);
    await hub.publish('live-1', event);
    expect([a1, a2, b].map((s) => s.frames)).toEqual([
      [JSON.stringify(event)],
      [JSON.stringify(event)],
      [JSON.stringify(event)],
    ]);
    expect(other.frames).toEqual([]);
    detachA2();
    expect(hub.localCount('live-1')).toBe(2);
    const moderated: LiveSocketEvent = { type: 'moderated', muted: 0, banned: 1 };
    await hub.publishToUser('live-1', 'user-a', moderated, { close: true });
    expect(a1.frames.at(-1)).toBe(JSON.stringify(moderated));
    expect(a1.closedWith).toBe(liveSocketCloseCodes.banned);
    expect(b.frames).toHaveLength(1);
    expect(b.closedWith).toBeNull();
    expect(other.closedWith).toBeNull();
    // A closed socket is not written to.
    await hub.publish('live-1', event);
    expect(a1.frames).toHaveLength(2);
  });

  it('drops a reader whose unsent bytes exceed the limit, and caps one viewer’s sockets per live', async () => {
    const hub = createLiveHub({ keyPrefix: 't:', log: silent });
    hubs.push(hub);
    const [slow, quick] = [fakeSocket(), fakeSocket()];
    hub.attach('live-1', slow, null, 'd:slow');
    hub.attach('live-1', quick, null, 'd:quick');
    slow.bufferedAmount = maxSocketBufferedBytes + 1;
    await hub.publish('live-1', event);
    expect(slow.isTerminated).toBe(true);
    expect(slow.frames).toEqual([]);
    expect(quick.frames).toEqual([JSON.stringify(event)]);

    const held = Array.from({ length: maxSocketsPerViewer }, () => fakeSocket());
    const detachers = held.map((socket) => hub.attach('live-2', socket, 'user-a', 'u:user-a'));
    const extra = fakeSocket();
    hub.attach('live-2', extra, 'user-a', 'u:user-a');
    expect(extra.closedWith).toBe(liveSocketCloseCodes.tooManySockets);
    expect(hub.localCount('live-2')).toBe(maxSocketsPerViewer);
    // Another viewer, and the same viewer on another live, are not affected; a freed slot is reusable.
    const otherViewer = fakeSocket();
    hub.attach('live-2', otherViewer, 'user-b', 'u:user-b');
    expect(otherViewer.closedWith).toBeNull();
    detachers[0]?.();
    const again = fakeSocket();
    hub.attach('live-2', again, 'user-a', 'u:user-a');
    expect(again.closedWith).toBeNull();
  });

  it('closeLive closes every socket of the live with 4408, closeUser only that user’s', async () => {
    const hub = createLiveHub({ keyPrefix: 't:', log: silent });
    hubs.push(hub);
    const [a, b, c, elsewhere] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    hub.attach('live-1', a, 'user-a');
    hub.attach('live-1', b, 'user-b');
    hub.attach('live-2', c, 'user-a');
    hub.attach('live-3', elsewhere, null);
    await hub.closeUser('live-2', 'user-b');
    expect(c.closedWith).toBeNull();
    await hub.closeUser('live-2', 'user-a');
    expect(c.closedWith).toBe(liveSocketCloseCodes.reauthorise);
    expect(c.frames).toEqual([]);
    await hub.closeLive('live-1');
    expect([a.closedWith, b.closedWith]).toEqual([
      liveSocketCloseCodes.reauthorise,
      liveSocketCloseCodes.reauthorise,
    ]);
    expect(elsewhere.closedWith).toBeNull();
  });

  it('Redis unreachable: publishes are delivered locally and never throw', async () => {
    const warnings: string[] = [];
    const hub = createLiveHub({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: 't:',
      log: { warn: (_o, msg) => warnings.push(msg), error: () => undefined },
    });
    hubs.push(hub);
    const socket = fakeSocket();
    hub.attach('live-1', socket, null);
    expect(hub.mode).toBe('redis');
    await expect(hub.publish('live-1', event)).resolves.toBeUndefined();
    expect(socket.frames).toEqual([JSON.stringify(event)]);
    // One warning per outage, not one per publish.
    await hub.publish('live-1', event);
    await hub.publish('live-1', event);
    expect(socket.frames).toHaveLength(3);
    expect(warnings.filter((w) => w.includes('delivering locally'))).toHaveLength(1);
  });
});

/** A redis-server of this test's own on a spare port, started and stopped at will (needs REDIS_URL set). */
describe.skipIf(!process.env.REDIS_URL)('live hub with a Redis that comes and goes', () => {
  const port = 6391;
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const startRedis = async () => {
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 }).on(
      'error',
      () => undefined,
    );
    await expect.poll(() => probe.ping().catch(() => 'down'), { timeout: 5000 }).toBe('PONG');
    probe.disconnect();
  };
  const stopRedis = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGTERM');
    });
  };
  afterEach(stopRedis);

  it('a replica booted while Redis was down subscribes once it is up, and again after it restarts', async () => {
    const warnings: string[] = [];
    const log = { warn: (_o: object, msg: string) => warnings.push(msg), error: () => undefined };
    const hub = createLiveHub({ redisUrl: url, keyPrefix: 'rc:', log });
    hubs.push(hub);
    await hub.ready(); // resolves on the first failure: the app boots without Redis
    const socket = fakeSocket();
    hub.attach('live-1', socket, null);
    // Down: local delivery, exactly once, and one warning however many publishes.
    await hub.publish('live-1', event);
    await hub.publish('live-1', event);
    expect(socket.frames).toHaveLength(2);
    expect(warnings.filter((w) => w.includes('delivering locally'))).toHaveLength(1);

    await startRedis();
    const other = createLiveHub({ redisUrl: url, keyPrefix: 'rc:', log: silent });
    hubs.push(other);
    await other.ready();
    const admin = new Redis(url).on('error', () => undefined);
    const subscribers = async () => {
      const [, count] = (await admin.pubsub('NUMSUB', 'rc:lives')) as [string, number];
      return Number(count);
    };
    // Both replicas subscribed: the one that booted deaf included.
    await expect.poll(subscribers, { timeout: 8000 }).toBe(2);
    // An event published on the other replica reaches this one's socket, once.
    await other.publish('live-1', event);
    await expect.poll(() => socket.frames.length, { timeout: 3000 }).toBe(3);
    await hub.publish('live-1', event);
    await expect.poll(() => socket.frames.length, { timeout: 3000 }).toBe(4);
    admin.disconnect();

    // Redis restarts: the subscription is issued again.
    await stopRedis();
    await hub.publish('live-1', event); // local while down
    expect(socket.frames).toHaveLength(5);
    await startRedis();
    const admin2 = new Redis(url).on('error', () => undefined);
    const again = async () => {
      const [, count] = (await admin2.pubsub('NUMSUB', 'rc:lives')) as [string, number];
      return Number(count);
    };
    await expect.poll(again, { timeout: 8000 }).toBe(2);
    await other.publish('live-1', event);
    await expect.poll(() => socket.frames.length, { timeout: 3000 }).toBe(6);
    admin2.disconnect();
  }, 30_000);
});

describe('chat socket tickets', () => {
  const secret = 'a-test-secret-0123456789';
  const liveId = '0123456789abcdef01234567';
  const userId = '89abcdef0123456789abcdef';

  it('round-trips for its live until it expires', () => {
    const { ticket, expires } = signChatTicket(secret, {
      liveId,
      userId,
      deviceId: 'dev.1',
      nowSeconds: 1000,
    });
    expect(expires).toBe(1060);
    expect(verifyChatTicket(secret, ticket, liveId, 1060)).toMatchObject({
      liveId,
      userId,
      deviceId: 'dev.1',
      expires: 1060,
    });
    // Two tickets of the same second are distinct (each is spent on its own).
    const twin = signChatTicket(secret, { liveId, userId, deviceId: 'dev.1', nowSeconds: 1000 });
    expect(verifyChatTicket(secret, twin.ticket, liveId, 1000)?.useKey).not.toBe(
      verifyChatTicket(secret, ticket, liveId, 1000)?.useKey,
    );
    expect(verifyChatTicket(secret, ticket, liveId, 1061)).toBeNull();
    expect(verifyChatTicket(secret, ticket, 'fedcba9876543210fedcba98', 1000)).toBeNull();
    expect(verifyChatTicket('another-secret-0123456789', ticket, liveId, 1000)).toBeNull();
    const visitor = signChatTicket(secret, { liveId, userId: null, deviceId: null, nowSeconds: 1000 });
    expect(verifyChatTicket(secret, visitor.ticket, liveId, 1000)?.userId).toBeNull();
  });

  it('refuses tampered and malformed tickets', () => {
    const { ticket } = signChatTicket(secret, { liveId, userId, deviceId: 'd', nowSeconds: 1000 });
    const [payload = '', signature = ''] = ticket.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ l: liveId, u: userId, d: 'd', e: 9_999_999_999 }),
    ).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.`,
      '',
      'x.y',
      `${payload}.${signature}x`,
      'a'.repeat(5000),
    ]) {
      expect(verifyChatTicket(secret, bad, liveId, 1000), bad.slice(0, 20)).toBeNull();
    }
  });
});
