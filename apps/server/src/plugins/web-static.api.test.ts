import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import type { App } from '../app-types.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createResponseCache } from './response-cache.ts';

let app: App;
let database: DatabaseHandle;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'app-1.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(script));
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: dist });
  app = await buildApp({ db: database.db, dbKind: database.kind, config, cache: createResponseCache(0) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html at / and for unknown page paths', async () => {
    for (const url of ['/', '/some/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the precompressed brotli file with a long cache', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not index.html', async () => {
    for (const url of ['/assets/app-2.js', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('serves a file written after start (a rebuild needs no restart)', async () => {
    writeFileSync(join(dist, 'assets', 'app-3.js'), script);
    const res = await app.inject({ method: 'GET', url: '/assets/app-3.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(script);
  });
});
