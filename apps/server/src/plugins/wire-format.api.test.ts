import { signApikey } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId, testSalt } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

const viewsTotal = async () => {
  const res = await t.call('GET', apiUrl('/demand/meetings', { query: { _id: ids.meeting } }));
  return res.json().results[0].views_total as number;
};

describe('Apikey verification', () => {
  it('refuses a request without Apikey with 401 apikey_missing and writes nothing', async () => {
    const before = await viewsTotal();
    const res = await t.call('POST', `/api/meetings/${ids.meeting}/views`, { json: {}, unsigned: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'apikey_missing' });
    expect(await viewsTotal()).toBe(before);
  });

  it('refuses a wrong signature with 401 apikey_invalid and writes nothing', async () => {
    const before = await viewsTotal();
    const url = `/api/meetings/${ids.meeting}/views`;
    const forged = signApikey({
      salt: 'not-the-salt',
      method: 'POST',
      pathWithQuery: url,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId: testDeviceId,
      body: '{}',
    });
    const res = await t.call('POST', url, { json: {}, headers: { apikey: forged } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'apikey_invalid' });
    expect(await viewsTotal()).toBe(before);
  });

  it('refuses a signature of another body (tampered request)', async () => {
    const url = `/api/meetings/${ids.meeting}/views`;
    const signedForOtherBody = signApikey({
      salt: testSalt,
      method: 'POST',
      pathWithQuery: url,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId: testDeviceId,
      body: '{"user_id":"a"}',
    });
    const res = await t.call('POST', url, {
      json: { user_id: 'b' },
      headers: { apikey: signedForOtherBody },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a stale timestamp with apikey_expired and tells the server time', async () => {
    const url = apiUrl('/demand/meetings');
    const stale = signApikey({
      salt: testSalt,
      method: 'GET',
      pathWithQuery: url,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
      deviceId: testDeviceId,
    });
    const res = await t.call('GET', url, { headers: { apikey: stale } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'apikey_expired' });
    expect(Number(res.headers['x-server-time'])).toBeGreaterThan(1_700_000_000);
  });

  it('refuses a malformed header', async () => {
    const res = await t.call('GET', apiUrl('/demand/meetings'), { headers: { apikey: 'hello' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'apikey_invalid' });
  });

  it('lets health and docs through without Apikey', async () => {
    const health = await t.call('GET', '/api/health', { unsigned: true });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const docs = await t.call('GET', '/api/docs/json', { unsigned: true });
    expect(docs.statusCode).toBe(200);
    const openapi = docs.json();
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/meeting/agendas', '/api/demand/meetings', '/api/meetings/{id}/views']),
    );
  });
});

describe('bodies and errors', () => {
  it('accepts a form-encoded body with brackets', async () => {
    const before = await viewsTotal();
    const res = await t.call('POST', `/api/meetings/${ids.meeting}/views`, {
      form: { user_id: 'u1', extra: { a: 1 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ views_total: before + 1 });
  });

  it('refuses a form body over the parameter limit with 400 instead of cutting it short', async () => {
    const before = await viewsTotal();
    const form = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`k${i}`, '1']));
    const res = await t.call('POST', `/api/meetings/${ids.meeting}/views`, { form });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(await viewsTotal()).toBe(before);
  });

  it('accepts a JSON body', async () => {
    const res = await t.call('POST', `/api/meetings/${ids.meeting}/views`, { json: { source_id: 's1' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers invalid JSON with 400 and an unknown media type with 415', async () => {
    const url = `/api/meetings/${ids.meeting}/views`;
    const timestamp = Math.floor(Date.now() / 1000);
    const bad = '{"user_id":';
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: bad,
      headers: {
        'content-type': 'application/json',
        'device-id': testDeviceId,
        apikey: signApikey({
          salt: testSalt,
          method: 'POST',
          pathWithQuery: url,
          timestamp,
          deviceId: testDeviceId,
          body: bad,
        }),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json' });
    const xml = await t.app.inject({
      method: 'POST',
      url,
      payload: '<a/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(xml.statusCode).toBe(415);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.call('GET', '/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends the server clock on every response', async () => {
    const res = await t.call('GET', '/api/health');
    expect(Math.abs(Number(res.headers['x-server-time']) - Date.now() / 1000)).toBeLessThan(5);
  });
});
