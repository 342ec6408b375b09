import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConsoleWechatSettings, ConsoleWechatTestResult } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { insertStaff } from '../activities/activities.fixtures.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetingSsoProviders, meetingWechatSettings } from '../wechat/wechat.tables.ts';
import { consoleWechatCheckedSaveLimit, consoleWechatTestLimit } from './console-wechat.routes.ts';
import { openSecret, sealSecret, testWechatConnection } from './console-wechat.service.ts';

/**
 * The console's "WeChat & sign-in" set-up through the API (DESIGN §7; §3 wechat_authorize; §7
 * WeChat, Login; §8): secrets rest sealed and come back only as set + last 4; a partial update keeps
 * what it does not name; refused input (bad AppID, 42-character AESKey, every login method off,
 * 'own' without a secret) answers 400 and leaves the row as it was; the write is audited without
 * secrets; connection tests against a stand-in WeChat (stable_token) and OIDC issuer.
 */

const appid = 'wx0123456789abcdef';
const secret = '0123456789abcdef0123456789abcdef';
const aesKey = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/** A stand-in for WeChat's cgi-bin/stable_token and an OIDC issuer's discovery document. */
let fake: Server;
let fakeBase: string;
const calls: { path: string; body: string }[] = [];
function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls.push({ path, body });
    res.setHeader('content-type', 'application/json');
    if (path === '/cgi-bin/stable_token') {
      const sent = JSON.parse(body) as { appid: string; secret: string };
      res.end(
        JSON.stringify(
          sent.secret === secret
            ? { access_token: 'ACCESS', expires_in: 7200 }
            : { errcode: 40125, errmsg: 'invalid appsecret' },
        ),
      );
      return;
    }
    if (path === '/good/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer: `${fakeBase}/good`,
          authorization_endpoint: `${fakeBase}/good/auth`,
          token_endpoint: `${fakeBase}/good/token`,
        }),
      );
      return;
    }
    if (path === '/liar/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer: 'https://elsewhere.example',
          authorization_endpoint: 'x',
          token_endpoint: 'y',
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
}

let world: DemoWorld;
let meetingId: string;
let owner: Person;
let stranger: Person;

const url = () => apiUrl(`/console/meetings/${meetingId}/wechat`);
const call = (method: 'GET' | 'PUT' | 'POST', path: string, who: Person, json?: unknown) =>
  world.t.call(method, path, { headers: bearer(who as never), ...(json === undefined ? {} : { json }) });
const settingsRow = async () => {
  const [row] = await world.t.database.db
    .select()
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.meetingId, meetingId));
  return row;
};
const config = () => world.t.app.deps.config;

beforeAll(async () => {
  fake = createServer(handle);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  world = await createDemoWorld({
    env: { WECHAT_API_BASE: fakeBase, PUBLIC_URL: 'https://meet.example.com' },
  });
  meetingId = world.meetingId;
  await insertStaff(world.t.database.db, { meetingId, phone: '+8613900139666', role: 'owner' });
  owner = await newPerson(world.t, meetingId, { phone: '+8613900139666' });
  stranger = await newPerson(world.t, meetingId);
});
afterAll(async () => {
  await world.t.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('reading the set-up', () => {
  it('answers the defaults before anything was saved, and 403 to a non-organiser', async () => {
    const res = await call('GET', url(), owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleWechatSettings;
    expect(body.official).toMatchObject({ mode: 'server', appid: '', secret: { set: 0, last4: '' } });
    expect(body.mini).toMatchObject({ env_version: 'release', webview_domain: 'meet.example.com' });
    expect(body.login_methods).toEqual({
      phone: 1,
      email: 1,
      exhibitor: 1,
      wechat: 1,
      google: 1,
      facebook: 1,
      chinaief: 0,
    });
    expect((await call('GET', url(), stranger)).statusCode).toBe(403);
  });
});

describe('saving (partial update, sealed secrets)', () => {
  it('seals every secret, answers only set + last 4, and audits without secrets', async () => {
    const res = await call('PUT', url(), owner, {
      official: { mode: 'own', appid, secret, token: 'pushToken1', aes_key: aesKey, name: '会议服务号' },
      mini: { appid: 'wxfedcba9876543210', secret, env_version: 'trial' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleWechatSettings;
    expect(body.official.secret).toEqual({ set: 1, last4: 'cdef' });
    expect(body.official.token).toEqual({ set: 1, last4: 'ken1' });
    expect(body.official.aes_key).toEqual({ set: 1, last4: 'DEFG' });
    expect(body.official.message_url).toBe(`https://meet.example.com/api/wechat/events/${appid}`);
    expect(body.mini).toMatchObject({
      appid: 'wxfedcba9876543210',
      env_version: 'trial',
      secret: { set: 1 },
    });
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(aesKey);

    const row = await settingsRow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(aesKey);
    expect(stored).not.toContain('pushToken1');
    expect(row?.officialSecretSealed?.startsWith('v1:')).toBe(true);
    expect(openSecret(config(), row?.officialSecretSealed)).toBe(secret);
    expect(openSecret(config(), row?.officialAesKeySealed)).toBe(aesKey);

    const audits = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.meetingId, meetingId), eq(auditLog.action, 'wechat.settings')));
    expect(audits.length).toBeGreaterThan(0);
    const audited = JSON.stringify(audits);
    expect(audited).not.toContain(secret);
    expect(audited).not.toContain('last4');
  });

  it('keeps untouched secrets and fields on a partial update; null clears one', async () => {
    const before = await settingsRow();
    const res = await call('PUT', url(), owner, { official: { name: 'Renamed', token: null } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await settingsRow();
    expect(after?.officialName).toBe('Renamed');
    expect(after?.officialSecretSealed).toBe(before?.officialSecretSealed);
    expect(after?.officialAesKeySealed).toBe(before?.officialAesKeySealed);
    expect(after?.miniSecretSealed).toBe(before?.miniSecretSealed);
    expect(after?.officialTokenSealed).toBeNull();
    expect(after?.officialMode).toBe('own');
  });

  it('proves a new own AppID and AppSecret with WeChat before keeping them (400 naming the field, nothing stored)', async () => {
    const before = await settingsRow();
    const proofs = () => calls.filter((c) => c.path === '/cgi-bin/stable_token').length;
    const asked = proofs();
    const wrong = 'e'.repeat(32);
    const official = await call('PUT', url(), owner, {
      official: { appid: 'wx5555555555555555', secret: wrong },
    });
    expect(official.statusCode, official.body).toBe(400);
    expect(official.json()).toMatchObject({ code: 'validation_failed' });
    expect((official.json() as { message: string }).message).toContain('official/secret');
    const mini = await call('PUT', url(), owner, { mini: { secret: wrong } });
    expect(mini.statusCode, mini.body).toBe(400);
    expect((mini.json() as { message: string }).message).toContain('mini/secret');
    expect(proofs()).toBe(asked + 2);
    expect(await settingsRow()).toEqual(before);
    // A save that leaves the account alone asks WeChat nothing.
    expect((await call('PUT', url(), owner, { official: { name: 'Same account' } })).statusCode).toBe(200);
    expect(proofs()).toBe(asked + 2);
  });

  it('answers 502 wechat.unavailable and stores nothing when WeChat cannot be reached for the proof', async () => {
    const before = await settingsRow();
    const saved = world.t.app.deps.config.WECHAT_API_BASE;
    Object.assign(world.t.app.deps.config, { WECHAT_API_BASE: 'http://127.0.0.1:1' });
    try {
      const res = await call('PUT', url(), owner, { official: { secret } });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'wechat.unavailable' });
    } finally {
      Object.assign(world.t.app.deps.config, { WECHAT_API_BASE: saved });
    }
    expect(await settingsRow()).toEqual(before);
  });

  it("refuses the deployment's AppIDs and a platform-authorised account's AppID as an own account", async () => {
    const before = await settingsRow();
    const deployment = { WECHAT_APPID: 'wx6666666666666666', WECHAT_MINI_APPID: 'wx7777777777777777' };
    const saved = { ...world.t.app.deps.config };
    Object.assign(world.t.app.deps.config, deployment);
    await world.t.database.db
      .update(meetingWechatSettings)
      .set({ authorizerAppid: 'wx8888888888888888' })
      .where(eq(meetingWechatSettings.meetingId, meetingId));
    try {
      for (const [field, appid] of [
        ['official', deployment.WECHAT_APPID],
        ['official', deployment.WECHAT_MINI_APPID],
        ['official', 'wx8888888888888888'],
        ['mini', deployment.WECHAT_MINI_APPID],
      ] as const) {
        const res = await call('PUT', url(), owner, { [field]: { appid, secret } });
        expect(res.statusCode, `${field} ${appid}`).toBe(400);
        expect((res.json() as { message: string }).message).toContain(`${field}/appid`);
      }
    } finally {
      Object.assign(world.t.app.deps.config, {
        WECHAT_APPID: saved.WECHAT_APPID,
        WECHAT_MINI_APPID: saved.WECHAT_MINI_APPID,
      });
      await world.t.database.db
        .update(meetingWechatSettings)
        .set({ authorizerAppid: null })
        .where(eq(meetingWechatSettings.meetingId, meetingId));
    }
    expect(await settingsRow()).toEqual(before);
  });

  it('merges two concurrent saves of different fields (the row is locked, neither is lost)', async () => {
    const [a, b] = await Promise.all([
      call('PUT', url(), owner, { official: { name: 'Concurrent name' } }),
      call('PUT', url(), owner, { mini: { env_version: 'develop' } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const row = await settingsRow();
    expect(row?.officialName).toBe('Concurrent name');
    expect(row?.miniEnvVersion).toBe('develop');
  });

  it.each([
    ['a malformed AppID', { official: { appid: 'wx123' } }],
    ['a 42-character EncodingAESKey', { official: { aes_key: aesKey.slice(1) } }],
    ['an unknown field', { official: { colour: 'red' } }],
    [
      'every login method off',
      { login_methods: { phone: 0, email: 0, exhibitor: 0, wechat: 0, google: 0, facebook: 0 } },
    ],
    ["'own' with its AppSecret cleared", { official: { secret: null } }],
    ['a new AppID without its AppSecret', { official: { appid: 'wx1111111111111111' } }],
    ['single sign-on on without an issuer', { login_methods: { chinaief: 1 } }],
    ['a mini-program AppID changed without its secret', { mini: { appid: 'wx2222222222222222' } }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const before = await settingsRow();
    const res = await call('PUT', url(), owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { code: string }).code).toBe('validation_failed');
    expect(await settingsRow()).toEqual(before);
  });

  it('sets up single sign-on: issuer, client, sealed secret, names; login method on', async () => {
    const res = await call('PUT', url(), owner, {
      login_methods: { chinaief: 1, facebook: 0 },
      chinaief: {
        issuer: `${fakeBase}/good`,
        client_id: 'meeting-client',
        secret: 'client-secret-value',
        scopes: 'openid email',
        name: { zh: '统一身份认证', en: 'Single sign-on' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleWechatSettings;
    expect(body.login_methods).toMatchObject({ chinaief: 1, facebook: 0, phone: 1 });
    expect(body.chinaief).toMatchObject({
      client_id: 'meeting-client',
      scopes: 'openid email',
      secret: { set: 1, last4: 'alue' },
    });
    const [sso] = await world.t.database.db
      .select()
      .from(meetingSsoProviders)
      .where(eq(meetingSsoProviders.meetingId, meetingId));
    expect(sso?.enabled).toBe(1);
    expect(JSON.stringify(sso)).not.toContain('client-secret-value');
  });

  it('drops the client secret when the issuer or client id changes without a new one', async () => {
    const name = { chinaief: { name: 'Kept secret' } };
    const kept = (await call('PUT', url(), owner, name)).json() as ConsoleWechatSettings;
    expect(kept.chinaief.secret).toEqual({ set: 1, last4: 'alue' });
    const moved = await call('PUT', url(), owner, { chinaief: { issuer: `${fakeBase}/elsewhere` } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as ConsoleWechatSettings).chinaief.secret).toEqual({ set: 0, last4: '' });
    const back = await call('PUT', url(), owner, {
      chinaief: { issuer: `${fakeBase}/good`, secret: 'client-secret-value' },
    });
    expect((back.json() as ConsoleWechatSettings).chinaief.secret).toEqual({ set: 1, last4: 'alue' });
    const client = await call('PUT', url(), owner, { chinaief: { client_id: 'another-client' } });
    expect((client.json() as ConsoleWechatSettings).chinaief.secret).toEqual({ set: 0, last4: '' });
    await call('PUT', url(), owner, {
      chinaief: { client_id: 'meeting-client', secret: 'client-secret-value' },
    });
  });
});

describe('connection tests', () => {
  const test = (target: string) => call('POST', `${url()}/tests`, owner, { target });

  it('asks WeChat for a stable token with the stored credentials', async () => {
    const res = await test('official');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: 1, message: 'ok', errcode: null });
    const last = calls.filter((c) => c.path === '/cgi-bin/stable_token').at(-1);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ appid, force_refresh: false });
  });

  it("answers WeChat's errmsg when it refuses the secret", async () => {
    // A save would refuse this secret at once: the stored one went stale on WeChat's side.
    await world.t.database.db
      .update(meetingWechatSettings)
      .set({ miniSecretSealed: sealSecret(config(), 'ffffffffffffffffffffffffffffffff') })
      .where(eq(meetingWechatSettings.meetingId, meetingId));
    const res = await test('mini');
    expect(res.json()).toEqual({
      ok: 0,
      message: 'invalid appsecret',
      errcode: 40125,
    } satisfies ConsoleWechatTestResult);
  });

  it('checks the issuer discovery document and names another issuer', async () => {
    expect((await test('chinaief')).json()).toMatchObject({ ok: 1 });
    await call('PUT', url(), owner, { chinaief: { issuer: `${fakeBase}/liar` } });
    const res = await test('chinaief');
    expect(res.json()).toMatchObject({ ok: 0 });
    expect((res.json() as ConsoleWechatTestResult).message).toContain('another issuer');
    expect((res.json() as ConsoleWechatTestResult).message).not.toContain('elsewhere');
  });

  it('answers one generic failure, without status or content, for an issuer that gives no document', async () => {
    await call('PUT', url(), owner, { chinaief: { issuer: `${fakeBase}/missing` } });
    expect((await test('chinaief')).json()).toEqual({
      ok: 0,
      message: 'Request failed: the issuer could not be reached',
      errcode: null,
    });
  });

  it('in production never asks an issuer on a loopback, private or link-local address (§9)', async () => {
    const asked: string[] = [];
    const spy = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response('{}');
    }) as typeof fetch;
    const production = { ...config(), NODE_ENV: 'production' as const };
    for (const issuer of ['https://127.0.0.1:8443/good', 'https://169.254.169.254', 'https://[fd00::1]']) {
      await world.t.database.db
        .update(meetingSsoProviders)
        .set({ issuer })
        .where(eq(meetingSsoProviders.meetingId, meetingId));
      const result = await testWechatConnection(
        { db: world.t.database.db, config: production, fetch: spy },
        { userId: owner.userId, meetingId, target: 'chinaief' },
      );
      expect(result).toEqual({
        ok: 0,
        message: 'Request failed: the issuer could not be reached',
        errcode: null,
      });
    }
    expect(asked).toEqual([]);
    await call('PUT', url(), owner, { chinaief: { issuer: `${fakeBase}/good` } });
  });

  it("says 'not authorized' in platform mode without an account, and 409 when nothing is set up", async () => {
    await call('PUT', url(), owner, { official: { mode: 'platform' } });
    const res = await test('official');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'wechat.not_authorized',
      message: 'The official account is not authorized',
    });
    await call('PUT', url(), owner, { official: { mode: 'server' } });
    const server = await test('official');
    expect(server.statusCode).toBe(409);
    expect((server.json() as { code: string }).code).toBe('wechat.not_configured');
  });

  it('tests an authorised account through the platform: 409 while the platform is not set up here', async () => {
    await call('PUT', url(), owner, { official: { mode: 'platform' } });
    await world.t.database.db
      .update(meetingWechatSettings)
      .set({
        authorizerAppid: 'wx3333333333333333',
        authorizerName: 'Authorised account',
        authorizerRefreshTokenSealed: sealSecret(config(), 'refresh-token'),
      })
      .where(eq(meetingWechatSettings.meetingId, meetingId));
    const read = (await call('GET', url(), owner)).json() as ConsoleWechatSettings;
    expect(read.official.authorizer).toMatchObject({
      appid: 'wx3333333333333333',
      name: 'Authorised account',
    });
    const res = await test('official');
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { code: string }).code).toBe('wechat.not_configured');
  });

  it('answers 502 wechat.unavailable when WeChat cannot be reached', async () => {
    await call('PUT', url(), owner, { official: { mode: 'own' } });
    const saved = world.t.app.deps.config.WECHAT_API_BASE;
    Object.assign(world.t.app.deps.config, { WECHAT_API_BASE: 'http://127.0.0.1:1' });
    try {
      const res = await test('official');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'wechat.unavailable', message: 'Request failed' });
    } finally {
      Object.assign(world.t.app.deps.config, { WECHAT_API_BASE: saved });
    }
  });
});

describe('rate limit of connection tests', () => {
  it('answers 429 too_frequent past 20 tests a minute per user', async () => {
    const { rateLimitsFor } = await import('../../plugins/rate-limit.ts');
    await rateLimitsFor(config()).reset(consoleWechatTestLimit, owner.userId);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await call('POST', `${url()}/tests`, owner, { target: 'chinaief' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    await rateLimitsFor(config()).reset(consoleWechatTestLimit, owner.userId);
  });

  it('answers 429 too_frequent past 20 saves a minute that name an AppID or AppSecret', async () => {
    const { rateLimitsFor } = await import('../../plugins/rate-limit.ts');
    await rateLimitsFor(config()).reset(consoleWechatCheckedSaveLimit, owner.userId);
    const statuses: number[] = [];
    // Refused by the rules (400) yet counted: each such save may ask WeChat.
    for (let i = 0; i < 21; i += 1)
      statuses.push((await call('PUT', url(), owner, { official: { secret: null } })).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    // Other saves are not limited by it.
    expect((await call('PUT', url(), owner, { official: { name: 'Still saves' } })).statusCode).toBe(200);
    await rateLimitsFor(config()).reset(consoleWechatCheckedSaveLimit, owner.userId);
  });
});
