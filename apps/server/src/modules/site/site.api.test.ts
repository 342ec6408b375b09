import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://expo.example.org', WEBVIEW_DOMAINS: 'Partner.example.com, *.trusted.org' },
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('static lists (§7 Static)', () => {
  it("serves China's divisions with Hong Kong, Macao and Taiwan, immutable for a day, 304 on its ETag", async () => {
    const res = await get('/api/static/regions.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable');
    const { results } = res.json();
    expect(results[0]).toMatchObject({ code: '11', name: '北京市' });
    expect(results[0].children[0].children.length).toBeGreaterThan(10);
    expect(results.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['44', '81', '82', '71']),
    );
    expect(
      (await get('/api/static/regions.json', { 'if-none-match': String(res.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('serves country names in the asked language, English for a language the package lacks', async () => {
    const zh = await get('/api/static/countries.json?lang=zh');
    expect(zh.headers['content-language']).toBe('zh');
    expect(zh.json().results).toEqual(
      expect.arrayContaining([
        { code: 'CN', name: '中国' },
        { code: 'FR', name: '法国' },
      ]),
    );
    const ar = await get('/api/static/countries.json?lang=ar');
    expect(ar.json().results.find((c: { code: string }) => c.code === 'EG').name).toBe('مصر');
    const fil = await get('/api/static/countries.json?lang=fil');
    expect(fil.headers['content-language']).toBe('en');
    const en = await get('/api/static/countries.json');
    const names = en.json().results.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(en.json().results.length).toBeGreaterThan(240);
  });

  it('serves the allowed web-view domains: our own host first, then the configured ones', async () => {
    const res = await get('/api/static/webview_domains.json');
    expect(res.json().results).toEqual(['expo.example.org', 'partner.example.com', '*.trusted.org']);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('frames the allowed web-view domains (CSP frame-src)', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' partner\.example\.com \*\.trusted\.org trusted\.org/);
  });
});

describe('POST /api/client_errors (§9 error reports)', () => {
  const report = (body: unknown, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/client_errors', payload: body as object, remoteAddress });

  it('accepts a report without Apikey', async () => {
    const res = await report({ kind: 'error', message: 'TypeError: x is undefined', url: '/#/meeting/home' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses oversized and malformed reports with a 4xx, never a 5xx', async () => {
    expect((await report({ kind: 'error', message: 'x'.repeat(20_000) })).statusCode).toBe(413);
    expect((await report({ kind: 'error', message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report({ kind: 'nonsense', message: 'x' })).statusCode).toBe(400);
    expect((await report({})).statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client_errors',
      payload: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('limits an address to 30 reports a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await report({ kind: 'error', message: 'loop' }, '10.9.0.2')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('stage-version header (§7)', () => {
  it('is echoed when it looks like a version and ignored otherwise', async () => {
    const res = await t.call('GET', apiUrl('/health'), { headers: { 'stage-version': '2024.05.1-rc1' } });
    expect(res.headers['stage-version']).toBe('2024.05.1-rc1');
    const odd = await t.call('GET', apiUrl('/health'), { headers: { 'stage-version': '<script>' } });
    expect(odd.headers['stage-version']).toBeUndefined();
  });

  it("is written in the request's log lines", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { buildApp } = await import('../../app.ts');
    const { jobs: _queue, ...deps } = t.app.deps;
    const logged = await buildApp({ ...deps, logger: { level: 'info', stream } as never });
    await logged.inject({
      method: 'GET',
      url: '/api/static/webview_domains.json',
      headers: { 'stage-version': 'v42' },
    });
    await logged.inject({
      method: 'POST',
      url: '/api/client_errors',
      payload: { kind: 'boundary', message: 'Boom' },
      headers: { 'stage-version': 'v42' },
    });
    await logged.close();
    const responses = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'response');
    expect(responses.every((entry) => entry.stageVersion === 'v42')).toBe(true);
    expect(lines.some((line) => line.includes('"client error"') && line.includes('Boom'))).toBe(true);
  });
});
