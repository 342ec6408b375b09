import type { LiveSocketEvent } from '@app/contracts';
import { Redis } from 'ioredis';
import type { App, AppDeps } from '../../app-types.ts';
import type { Config } from '../../config.ts';

/**
 * The live rooms' real-time fan-out (DESIGN §9 real time; §7 Lives chat).
 *
 * Each process keeps its own sockets per live (Map liveId → Set<socket>, each with its user id). An
 * event is serialised once and written to every local socket of the live. With REDIS_URL, every
 * publish goes through one Redis channel (`${REDIS_KEY_PREFIX}lives`) and each process — the
 * publisher included — delivers what it receives to its local sockets, so N replicas behind a load
 * balancer form one room. Without Redis, or while Redis is unreachable, delivery is local only
 * (logged, never thrown to the caller): never both, so no socket hears an event twice.
 */

/** What the hub needs from a socket (a `ws` WebSocket satisfies it). */
export type HubSocket = {
  readonly readyState: number;
  send(data: Buffer | string, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
};

export type LiveHub = {
  /** Delivers `event` to every socket of the live on every replica (Redis pub/sub when REDIS_URL). */
  publish(liveId: string, event: LiveSocketEvent): Promise<void>;
  /** Delivers `event` to one user's sockets of the live (every replica); `close` closes them after. */
  publishToUser(
    liveId: string,
    userId: string,
    event: LiveSocketEvent,
    options?: { close?: boolean },
  ): Promise<void>;
  /** Sockets of the live on this process (for figures and tests). */
  localCount(liveId: string): number;
};

/** The hub plus what the room socket (lives.socket.ts) needs; other modules use `LiveHub`. */
export type LiveHubInternal = LiveHub & {
  /** Registers a socket in a live's room; returns the function that removes it. */
  attach(liveId: string, socket: HubSocket, userId: string | null): () => void;
  /** Resolves once the Redis subscription is active (at once without Redis). */
  ready(): Promise<void>;
  /** 'redis' when REDIS_URL is set, else 'local'. */
  readonly mode: 'redis' | 'local';
  close(): Promise<void>;
};

/** The close code sent to a banned user's sockets (application range 4000–4999). */
export const liveSocketCloseCodes = { banned: 4403, ticketInvalid: 4401, shutdown: 1001 } as const;

/** WebSocket OPEN readyState (ws and browsers agree). */
const socketOpen = 1;

/** Payload on the Redis channel. */
type Envelope = { liveId: string; userId?: string; close?: boolean; event: LiveSocketEvent };

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Creates a hub. Exported for the bench and tests; the app's own is `liveHubOf(app)`.
 * @param options.redisUrl when set, fan-out across processes through Redis pub/sub.
 */
export function createLiveHub(options: {
  redisUrl?: string;
  keyPrefix: string;
  log: Logger;
}): LiveHubInternal {
  const { log } = options;
  const rooms = new Map<string, Map<HubSocket, string | null>>();
  const channel = `${options.keyPrefix}lives`;

  const deliver = (envelope: Envelope): void => {
    const room = rooms.get(envelope.liveId);
    if (!room || room.size === 0) return;
    // One serialisation and one buffer for the whole room: 2,000 sockets share it.
    const frame = Buffer.from(JSON.stringify(envelope.event));
    for (const [socket, userId] of room) {
      if (envelope.userId !== undefined && userId !== envelope.userId) continue;
      if (socket.readyState === socketOpen) socket.send(frame, { binary: false });
      if (envelope.close) socket.close(liveSocketCloseCodes.banned, 'banned');
    }
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let subscribed: Promise<void> = Promise.resolve();
  if (options.redisUrl) {
    const redisOptions = { maxRetriesPerRequest: 2, connectTimeout: 5000 };
    publisher = new Redis(options.redisUrl, redisOptions);
    subscriber = new Redis(options.redisUrl, redisOptions);
    publisher.on('error', (err) => log.warn({ err }, 'lives hub: redis publisher error'));
    subscriber.on('error', (err) => log.warn({ err }, 'lives hub: redis subscriber error'));
    subscriber.on('message', (received: string, payload: string) => {
      if (received !== channel) return;
      try {
        deliver(JSON.parse(payload) as Envelope);
      } catch (err) {
        log.warn({ err }, 'lives hub: unreadable message on the channel');
      }
    });
    subscribed = subscriber.subscribe(channel).then(
      () => undefined,
      (err: Error) => log.warn({ err }, 'lives hub: redis subscribe failed; delivering locally'),
    );
  }

  const send = async (envelope: Envelope): Promise<void> => {
    if (publisher && publisher.status === 'ready' && subscriber?.status === 'ready') {
      try {
        await publisher.publish(channel, JSON.stringify(envelope));
        return;
      } catch (err) {
        log.warn({ err }, 'lives hub: redis publish failed; delivering locally');
      }
    } else if (publisher) {
      log.warn({ status: publisher.status }, 'lives hub: redis not ready; delivering locally');
    }
    deliver(envelope);
  };

  return {
    mode: publisher ? 'redis' : 'local',
    publish: (liveId, event) => send({ liveId, event }),
    publishToUser: (liveId, userId, event, opts) =>
      send({ liveId, userId, event, ...(opts?.close ? { close: true } : {}) }),
    localCount: (liveId) => rooms.get(liveId)?.size ?? 0,
    attach: (liveId, socket, userId) => {
      let room = rooms.get(liveId);
      if (!room) {
        room = new Map();
        rooms.set(liveId, room);
      }
      room.set(socket, userId);
      return () => {
        const current = rooms.get(liveId);
        if (!current) return;
        current.delete(socket);
        if (current.size === 0) rooms.delete(liveId);
      };
    },
    ready: () => subscribed,
    close: async () => {
      for (const room of rooms.values()) {
        for (const socket of room.keys()) socket.close(liveSocketCloseCodes.shutdown, 'server closing');
      }
      rooms.clear();
      await Promise.all(
        [publisher, subscriber].map(async (redis) => {
          if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
        }),
      );
    },
  };
}

/** One hub per app (keyed by its deps object, shared by every encapsulated child instance). */
const hubs = new WeakMap<AppDeps, LiveHubInternal>();
/** The same hubs by the app's configuration object, for services that get `{ db, config }` only. */
const hubsByConfig = new WeakMap<Config, LiveHubInternal>();

/**
 * The hub of the app whose configuration object is `config`, if that app created one (services that
 * receive `{ db, config }`, e.g. the moderation queue's after-commit hook); undefined otherwise.
 */
export function liveHubOfConfig(config: Config | undefined): LiveHub | undefined {
  return config ? hubsByConfig.get(config) : undefined;
}

/**
 * The app's hub, created on first use; closed with the app (onClose). The chat routes create it at
 * registration (liveChatRoutes), so request-time callers (A's pause/edit, C's online figures) find it.
 */
export function liveHubOf(app: App): LiveHub {
  return liveHubInternalOf(app);
}

/** `liveHubOf` with the socket-side methods (lives.socket.ts, tests). */
export function liveHubInternalOf(app: App): LiveHubInternal {
  let hub = hubs.get(app.deps);
  if (hub) return hub;
  const created = createLiveHub({
    redisUrl: app.deps.config.REDIS_URL,
    keyPrefix: app.deps.config.REDIS_KEY_PREFIX,
    log: app.log,
  });
  hub = created;
  const deps = app.deps;
  hubs.set(deps, created);
  hubsByConfig.set(deps.config, created);
  const forget = () => {
    hubs.delete(deps);
    if (hubsByConfig.get(deps.config) === created) hubsByConfig.delete(deps.config);
  };
  try {
    app.addHook('onClose', async () => {
      forget();
      await created.close();
    });
  } catch (err) {
    // Created after the app started (no chat routes registered): close with the HTTP server instead.
    app.log.warn({ err }, 'lives hub: created after start; closing with the server');
    app.server.once('close', () => {
      forget();
      void created.close();
    });
  }
  return hub;
}
