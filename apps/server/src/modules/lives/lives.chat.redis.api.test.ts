import type { AddressInfo } from 'node:net';
import { type LiveSocketEvent, type LoginResult, signApikey } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { testDeviceId, testSalt } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { loadConfig } from '../../config.ts';
import { newId } from '../../db/ids.ts';
import { createResponseCache } from '../../plugins/response-cache.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { giveTicket, newPerson } from '../appointments/appointments.fixtures.ts';
import { liveHubOf } from './lives.hub.ts';

/**
 * Two server replicas (DESIGN §1, §9 real time): two apps, each listening on its own port with its
 * own hub and Redis connections, sharing one database. A message posted to replica A reaches a socket
 * connected to replica B, a ban decided on A closes the banned user's socket on B, and the chat rate
 * limit (§8 'Do not operate frequently!') counts across both. Runs only with REDIS_URL (CI's Redis pass).
 */

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('live chat across two replicas (Redis pub/sub)', () => {
  let world: DemoWorld;
  let replicaB: App;
  let portA: number;
  let portB: number;
  let liveId: string;
  const sockets: WebSocket[] = [];

  /** A signed request to replica B (same salt as the test app). */
  function callB(method: 'POST' | 'PUT', url: string, who: LoginResult, json: unknown) {
    const body = JSON.stringify(json);
    return replicaB.inject({
      method,
      url,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'device-id': testDeviceId,
        'client-id': testDeviceId,
        version: '2.23.1',
        authorization: `Bearer ${who.token}`,
        apikey: signApikey({
          salt: testSalt,
          method,
          pathWithQuery: url,
          timestamp: Math.floor(Date.now() / 1000),
          deviceId: testDeviceId,
          body,
        }),
      },
    });
  }

  async function ticketFor(who: LoginResult): Promise<string> {
    const res = await world.t.call('POST', `/api/lives/${liveId}/chat/tickets`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { ticket: string }).ticket;
  }

  function connect(port: number, ticket: string) {
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/lives/${liveId}/chat/socket?ticket=${encodeURIComponent(ticket)}`,
    );
    sockets.push(socket);
    const events: LiveSocketEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveSocketEvent));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return { socket, events, closed, opened };
  }

  async function until(check: () => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    world = await createDemoWorld();
    const configA = world.t.app.deps.config;
    replicaB = await buildApp({
      db: world.t.database.db,
      dbKind: world.t.database.kind,
      // Same secrets and Redis prefix as replica A: one deployment, two processes.
      config: loadConfig({
        NODE_ENV: 'test',
        APIKEY_SALT: testSalt,
        CACHE_TTL_SECONDS: '0',
        DATA_DIR: configA.DATA_DIR,
        AUTH_SECRET: configA.AUTH_SECRET,
        REDIS_URL: redisUrl as string,
        REDIS_KEY_PREFIX: configA.REDIS_KEY_PREFIX,
      }),
      cache: createResponseCache(0),
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 },
    });
    await world.t.app.listen({ port: 0, host: '127.0.0.1' });
    await replicaB.listen({ port: 0, host: '127.0.0.1' });
    portA = (world.t.app.server.address() as AddressInfo).port;
    portB = (replicaB.server.address() as AddressInfo).port;
    liveId = newId();
    await world.t.database.db.insert(lives).values({
      id: liveId,
      meetingId: world.meetingId,
      title: { en: 'Two replicas' },
      start: new Date(Date.now() - 3_600_000),
      end: new Date(Date.now() + 3_600_000),
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await replicaB?.close();
    await world?.t.close();
  });

  it('a message posted to replica A reaches a socket on replica B (and one on A, once each)', async () => {
    const alice = await newPerson(world.t, world.meetingId);
    const bob = await newPerson(world.t, world.meetingId);
    const onB = connect(portB, await ticketFor(bob));
    const onA = connect(portA, await ticketFor(alice));
    await Promise.all([onB.opened, onA.opened]);
    expect(liveHubOf(replicaB).localCount(liveId)).toBe(1);
    expect(liveHubOf(world.t.app).localCount(liveId)).toBe(1);
    const res = await world.t.call('POST', `/api/lives/${liveId}/chats`, {
      headers: { authorization: `Bearer ${alice.token}` },
      json: { text: 'Hello from replica A' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => onB.events.some((e) => e.type === 'message'));
    await until(() => onA.events.some((e) => e.type === 'message'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const room of [onA, onB]) {
      expect(room.events).toHaveLength(1);
      expect(room.events[0]).toMatchObject({ type: 'message', message: { text: 'Hello from replica A' } });
    }
  });

  it('a ban decided on replica A closes the banned user’s socket on replica B', async () => {
    const carol = await newPerson(world.t, world.meetingId);
    // A participant of the meeting: moderation reaches users linked to the live or its meeting (§6).
    await giveTicket(world.t, { meetingId: world.meetingId, userId: wireIdText(carol.user_id) });
    const onB = connect(portB, await ticketFor(carol));
    await onB.opened;
    // Let replica B finish its connect-time checks (ticket spent, ban) before the ban is decided.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await world.t.call('PUT', `/api/lives/${liveId}/users/${wireIdText(carol.user_id)}`, {
      headers: { authorization: `Bearer ${world.logins.organiser.token}` },
      json: { banned: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onB.closed).toBe(4403);
    expect(onB.events).toEqual([{ type: 'moderated', muted: 0, banned: 1 }]);
  });

  it('the chat limit counts across replicas (§8): 5 on A, the 6th on B is 429', async () => {
    const dave = await newPerson(world.t, world.meetingId);
    for (let i = 0; i < 5; i += 1) {
      const res = await world.t.call('POST', `/api/lives/${liveId}/chats`, {
        headers: { authorization: `Bearer ${dave.token}` },
        json: { text: `Line ${i} from Dave` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await callB('POST', `/api/lives/${liveId}/chats`, dave, { text: 'One more from Dave' });
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
  });
});
