import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signApikey } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { createTestApp, type TestApp, testDeviceId, testSalt } from '../../test/test-app.ts';
import { normalisePath } from './path-normalisation.ts';

let t: TestApp;
let dist: string;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({ cacheTtlSeconds: 30, env: { WEB_DIST: dist } });
  await seedFixture(t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

type Answer = { status: number; type: string; body: string };

/**
 * GET over a real socket with the path byte for byte as given: inject() and fetch() resolve `..`
 * themselves, a proxy in front of the server may not.
 */
function rawGet(path: string, options: { isSigned?: boolean } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'device-id': testDeviceId };
  if (options.isSigned) {
    headers.apikey = signApikey({
      salt: testSalt,
      method: 'GET',
      pathWithQuery: path,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId: testDeviceId,
    });
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('normalisePath', () => {
  it.each([
    ['/api/users/me', '/api/users/me', true, true],
    ['//api/users/me', '/api/users/me', true, false],
    ['/%61pi/users/me', '/api/users/me', true, false],
    ['/API/users/me', '/API/users/me', true, false],
    ['/api/../api/users/me', '/api/users/me', true, false],
    ['/api/%2e%2e/api/users/me', '/api/users/me', true, false],
    ['/api/./users/me', '/api/users/me', true, false],
    ['/api%2Fusers%2Fme', '/api/users/me', true, false],
    ['/api\\users\\me', '/api/users/me', true, false],
    ['/api/us%65rs/me', '/api/users/me', true, true],
    ['/api/users/me/', '/api/users/me/', true, true],
    ['/apis/x', '/apis/x', false, true],
    ['//assets/app.js', '/assets/app.js', false, true],
    ['/a/../../../etc/passwd', '/etc/passwd', false, true],
  ])('%s reads as %s (api %s, canonical %s)', (raw, path, isApi, isCanonical) => {
    expect(normalisePath(raw)).toEqual({ path, isApi, isCanonical });
  });

  it('gives no path for a NUL, a control character, a broken escape or invalid UTF-8', () => {
    for (const raw of ['/api/users/me%00', '/api/users/%0ame', '/api/%', '/api/%ff', '/x/%ed%a0%80']) {
      expect(normalisePath(raw).path, raw).toBeNull();
    }
  });
});

describe('API paths in another spelling', () => {
  const spellings = [
    '//api/users/me',
    '/%61pi/users/me',
    '/API/users/me',
    '/Api/users/me',
    '/api/../api/users/me',
    '/api/%2e%2e/api/users/me',
    '/api/%2E%2E/api/users/me',
    '/api/./users/me',
    '/api//users/me',
    '/api/users/me%00',
    '/%2Fapi/users/me',
    '/api%2Fusers%2Fme',
    '/api/health/../users/me',
    '/api/health/%2e%2e/users/me',
    '/api/docs/../users/me',
    '/api/%ff/users/me',
    `/%61pi/meetings/${ids.meeting}/views`,
  ];

  it.each(spellings)('%s answers 400 invalid_path, with or without an Apikey', async (path) => {
    for (const isSigned of [false, true]) {
      const res = await rawGet(path, { isSigned });
      expect(res.status, `${path} signed=${isSigned}`).toBe(400);
      expect(res.type).toMatch(/application\/json/);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_path' });
    }
  });

  it('names the canonical path in the refusal', async () => {
    const res = await rawGet('/%61pi/users/me');
    expect(JSON.parse(res.body).message).toBe('Use the canonical path /api/users/me');
  });

  it('still asks the canonical path for its Apikey, also when an ordinary letter is escaped', async () => {
    for (const path of ['/api/users/me', '/api/us%65rs/me', '/api/users/%6De']) {
      const unsigned = await rawGet(path);
      expect(unsigned.status, path).toBe(401);
      expect(JSON.parse(unsigned.body)).toMatchObject({ code: 'apikey_missing' });
      const signed = await rawGet(path, { isSigned: true });
      expect(signed.status, path).toBe(401);
      expect(JSON.parse(signed.body)).toMatchObject({ code: 'login.required' });
    }
  });

  it('exempts health and the docs by the route that answers, not by the URL prefix', async () => {
    expect((await rawGet('/api/health')).status).toBe(200);
    expect((await rawGet('/api/docs/json')).status).toBe(200);
    // A made-up path under an exempt prefix is an ordinary unknown API path.
    const underHealth = await rawGet('/api/health/users/me');
    expect(underHealth.status).toBe(401);
    expect(JSON.parse(underHealth.body)).toMatchObject({ code: 'apikey_missing' });
  });

  it('never answers index.html for an API-looking path, known or not', async () => {
    for (const path of ['/api', '/api/', '/api/nothing/here', '/API', '/%61pi/nothing', '//api/nothing']) {
      for (const isSigned of [false, true]) {
        const res = await rawGet(path, { isSigned });
        expect(res.type, `${path} signed=${isSigned}`).toMatch(/application\/json/);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    const signedUnknown = await rawGet('/api/nothing/here', { isSigned: true });
    expect(signedUnknown.status).toBe(404);
    // Page paths of the web app keep getting index.html.
    const page = await rawGet('/some/page');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
  });
});

describe('the response cache', () => {
  it('keys by the normalised path, so an escaped spelling shares the entry of the plain one', async () => {
    const query = `?meeting_id=${ids.meeting}&limit=2`;
    const plain = await t.call('GET', `/api/meeting/agendas${query}`);
    expect(plain.statusCode).toBe(200);
    const escaped = await t.call('GET', `/api/meeting/%61gendas${query}`);
    expect(escaped.statusCode).toBe(200);
    expect(escaped.headers['x-cache']).toBe('hit');
    expect(escaped.body).toBe(plain.body);
  });
});
