import { LRUCache } from 'lru-cache';
import type { App, ResponseCache } from '../app-types.ts';

/**
 * Creates the short-lived, in-process cache of serialised public GET responses (DESIGN §5: PGlite tops
 * out near 800 uncached list requests/s). Keyed by the full URL; entries live `ttlSeconds`; call
 * `clear()` after any write so a change shows at once in this process (other processes see it within
 * the TTL). A TTL of 0 disables it. At most 2,000 entries or 64 MiB of bodies.
 */
export function createResponseCache(ttlSeconds: number): ResponseCache {
  if (ttlSeconds <= 0) return { get: () => undefined, set: () => {}, clear: () => {} };
  const lru = new LRUCache<string, string>({
    max: 2_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (value) => value.length || 1,
    ttl: ttlSeconds * 1000,
  });
  return {
    get: (key) => lru.get(key),
    set: (key, body) => lru.set(key, body),
    clear: () => lru.clear(),
  };
}

/**
 * Serves routes whose config has `isCacheable` from the cache, and stores their successful JSON
 * payloads. Only GETs; the key is the URL as sent (path + query).
 */
export function registerResponseCache(app: App): void {
  // preHandler, not onRequest: a cached answer is still given only after the Apikey check and input
  // validation have passed.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.isCacheable) return;
    const hit = app.deps.cache.get(request.url);
    if (hit === undefined) return;
    reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
    return reply.send(hit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'GET' &&
      request.routeOptions.config.isCacheable &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      reply.getHeader('x-cache') !== 'hit'
    ) {
      app.deps.cache.set(request.url, payload);
    }
    return payload;
  });
}
