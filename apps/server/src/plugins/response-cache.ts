import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App, CachedResponse, ResponseCache } from '../app-types.ts';
import { normalisedUrlOf } from './path-normalisation.ts';

/** Answers smaller than this are stored and sent uncompressed (the compress plugin's threshold). */
const compressThresholdBytes = 1024;

/**
 * Creates the short-lived, in-process cache of serialised public GET responses (DESIGN §5: PGlite tops
 * out near a hundred uncached session lists per second). Keyed by the URL as sent; entries live
 * `ttlSeconds`; call `clear()` after a write so a change shows at once in this process (other processes
 * see it within the TTL). Each entry keeps the JSON and its brotli and gzip forms, compressed once when
 * stored, so a hit costs no compression. A TTL of 0 disables it. At most 2,000 entries or 128 MiB.
 */
export function createResponseCache(ttlSeconds: number): ResponseCache {
  if (ttlSeconds <= 0) return { get: () => undefined, set: () => {}, clear: () => {} };
  const lru = new LRUCache<string, CachedResponse>({
    max: 2_000,
    maxSize: 128 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) || 1,
    ttl: ttlSeconds * 1000,
  });
  return {
    get: (key) => lru.get(key),
    set: (key, body) => {
      const isWorthCompressing = Buffer.byteLength(body) >= compressThresholdBytes;
      lru.set(key, {
        body,
        ...(isWorthCompressing
          ? {
              br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
              gzip: gzipSync(body, { level: 6 }),
            }
          : {}),
      });
    },
    clear: () => lru.clear(),
  };
}

/**
 * A GET the cache may answer: a route marked `isCacheable`, or `isCacheableForGuests` asked without a
 * session (a logged-in caller's answer carries their own likes). Runs after plugins/auth.ts, which has
 * resolved the actor.
 */
function isCacheableRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const { config } = request.routeOptions;
  return Boolean(config.isCacheable || (config.isCacheableForGuests && !request.actor.userId));
}

/**
 * Serves routes whose config has `isCacheable` (or `isCacheableForGuests`, for anonymous callers) from the cache — in the encoding the client accepts —
 * and stores their successful JSON payloads. Only GETs; the key is the normalised path and the query as sent.
 * Registered before @fastify/compress so it stores the uncompressed JSON; a hit carries its own
 * Content-Encoding, which the compress plugin leaves alone.
 */
export function registerResponseCache(app: App): void {
  // preHandler, not onRequest: a cached answer is still given only after the Apikey check and input
  // validation have passed.
  app.addHook('preHandler', async (request, reply) => {
    if (!isCacheableRequest(request)) return;
    const hit = app.deps.cache.get(normalisedUrlOf(request));
    if (hit === undefined) return;
    reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
    const accepted = request.headers['accept-encoding'];
    const encoding = hit.br && hit.gzip && accepted ? negotiate(accepted, ['br', 'gzip']) : null;
    if (encoding) {
      reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return reply.send(encoding === 'br' ? hit.br : hit.gzip);
    }
    return reply.send(hit.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      isCacheableRequest(request) &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      reply.getHeader('x-cache') !== 'hit'
    ) {
      app.deps.cache.set(normalisedUrlOf(request), payload);
    }
    return payload;
  });
}
