import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, productionSecret, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';

const style = 'body{margin:0}';
const script = 'window.boot=1';
const indexHtml = `<!doctype html><html><head><style>${style}</style><script>${script}</script><script type="module" src="./assets/app.js"></script></head><body><div style="width: 160px"></div></body></html>`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let dist: string;
let plain: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  plain = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await plain.close();
  rmSync(dist, { recursive: true, force: true });
});

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));

describe('security headers with the default settings (http)', () => {
  it('sends nosniff, the referrer policy and a CSP on JSON, HTML, refusals and 404s', async () => {
    const answers = [
      await plain.call('GET', '/api/health', { unsigned: true }),
      await plain.call('GET', '/api/users/me', { unsigned: true }),
      await plain.call('GET', '/%61pi/users/me'),
      await plain.call('GET', '/api/nothing'),
      await plain.app.inject({ method: 'GET', url: '/' }),
      await plain.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options'], res.body).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain http: no HSTS, no upgrade of requests.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 400, 404, 200, 200]);
    // API answers: nothing may run, load or frame them; documents (and the docs UI) get the app's policy.
    for (const res of answers.slice(0, 2)) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    for (const res of [answers[4], answers[5]]) {
      expect(res?.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res?.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('allows scripts from self and WebAssembly, and exactly the inline texts of index.html', async () => {
    const csp = (await plain.app.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ] as string;
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash(script)}`);
    expect(directive(csp, 'style-src')).toBe(`style-src 'self' ${hash(style)}`);
    expect(directive(csp, 'style-src-attr')).toBe(`style-src-attr 'unsafe-hashes' ${hash('width: 160px')}`);
    expect(directive(csp, 'script-src-attr')).toBe("script-src-attr 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('keeps the stricter policy of routes that set their own', async () => {
    const outbox = await plain.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(outbox.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('answers /api/health despite a stale Authorization header', async () => {
    const res = await plain.call('GET', '/api/health', { headers: { authorization: 'Bearer stale-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('security headers from settings (https)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: productionSecret,
        PUBLIC_URL: 'https://expo.example.com',
        CSP_FRAME_ANCESTORS: "'self' https://*.servicewechat.com",
        CSP_MEDIA_SRC: 'https://live.example-cdn.com',
        LIVE_INGEST_HLS_URL: 'https://ingest.example.com:8888/hls',
        CSP_CONNECT_SRC: 'wss://chat.example.com',
        CSP_FRAME_SRC: 'https://maps.example.com https://video.example.com',
        S3_ENDPOINT: 'https://s3.example-storage.com',
        S3_BUCKET: 'expo',
        S3_FORCE_PATH_STYLE: '0',
      },
    });
  });
  afterAll(() => t.close());

  it('adds HSTS, the stream, ingest, storage and frame hosts, and drops X-Frame-Options for other ancestors', async () => {
    expect((await t.call('GET', '/api/health')).headers['strict-transport-security']).toBe(
      'max-age=15552000',
    );
    const res = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = res.headers['content-security-policy'] as string;
    const storage = 'https://s3.example-storage.com https://expo.s3.example-storage.com';
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://*.servicewechat.com");
    expect(directive(csp, 'media-src')).toBe(
      `media-src 'self' blob: ${storage} https://ingest.example.com:8888 https://live.example-cdn.com`,
    );
    expect(directive(csp, 'connect-src')).toBe(
      `connect-src 'self' ${storage} https://ingest.example.com:8888 https://live.example-cdn.com wss://chat.example.com`,
    );
    expect(directive(csp, 'img-src')).toBe(`img-src 'self' data: blob: ${storage}`);
    expect(directive(csp, 'frame-src')).toBe('frame-src https://maps.example.com https://video.example.com');
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('sends X-Frame-Options SAMEORIGIN while only self may frame the app', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/some/page' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('CSP settings', () => {
  it('refuses a value that would break out of its directive', () => {
    for (const value of [
      'https://a.example.com; script-src *',
      "'unsafe-inline'",
      'https://a.example.com"',
    ]) {
      expect(() => loadConfig({ CSP_MEDIA_SRC: value }), value).toThrow(/CSP_MEDIA_SRC/);
    }
    expect(
      loadConfig({ CSP_CONNECT_SRC: 'https://a.example.com, *.b.example.com:8443' }).CSP_CONNECT_SRC,
    ).toEqual(['https://a.example.com', '*.b.example.com:8443']);
  });
});
