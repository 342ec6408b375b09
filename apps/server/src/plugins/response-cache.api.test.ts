import { signApikey } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId, testSalt } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ cacheTtlSeconds: 60 });
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

describe('response cache of public reads', () => {
  it('serves a repeated list from the cache with the same body', async () => {
    const url = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 2 });
    const first = await t.call('GET', url);
    const second = await t.call('GET', url);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
  });

  it('still checks the Apikey and the input before answering from the cache', async () => {
    const url = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 3 });
    await t.call('GET', url);
    expect((await t.call('GET', url, { unsigned: true })).statusCode).toBe(401);
  });

  it('does not cache errors or writes', async () => {
    const bad = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 5000 });
    expect((await t.call('GET', bad)).statusCode).toBe(400);
    const again = await t.call('GET', bad);
    expect(again.statusCode).toBe(400);
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('is emptied by clear() after a write', async () => {
    const url = apiUrl('/meeting/agendas/count', { meeting_id: ids.meeting });
    await t.call('GET', url);
    expect((await t.call('GET', url)).headers['x-cache']).toBe('hit');
    t.app.deps.cache.clear();
    expect((await t.call('GET', url)).headers['x-cache']).toBeUndefined();
  });
});

describe('compressed cache hits', () => {
  it('sends the stored brotli or gzip form the client accepts, and plain JSON otherwise', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const url = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 3, skip: 0 });
    const first = await t.call('GET', url);
    const plain = first.json();
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...signedHeaders(url), 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const gzip = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...signedHeaders(url), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
    const none = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...signedHeaders(url), 'accept-encoding': 'identity' },
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain);
  });
});

describe('misses', () => {
  it('computes a miss once: requests arriving meanwhile wait for it and get the same answer', async () => {
    const url = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 4 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call('GET', url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.headers['x-cache'] !== 'hit')).toHaveLength(1);
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]?.json());
  });

  it('sends the first answer compressed once, in the encoding its client accepts, with Vary', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const url = apiUrl('/meeting/agendas', { meeting_id: ids.meeting, limit: 5 });
    const [br, gzip] = await Promise.all([
      t.app.inject({ method: 'GET', url, headers: { ...signedHeaders(url), 'accept-encoding': 'br' } }),
      t.app.inject({ method: 'GET', url, headers: { ...signedHeaders(url), 'accept-encoding': 'gzip' } }),
    ]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('accept-encoding');
    const plain = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(plain.results).toHaveLength(3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
  });
});

function signedHeaders(url: string): Record<string, string> {
  return {
    'device-id': testDeviceId,
    apikey: signApikey({
      salt: testSalt,
      method: 'GET',
      pathWithQuery: url,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId: testDeviceId,
    }),
  };
}
