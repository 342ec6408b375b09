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
 * balancer form one room. The subscription is (re)issued on every 'ready' of the subscriber — a replica
 * that booted or lost its connection while Redis was down subscribes once Redis is back — and a
 * publish goes through Redis only while that subscription is in force. Without Redis, or while Redis
 * is unreachable, delivery is local only (one warning per outage, never thrown to the caller): never
 * both, so no socket hears an event twice.
 */

/** What the hub needs from a socket (a `ws` WebSocket satisfies it). */
export type HubSocket = {
  readonly readyState: number;
  /** Bytes queued and not yet sent (ws); a socket over `maxSocketBufferedBytes` is dropped. */
  readonly bufferedAmount?: number;
  send(data: Buffer | string, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  /** Drops the connection at once (ws), for a reader too slow to be sent a close frame. */
  terminate?(): void;
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
  /**
   * Closes every socket of the live on every replica with 4408 (§6 who may watch): after the live is
   * hidden, deleted or its access changed, clients reconnect with a new ticket, which re-checks.
   */
  closeLive(liveId: string): Promise<void>;
  /** Closes one user's sockets of the live (every replica) with 4408, e.g. a revoked private grant. */
  closeUser(liveId: string, userId: string): Promise<void>;
  /** Sockets of the live on this process (for figures and tests). */
  localCount(liveId: string): number;
};

/** The hub plus what the room socket (lives.socket.ts) needs; other modules use `LiveHub`. */
export type LiveHubInternal = LiveHub & {
  /**
   * Registers a socket in a live's room; returns the function that removes it. `viewerKey` (the user,
   * else the device) caps one viewer at `maxSocketsPerViewer` sockets per live on this process: the
   * next one is closed at once with 4429 (and its returned function does nothing).
   */
  attach(liveId: string, socket: HubSocket, userId: string | null, viewerKey?: string | null): () => void;
  /** Resolves once the Redis subscription is active, or its first attempt failed (at once without Redis). */
  ready(): Promise<void>;
  /** 'redis' when REDIS_URL is set, else 'local'. */
  readonly mode: 'redis' | 'local';
  close(): Promise<void>;
};

/**
 * Close codes of the room socket (application range 4000–4999): a banned user's sockets (4403), a
 * missing/forged/spent ticket (4401), a change of the right to watch — the live was hidden, deleted,
 * its access changed, or the user's grant revoked — after which the client asks for a new ticket and
 * the permission check runs again (4408, §6 who may watch), one viewer's socket beyond the cap per
 * live (4429), a reader too slow to keep up (1008 policy violation, via terminate), and shutdown (1001).
 */
export const liveSocketCloseCodes = {
  banned: 4403,
  ticketInvalid: 4401,
  reauthorise: 4408,
  tooManySockets: 4429,
  shutdown: 1001,
} as const;

/**
 * Bytes a socket may have queued and unsent before the hub gives up on it (terminates it rather than
 * queue more): a reader that does not keep up must not grow the server's memory (DESIGN §9 real time).
 */
export const maxSocketBufferedBytes = 1024 * 1024;
/** Open sockets one viewer (user, else device) may hold on one live per process; the next is refused. */
export const maxSocketsPerViewer = 5;

/** WebSocket OPEN readyState (ws and browsers agree). */
const socketOpen = 1;

/** Payload on the Redis channel; `close` closes the addressed sockets after the event (with `closeCode`). */
type Envelope = {
  liveId: string;
  userId?: string;
  close?: boolean;
  closeCode?: number;
  event?: LiveSocketEvent;
};

type Logger = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info?: (obj: object, msg: string) => void;
};

/** A socket of a room: whose it is (user id or null) and the viewer key its cap counts under. */
type Member = { userId: string | null; viewerKey: string | null };

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
  const rooms = new Map<string, Map<HubSocket, Member>>();
  const channel = `${options.keyPrefix}lives`;

  const deliver = (envelope: Envelope): void => {
    const room = rooms.get(envelope.liveId);
    if (!room || room.size === 0) return;
    // One serialisation and one buffer for the whole room: 2,000 sockets share it.
    const frame = envelope.event ? Buffer.from(JSON.stringify(envelope.event)) : undefined;
    for (const [socket, member] of room) {
      if (envelope.userId !== undefined && member.userId !== envelope.userId) continue;
      if (frame && socket.readyState === socketOpen) {
        if ((socket.bufferedAmount ?? 0) > maxSocketBufferedBytes) {
          // A slow reader: drop it instead of queueing more; the client reconnects and reloads.
          if (socket.terminate) socket.terminate();
          else socket.close(1008, 'too slow');
          continue;
        }
        socket.send(frame, { binary: false });
      }
      if (envelope.close) {
        const code = envelope.closeCode ?? liveSocketCloseCodes.banned;
        socket.close(code, code === liveSocketCloseCodes.banned ? 'banned' : 'access changed');
      }
    }
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  /** True only while the subscriber's SUBSCRIBE is in force: publish through Redis only then. */
  let isSubscribed = false;
  /** True from the first failure until Redis works again: one warning per outage, not per publish. */
  let isDegraded = false;
  const degrade = (obj: object, msg: string) => {
    if (isDegraded) return;
    isDegraded = true;
    log.warn(obj, `${msg}; delivering locally until it is back`);
  };
  let settleFirst: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => {
    settleFirst = resolve;
  });
  if (options.redisUrl) {
    // Subscribing is ours, on every 'ready' (first connect and each reconnect), so a replica that
    // booted while Redis was down subscribes once it is reachable; ioredis' own resubscribe is off.
    const redisOptions = { maxRetriesPerRequest: 2, connectTimeout: 5000, autoResubscribe: false };
    const pub = new Redis(options.redisUrl, redisOptions);
    const sub = new Redis(options.redisUrl, redisOptions);
    publisher = pub;
    subscriber = sub;
    pub.on('error', (err) => degrade({ err }, 'lives hub: redis publisher error'));
    sub.on('error', (err) => {
      degrade({ err }, 'lives hub: redis subscriber error');
      settleFirst(); // the app starts without Redis rather than wait for it
    });
    const unsubscribed = () => {
      isSubscribed = false;
    };
    sub.on('close', unsubscribed);
    sub.on('end', unsubscribed);
    sub.on('reconnecting', unsubscribed);
    const subscribe = () => {
      sub.subscribe(channel).then(
        () => {
          if (sub.status !== 'ready') return;
          isSubscribed = true;
          if (isDegraded) {
            isDegraded = false;
            (log.info ?? log.warn)({}, 'lives hub: redis subscription active again');
          }
          settleFirst();
        },
        (err: Error) => {
          degrade({ err }, 'lives hub: redis subscribe failed');
          settleFirst();
          // Still connected (e.g. a refused command): try again shortly; otherwise the next 'ready' does.
          if (sub.status === 'ready') setTimeout(() => sub.status === 'ready' && subscribe(), 1000).unref();
        },
      );
    };
    sub.on('ready', subscribe);
    sub.on('message', (received: string, payload: string) => {
      if (received !== channel) return;
      try {
        deliver(JSON.parse(payload) as Envelope);
      } catch (err) {
        log.warn({ err }, 'lives hub: unreadable message on the channel');
      }
    });
  } else {
    settleFirst();
  }

  const send = async (envelope: Envelope): Promise<void> => {
    if (publisher && isSubscribed && publisher.status === 'ready') {
      try {
        await publisher.publish(channel, JSON.stringify(envelope));
        isDegraded = false;
        return;
      } catch (err) {
        degrade({ err }, 'lives hub: redis publish failed');
      }
    } else if (publisher) {
      degrade({ status: publisher.status, subscribed: isSubscribed }, 'lives hub: redis not ready');
    }
    deliver(envelope);
  };

  return {
    mode: publisher ? 'redis' : 'local',
    publish: (liveId, event) => send({ liveId, event }),
    publishToUser: (liveId, userId, event, opts) =>
      send({ liveId, userId, event, ...(opts?.close ? { close: true } : {}) }),
    closeLive: (liveId) => send({ liveId, close: true, closeCode: liveSocketCloseCodes.reauthorise }),
    closeUser: (liveId, userId) =>
      send({ liveId, userId, close: true, closeCode: liveSocketCloseCodes.reauthorise }),
    localCount: (liveId) => rooms.get(liveId)?.size ?? 0,
    attach: (liveId, socket, userId, viewerKey = null) => {
      let room = rooms.get(liveId);
      if (viewerKey !== null && room) {
        let held = 0;
        for (const member of room.values()) if (member.viewerKey === viewerKey) held += 1;
        if (held >= maxSocketsPerViewer) {
          socket.close(liveSocketCloseCodes.tooManySockets, 'too many sockets');
          return () => undefined;
        }
      }
      if (!room) {
        room = new Map();
        rooms.set(liveId, room);
      }
      room.set(socket, { userId, viewerKey });
      return () => {
        const current = rooms.get(liveId);
        if (!current) return;
        current.delete(socket);
        if (current.size === 0) rooms.delete(liveId);
      };
    },
    ready: () => firstAttempt,
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
