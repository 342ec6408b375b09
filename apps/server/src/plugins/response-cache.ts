import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App, CachedResponse, ResponseCache } from '../app-types.ts';
import { awaitsAnswerMeetingCheck } from './auth.ts';
import { normalisedUrlOf } from './path-normalisation.ts';
import { overlaidBody } from './viewer-overlay.ts';

/** Answers smaller than this are stored and sent uncompressed (the compress plugin's threshold). */
const compressThresholdBytes = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Creates the short-lived, in-process cache of serialised public GET responses (DESIGN §5: PGlite tops
 * out near a hundred uncached session lists per second). Keyed by the URL; entries live `ttlSeconds`;
 * call `clear()` after a write so a change shows at once in this process (other processes see it
 * within the TTL). Each entry keeps the JSON and its brotli and gzip forms, compressed once when
 * stored — on libuv's thread pool, not the event loop — so a hit costs no compression. A TTL of 0
 * disables it. At most 2,000 entries or 128 MiB.
 */
export function createResponseCache(ttlSeconds: number): ResponseCache {
  let generation = 0;
  const compressed = async (body: string): Promise<CachedResponse> => {
    if (Buffer.byteLength(body) < compressThresholdBytes) return { body };
    const [br, gz] = await Promise.all([
      brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipAsync(body, { level: 6 }),
    ]);
    return { body, br, gzip: gz };
  };
  if (ttlSeconds <= 0) {
    return {
      isEnabled: false,
      get: () => undefined,
      set: (_key, body) => compressed(body),
      generation: () => generation,
      clear: () => {
        generation++;
      },
    };
  }
  const lru = new LRUCache<string, CachedResponse>({
    max: 2_000,
    maxSize: 128 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) || 1,
    ttl: ttlSeconds * 1000,
  });
  return {
    isEnabled: true,
    get: (key) => lru.get(key),
    set: async (key, body, readAt) => {
      const entry = await compressed(body);
      if (readAt === generation) lru.set(key, entry);
      return entry;
    },
    generation: () => generation,
    clear: () => {
      generation++;
      lru.clear();
    },
  };
}

/**
 * How the cache may answer a request: 'shared' (the same answer for every caller: a route marked
 * `isCacheable`, or `isCacheableForGuests` asked without a session), 'overlaid' (an
 * `isCacheableForGuests` route with a `viewerOverlay`, asked by a logged-in caller: the guests'
 * answer with the caller's own part laid on), or null (not from the cache: a logged-in caller's
 * answer carries their own likes). Runs after plugins/auth.ts, which has resolved the actor.
 */
function cacheModeOf(request: FastifyRequest): 'shared' | 'overlaid' | null {
  // An items-by-_id answer is checked against its meetings' rules (plugins/auth.ts): never from the cache.
  if (request.method !== 'GET' || awaitsAnswerMeetingCheck(request)) return null;
  const { config } = request.routeOptions;
  if (config.isCacheable) return 'shared';
  if (!config.isCacheableForGuests) return null;
  if (!request.actor.userId) return 'shared';
  return config.viewerOverlay ? 'overlaid' : null;
}

/** Logged-in requests whose handler computes the guests' answer for the cache ('overlaid' flights). */
const guestShaped = new WeakSet<FastifyRequest>();

/**
 * The user whose own data (likes) a handler puts in its answer: the caller, or null while the
 * answer is computed in the guests' shape for the cache, to which `viewerOverlay` then adds the
 * caller's part. Handlers of routes with a `viewerOverlay` read the viewer here, not from the actor.
 */
export function viewerIdOf(request: FastifyRequest): string | null {
  return guestShaped.has(request) ? null : request.actor.userId;
}

/** The guests' cached `entry` with the caller's own part laid on by the route's `viewerOverlay`, as JSON. */
async function overlaid(request: FastifyRequest, entry: CachedResponse): Promise<string> {
  const overlay = request.routeOptions.config.viewerOverlay;
  const userId = request.actor.userId;
  if (!overlay || !userId) return entry.body;
  return overlaidBody(entry, overlay, userId);
}

/** The form of `entry` the client accepts: brotli, gzip, or the JSON itself. */
function encodedForm(
  request: FastifyRequest,
  entry: CachedResponse,
): { encoding?: string; payload: string | Buffer } {
  const accepted = request.headers['accept-encoding'];
  const encoding = entry.br && entry.gzip && accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  if (encoding === 'br' && entry.br) return { encoding, payload: entry.br };
  if (encoding === 'gzip' && entry.gzip) return { encoding, payload: entry.gzip };
  return { payload: entry.body };
}

/** Sets the JSON type, Vary and (when compressed) Content-Encoding of `entry` and answers its payload. */
function prepareEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): string | Buffer {
  const { encoding, payload } = encodedForm(request, entry);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return payload;
}

/** The first miss of a URL, which the requests arriving meanwhile wait for. */
type Flight = { key: string; generation: number; settle: (entry: CachedResponse | undefined) => void };

/**
 * Serves routes whose config has `isCacheable` (or `isCacheableForGuests`, for anonymous callers) from
 * the cache — in the encoding the client accepts, as stored — and stores their successful JSON
 * payloads. Only GETs; the key is the normalised path and the query as sent. A logged-in caller of an
 * `isCacheableForGuests` route with a `viewerOverlay` gets the guests' entry with their own part laid
 * on (one small query instead of the whole list's); on a miss their handler computes the guests'
 * answer (viewerIdOf() is null), which is stored, and the overlay is applied to what they are sent.
 *
 * A miss is computed once: requests for the same URL arriving while the first one runs wait for its
 * answer instead of each querying the database and compressing the same JSON (at the end of every TTL
 * fifty clients in flight would otherwise all miss). The first request compresses its answer once,
 * stores it and sends the form its client accepts; a failed or non-200 first answer lets the waiting
 * requests run their own handlers. Registered before @fastify/compress: every answer here carries its
 * own Content-Encoding, which the compress plugin leaves alone.
 */
export function registerResponseCache(app: App): void {
  const { cache } = app.deps;
  if (!cache.isEnabled) return;
  const inFlight = new Map<string, Promise<CachedResponse | undefined>>();
  const flights = new WeakMap<FastifyRequest, Flight>();

  /** Ends the request's flight (if it leads one) with `entry`; waiters without an entry run their own handlers. */
  const land = (request: FastifyRequest, entry: CachedResponse | undefined) => {
    const flight = flights.get(request);
    if (!flight) return;
    flights.delete(request);
    flight.settle(entry);
  };

  // preHandler, not onRequest: a cached answer is still given only after the Apikey check and input
  // validation (and the guest-view rule of plugins/auth.ts) have passed.
  app.addHook('preHandler', async (request, reply) => {
    const mode = cacheModeOf(request);
    if (!mode) return;
    const key = normalisedUrlOf(request);
    let entry = cache.get(key);
    if (entry === undefined) {
      // A flight that began before a write (clear()) is not joined: its answer may predate the write.
      const generation = cache.generation();
      const flightKey = `${generation} ${key}`;
      const leading = inFlight.get(flightKey);
      if (leading === undefined) {
        let settle: Flight['settle'] = () => {};
        const answer = new Promise<CachedResponse | undefined>((resolve) => {
          settle = resolve;
        });
        inFlight.set(flightKey, answer);
        void answer.then(() => inFlight.delete(flightKey));
        flights.set(request, { key, generation, settle });
        if (mode === 'overlaid') guestShaped.add(request);
        return;
      }
      entry = await leading;
      if (entry === undefined) return;
    }
    reply.header('x-cache', 'hit');
    if (mode === 'overlaid') {
      // Compressed by @fastify/compress on the way out: the caller's answer is their own.
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(await overlaid(request, entry));
    }
    return reply.send(prepareEntry(request, reply, entry));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const flight = flights.get(request);
    if (!flight) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      land(request, undefined);
      return payload;
    }
    let entry: CachedResponse | undefined;
    try {
      entry = await cache.set(flight.key, payload, flight.generation);
    } finally {
      land(request, entry);
    }
    if (guestShaped.has(request)) {
      guestShaped.delete(request);
      return overlaid(request, entry);
    }
    return prepareEntry(request, reply, entry);
  });

  // A first request that ends without onSend (client gone, hijacked reply) must not leave waiters hanging.
  app.addHook('onResponse', async (request) => land(request, undefined));
  app.addHook('onRequestAbort', async (request) => land(request, undefined));
}
