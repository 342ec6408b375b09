import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

const body = JSON.stringify({ results: Array.from({ length: 80 }, (_, i) => ({ title: `Session ${i}` })) });

describe('createResponseCache', () => {
  it('stores the JSON with brotli and gzip forms of it', async () => {
    const cache = createResponseCache(60);
    await cache.set('/a', body, cache.generation());
    const entry = cache.get('/a');
    expect(entry?.body).toBe(body);
    expect(brotliDecompressSync(entry?.br ?? Buffer.alloc(0)).toString()).toBe(body);
    expect(gunzipSync(entry?.gzip ?? Buffer.alloc(0)).toString()).toBe(body);
  });

  it('keeps small answers uncompressed', async () => {
    const cache = createResponseCache(60);
    const entry = await cache.set('/small', '{"total":3}', cache.generation());
    expect(entry).toEqual({ body: '{"total":3}' });
  });

  it('does not store an answer read before a write emptied the cache', async () => {
    const cache = createResponseCache(60);
    const readAt = cache.generation();
    cache.clear();
    const entry = await cache.set('/a', body, readAt);
    expect(entry.body).toBe(body);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('stores nothing with a TTL of 0', async () => {
    const cache = createResponseCache(0);
    expect(cache.isEnabled).toBe(false);
    await cache.set('/a', body, cache.generation());
    expect(cache.get('/a')).toBeUndefined();
  });
});
