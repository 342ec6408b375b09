import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId, testSalt } from '../../test/test-app.ts';
import type { App } from '../app-types.ts';
import { registerErrorHandler } from './errors.ts';

/**
 * §7/§9: no input ends in a 5xx. Each hostile class is sent to representative routes — a list with a
 * JSON `query`, a POST with a form body and with a JSON body, a path id — and must get a 4xx whose
 * message names the field.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

const list = (params: Record<string, unknown>) =>
  apiUrl('/meeting/agendas', { meeting_id: ids.meeting, ...params });
const viewsUrl = `/api/meetings/${ids.meeting}/views`;

/** A signed POST of a body exactly as given, under any content type. */
function postRaw(url: string, body: string | Buffer, contentType: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': contentType,
      'device-id': testDeviceId,
      apikey: signApikey({
        salt: testSalt,
        method: 'POST',
        pathWithQuery: url,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId: testDeviceId,
        body: typeof body === 'string' ? body : body.toString('utf8'),
      }),
    },
  });
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

async function expectRefused(
  res: { statusCode: number; json: () => { code: string; message: string } },
  field: RegExp | string,
  status = 400,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().message).toMatch(field);
}

describe('list query objects and paging', () => {
  it.each([
    [
      'a NUL in a string value',
      { query: { type: 'a\u0000b' } },
      /query\.type: contains a NUL byte|query\.type contains a NUL/,
    ],
    ['a lone surrogate', { query: { type: '\ud800' } }, /query\.type contains a lone surrogate/],
    [
      'a lone low surrogate in a list',
      { query: { type: { $in: ['ok', '\udc00x'] } } },
      /query\.type\.\$in\.1 contains a lone/,
    ],
    ['a NUL in a key', { query: { 'ty\u0000pe': 'a' } }, /key contains a NUL/],
    [
      'a __proto__ key',
      { query: JSON.parse('{"__proto__":{"type":"a"}}') },
      /query\.__proto__ is a reserved key/,
    ],
    ['a constructor key', { query: { constructor: 'x' } }, /query\.constructor is a reserved key/],
    [
      'a prototype key inside an operator',
      { query: { start: { prototype: 1 } } },
      /query\.start\.prototype is a reserved key/,
    ],
    ['a __proto__ sort key', { sort: JSON.parse('{"__proto__":1}') }, /sort\.__proto__ is a reserved key/],
    ['nesting deeper than 10', { query: { type: nested(11) } }, /nests deeper than 10 levels/],
    ['skip 1e308', { skip: '1e308' }, /skip must be at most/],
    ['skip 10^20', { skip: '99999999999999999999' }, /skip must be at most/],
    ['skip negative', { skip: '-1' }, /skip must be a non-negative integer/],
    ['skip fraction', { skip: '1.5' }, /skip must be a non-negative integer/],
    ['limit 1e308', { limit: '1e308' }, /limit must be at most 999/],
    ['limit negative', { limit: '-5' }, /limit must be a non-negative integer/],
    ['limit fraction', { limit: '0.5' }, /limit must be a non-negative integer/],
    ['a time of 1e308', { query: { start: { $gt: 1e308 } } }, /start must be within ±10\^13 ms/],
    ['a time below -10^13', { query: { start: { $gt: -99999999999999 } } }, /start must be within/],
    ['a time string past 10^13', { query: { end: { $lt: '9999999999999999999' } } }, /end must be within/],
    ['a far ISO date', { query: { start: { $gte: '275760-09-13' } } }, /start must be within/],
    ['a number where a time goes', { query: { start: { $gt: { $id: 1 } } } }, /start must be a timestamp/],
  ])('refuses %s with 400 naming the field', async (_name, params, field) => {
    const res = await t.call('GET', list(params));
    await expectRefused(res, field);
    expect(res.json().code).toBe(
      res.json().message.startsWith('limit must be at most') ? 'limit_too_large' : 'invalid_query',
    );
  });

  it('still answers an ordinary page and times up to ±10^13 ms', async () => {
    const res = await t.call(
      'GET',
      list({ query: { start: { $gt: -9_999_999_999_999 } }, skip: 0, limit: 2 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(2);
  });
});

describe('querystrings and path ids', () => {
  it('refuses a raw NUL and a reserved key in the querystring itself', async () => {
    await expectRefused(await t.call('GET', `${list({})}&type=a%00b`), /query\.type: contains a NUL byte/);
    const reserved = await t.call('GET', `${list({})}&constructor=1`);
    await expectRefused(reserved, /query\.constructor: is a reserved key/);
    expect(reserved.json().code).toBe('invalid_input');
  });

  it('refuses a malformed or NUL path id with a 4xx, never 5xx', async () => {
    const nul = await t.call('POST', `/api/meetings/${ids.meeting}%00/views`, { json: {} });
    expect(nul.json()).toMatchObject({ code: 'invalid_path' });
    const bad = await t.call('POST', '/api/meetings/not-an-id/views', { json: {} });
    await expectRefused(bad, /Invalid ObjectId: "not-an-id"/);
    const surrogate = await t.call('POST', '/api/meetings/%ed%a0%80/views', { json: {} });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().code).toBe('invalid_path');
  });
});

describe('bodies', () => {
  it.each([
    ['a NUL in a JSON string', { source_id: 'a\u0000b' }, /body\.source_id: contains a NUL byte/],
    ['a lone surrogate in JSON', { user_id: 'x\ud800' }, /body\.user_id: contains a lone surrogate/],
    [
      'a __proto__ key in JSON',
      JSON.parse('{"__proto__":{"isAdmin":true}}'),
      /body\.__proto__: is a reserved key/,
    ],
    ['a constructor key in JSON', { constructor: { prototype: 1 } }, /body\.constructor: is a reserved key/],
    ['JSON nested deeper than 10', { user_id: nested(11) }, /nests deeper than 10 levels/],
  ])('refuses %s with 400 invalid_input', async (_name, json, field) => {
    const res = await t.call('POST', viewsUrl, { json });
    await expectRefused(res, field);
    expect(res.json().code).toBe('invalid_input');
  });

  it.each([
    ['a NUL in a form value', 'source_id=a%00b', /body\.source_id: contains a NUL byte/],
    ['a __proto__ form key', '__proto__[isAdmin]=1', /body\.__proto__: is a reserved key/],
    ['an escaped constructor form key', 'a[%63onstructor]=1', /body\.constructor: is a reserved key/],
    ['a prototype form key', 'prototype=1', /body\.prototype: is a reserved key/],
    ['a form nested deeper than 10', `a${'[b]'.repeat(11)}=1`, /nests deeper than 10 levels/],
  ])('refuses %s with 400', async (_name, form, field) => {
    const res = await postRaw(viewsUrl, form, 'application/x-www-form-urlencoded');
    await expectRefused(res, field);
  });

  it('refuses bytes that are not UTF-8 in either body type', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"source_id":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    await expectRefused(await postRaw(viewsUrl, bytes, 'application/json'), /body: is not valid UTF-8/);
    const form = Buffer.concat([Buffer.from('source_id='), Buffer.from([0xc3])]);
    await expectRefused(
      await postRaw(viewsUrl, form, 'application/x-www-form-urlencoded'),
      /not valid UTF-8/,
    );
  });

  it('answers a body over the limit with 413 body_too_large and a wrong type with 415', async () => {
    const big = await postRaw(
      viewsUrl,
      JSON.stringify({ source_id: 'x'.repeat(1024 * 1024) }),
      'application/json',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('body_too_large');
    const xml = await postRaw(viewsUrl, '<a/>', 'text/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringMatching(/x-www-form-urlencoded/),
    });
  });

  it('still counts a view from an ordinary form and JSON body, and stores what was sent', async () => {
    const form = await t.call('POST', viewsUrl, { form: { source_id: 'ok-😀' } });
    expect(form.statusCode).toBe(200);
    const json = await t.call('POST', viewsUrl, { json: { user_id: 'ü-😀', source_id: 'deep' } });
    expect(json.statusCode).toBe(200);
    // Each view is one stored row with what was sent: waiting in view_events, or already moved to the
    // meeting's view log by the views job (one transaction), so the count holds whenever it runs.
    const stored = (await t.database.db.execute(
      sql`select source_id from view_events where target_type = 'meeting' and target_id = ${ids.meeting}
          and source_id in ('ok-😀', 'deep')
        union all
        select source_id from meeting_views where meeting_id = ${ids.meeting} and source_id in ('ok-😀', 'deep')`,
    )) as unknown as { rows: { source_id: string }[] };
    expect(stored.rows.map((row) => row.source_id).sort()).toEqual(['deep', 'ok-😀']);
  });
});

describe('the last line: PostgreSQL data exceptions', () => {
  it('answers a SQLSTATE 22xxx that got past the boundary with 400 invalid_input, hiding the database message', async () => {
    const bare = Fastify();
    registerErrorHandler(bare as unknown as App);
    bare.get('/nul', async () => t.database.db.execute(sql`select ${'a\u0000b'}::text as value`));
    bare.get('/range', async () => t.database.db.execute(sql`select ${'99999999999'}::int as value`));
    for (const url of ['/nul', '/range']) {
      const res = await bare.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_input',
        message: 'The request holds a value the database cannot store',
      });
    }
    await bare.close();
  });
});
