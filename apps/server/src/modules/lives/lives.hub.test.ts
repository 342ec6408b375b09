import type { LiveSocketEvent } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveHub, type HubSocket, type LiveHubInternal, liveSocketCloseCodes } from './lives.hub.ts';
import { signChatTicket, verifyChatTicket } from './lives.ticket.ts';

/**
 * The live rooms' hub (DESIGN §9 real time) without a server: fan-out per live and per user, a ban
 * closing a user's sockets, and Redis unreachable → local delivery, never an error for the caller.
 * And the socket tickets (§7 Lives chat): signed, bound to one live, expiring.
 */

type FakeSocket = HubSocket & { frames: string[]; closedWith: number | null };

function fakeSocket(): FakeSocket {
  const socket: FakeSocket = {
    readyState: 1,
    frames: [],
    closedWith: null,
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
    expect(warnings.some((w) => w.includes('delivering locally'))).toBe(true);
  });
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
