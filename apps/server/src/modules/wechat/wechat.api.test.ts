import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer, loginByPhone } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Config } from '../../config.ts';
import {
  credentialsKeyOf,
  openCredentials,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';
import {
  type FakeWechatServer,
  fakeWechatApps,
  startFakeWechatServer,
} from '../../providers/wechat/fake-wechat-server.ts';
import { createOfficialApi, secretScopeOf } from '../../providers/wechat/official-api.ts';
import { WechatProviderError } from '../../providers/wechat/wechat.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { checkSecurity, signJssdk } from './wechat.service.ts';
import { meetingWechatSettings, userWechatOpenids, wechatTickets } from './wechat.tables.ts';
import { wechatTicketCacheOf } from './wechat-of-meeting.ts';

/**
 * The public WeChat API against the fake WeChat (§7 WeChat; §9 tickets cached 15 minutes): JS-SDK
 * signatures from one shared ticket, refetch on expiry and on a stale token, failures as 502 with
 * nothing stored, the URL allow-list, own and platform modes, URL schemes, openid binding, follower
 * info and the follow card, text checks.
 */

const appid = fakeWechatApps.official.appid;
const meetingId = ids.meeting;
const pageUrl = 'https://meet.example.org/?meeting_id=aaaaaaaaaaaaaaaaaaaa0001';

let fake: FakeWechatServer;
let t: TestApp;
let config: Config;

beforeAll(async () => {
  fake = await startFakeWechatServer();
  t = await createTestApp({
    env: { ...fake.env, PUBLIC_URL: 'https://meet.example.org', WEBVIEW_DOMAINS: '*.partner.example' },
  });
  config = t.app.deps.config;
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(async () => {
  fake.clearFailures();
  fake.resetCalls();
  await t.database.db.delete(meetingWechatSettings);
});

let visitors = 0;
/** A new client address per batch: the tests stand for many visitors, not one flooding IP. */
const visitor = () => {
  visitors += 1;
  return `10.88.${(visitors >> 8) & 255}.${visitors & 255}`;
};

const jssdk = (url: string, remoteAddress = visitor(), meeting = meetingId) =>
  t.call('POST', '/api/wechat/service/jssdk', { json: { meeting_id: meeting, url }, remoteAddress });

/** The jsapi ticket the cache holds for `forAppid` (opened), or null. */
async function cachedTicket(forAppid = appid, kind = 'jsapi', scoped = true): Promise<string | null> {
  const [row] = await t.database.db
    .select()
    .from(wechatTickets)
    .where(and(eq(wechatTickets.appid, forAppid), eq(wechatTickets.kind, scoped ? scopedKind(kind) : kind)));
  return row ? String(openCredentials(row.valueSealed, credentialsKeyOf(config))) : null;
}

/** Tokens and tickets of a client-credential account are cached under the secret's scope. */
const scopedKind = (kind: string) => `${kind}:${secretScopeOf(config.WECHAT_SECRET ?? '')}`;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('POST /wechat/service/jssdk', () => {
  it('signs with the cached jsapi_ticket: 1,000 signatures, one token and one ticket call', async () => {
    await t.database.db.delete(wechatTickets);
    let address = visitor();
    for (let n = 0; n < 1000; n += 1) {
      if (n % 400 === 0) address = visitor();
      const response = await jssdk(`${pageUrl}&n=${n}#/meeting/home`, address);
      expect(response.statusCode, response.body).toBe(200);
      if (n === 0 || n === 999) {
        const body = response.json();
        expect(body.appId).toBe(appid);
        expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(5);
        expect(body.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
        const ticket = await cachedTicket();
        expect(body.signature).toBe(
          sha1(
            `jsapi_ticket=${ticket}&noncestr=${body.nonceStr}&timestamp=${body.timestamp}&url=${pageUrl}&n=${n}`,
          ),
        );
      }
    }
    expect(fake.calls['/cgi-bin/token']).toBe(1);
    expect(fake.calls['/cgi-bin/ticket/getticket']).toBe(1);
    // Sealed at rest: neither the ticket nor the access token is stored in clear.
    const rows = await t.database.db.select().from(wechatTickets);
    expect(rows.map((row) => row.kind).sort()).toEqual([scopedKind('access_token'), scopedKind('jsapi')]);
    for (const row of rows) expect(row.valueSealed).toMatch(/^v1:/);
    // 15 minutes at most (§9): WeChat's 7,200 s less 5 minutes, capped at 900 s.
    const jsapiRow = rows.find((row) => row.kind === scopedKind('jsapi'));
    const life = ((jsapiRow?.expiresAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(life).toBeGreaterThan(800);
    expect(life).toBeLessThanOrEqual(900);
  }, 120_000);

  it('refetches the ticket once it is within 60 s of expiry', async () => {
    expect((await jssdk(pageUrl)).statusCode).toBe(200);
    const before = await cachedTicket();
    fake.resetCalls();
    await t.database.db
      .update(wechatTickets)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(and(eq(wechatTickets.appid, appid), eq(wechatTickets.kind, scopedKind('jsapi'))));
    expect((await jssdk(pageUrl)).statusCode).toBe(200);
    expect((await jssdk(pageUrl)).statusCode).toBe(200);
    expect(fake.calls['/cgi-bin/ticket/getticket']).toBe(1);
    expect(fake.calls['/cgi-bin/token'] ?? 0).toBe(0);
    expect(await cachedTicket()).not.toBe(before);
  });

  it('drops an access token WeChat calls invalid (40001) and retries once with a fresh one', async () => {
    expect((await jssdk(pageUrl)).statusCode).toBe(200);
    fake.expireAccessTokens();
    await t.database.db
      .delete(wechatTickets)
      .where(and(eq(wechatTickets.appid, appid), eq(wechatTickets.kind, scopedKind('jsapi'))));
    fake.resetCalls();
    const response = await jssdk(pageUrl);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls['/cgi-bin/ticket/getticket']).toBe(2);
    expect(fake.calls['/cgi-bin/token']).toBe(1);
  });

  it('answers 502 wechat.unavailable and stores nothing when WeChat refuses or fails', async () => {
    await t.database.db.delete(wechatTickets);
    fake.fail('/cgi-bin/ticket/getticket', { errcode: 45009, errmsg: 'reach max api daily quota limit' }, 1);
    const refused = await jssdk(pageUrl);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'wechat.unavailable', message: 'Request failed' });
    expect(refused.body).not.toContain('quota');
    expect(await cachedTicket()).toBeNull();

    fake.fail('/cgi-bin/ticket/getticket', { status: 500 }, 1);
    expect((await jssdk(pageUrl)).statusCode).toBe(502);
    expect(await cachedTicket()).toBeNull();

    fake.fail('/cgi-bin/token', { errcode: 40125, errmsg: 'invalid appsecret' }, 1);
    await t.database.db.delete(wechatTickets);
    const badSecret = await jssdk(pageUrl);
    expect(badSecret.statusCode).toBe(502);
    expect(await t.database.db.select().from(wechatTickets)).toEqual([]);

    // WeChat answers again: the next call succeeds.
    expect((await jssdk(pageUrl)).statusCode).toBe(200);
  });

  it('gives up after the 10 s timeout budget (adapter, shortened) without storing anything', async () => {
    await t.database.db.delete(wechatTickets);
    fake.fail('/cgi-bin/ticket/getticket', { hang: true }, 1);
    const cache = wechatTicketCacheOf({ db: t.database.db, config, dbKind: t.database.kind });
    const api = createOfficialApi({
      apiBase: fake.url,
      timeoutMs: 1500,
      appid,
      ticketCache: cache,
      accessToken: { get: async () => 'unused-token', drop: async () => {} },
    });
    const started = Date.now();
    const waiting = api.jsapiTicket();
    // While WeChat hangs, the database still answers everyone else at once (no transaction is held
    // across the wait on PGlite's single connection; on PostgreSQL only the row is locked).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.database.db.select().from(meetings).limit(1);
    expect(Date.now() - started).toBeLessThan(1200);
    await expect(waiting).rejects.toBeInstanceOf(WechatProviderError);
    expect(await cachedTicket(appid, 'jsapi', false)).toBeNull();
  });

  it('on PostgreSQL a refresh waiting on another one gives up after 3 s as a WeChat failure', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite: one process, an in-process lock instead.
    const cache = wechatTicketCacheOf({ db: t.database.db, config, dbKind: 'postgres' });
    const holder = cache.get('wxlockwait0000001', 'jsapi', async () => {
      await new Promise((resolve) => setTimeout(resolve, 4500));
      return { value: 'slow-ticket', expiresIn: 7200 };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await expect(
      cache.get('wxlockwait0000001', 'jsapi', async () => ({ value: 'other', expiresIn: 7200 })),
    ).rejects.toBeInstanceOf(WechatProviderError);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(2500);
    expect(waited).toBeLessThan(4000);
    expect(await holder).toBe('slow-ticket');
  }, 15_000);

  it('signs only pages of this site, the meeting domain and allowed web-view domains', async () => {
    const refusedUrls = [
      'https://evil.example/page',
      'https://meet.example.org.evil.example/',
      'https://meet.example.org@evil.example/',
      'https://user:pw@meet.example.org/',
      'javascript:alert(1)//meet.example.org',
      'ftp://meet.example.org/',
      '//meet.example.org/',
      'https://meet.example.org\\@evil.example/',
      'not a url',
    ];
    for (const url of refusedUrls) {
      const response = await jssdk(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('wechat.url_not_allowed');
    }
    expect((await jssdk('https://app.partner.example/x')).statusCode).toBe(200);
    expect((await jssdk('https://expo.meeting-domain.example/#/home')).statusCode).toBe(400);
    await t.database.db
      .update(meetings)
      .set({ domain: 'expo.meeting-domain.example' })
      .where(eq(meetings.id, meetingId));
    expect((await jssdk('https://expo.meeting-domain.example/#/home')).statusCode).toBe(200);
    await t.database.db.update(meetings).set({ domain: null }).where(eq(meetings.id, meetingId));
    // An unknown meeting, a malformed body.
    expect((await jssdk(pageUrl, visitor(), ids.missing)).statusCode).toBe(404);
    const malformed = await t.call('POST', '/api/wechat/service/jssdk', { json: { meeting_id: meetingId } });
    expect(malformed.statusCode).toBe(400);
  });

  it("never hands the deployment's cached token or ticket to a meeting that typed its AppID with a wrong secret", async () => {
    // The deployment's account (meeting 2 has no settings) caches its token and jsapi ticket.
    expect((await jssdk(pageUrl, visitor(), ids.otherMeeting)).statusCode).toBe(200);
    await t.database.db.insert(meetingWechatSettings).values({
      meetingId,
      officialMode: 'own',
      officialAppid: appid,
      officialSecretSealed: sealCredentials('not-the-real-secret', credentialsKeyOf(config)),
    });
    fake.resetCalls();
    const refused = await jssdk(pageUrl);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('wechat.unavailable');
    expect(fake.calls['/cgi-bin/token']).toBe(1);
  });

  it("uses the organiser's own account in 'own' mode and refuses 'platform' before authorisation", async () => {
    const own = { appid: 'wxownaccount00001', secret: 'own-secret-123' };
    fake.addApp(own.appid, own.secret);
    const key = credentialsKeyOf(config);
    await t.database.db.insert(meetingWechatSettings).values({
      meetingId,
      officialMode: 'own',
      officialAppid: own.appid,
      officialSecretSealed: sealCredentials(own.secret, key),
    });
    const signed = await jssdk(pageUrl);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().appId).toBe(own.appid);
    expect(fake.requests.find((r) => r.path === '/cgi-bin/token')?.query.appid).toBe(own.appid);

    await t.database.db
      .update(meetingWechatSettings)
      .set({ officialSecretSealed: null })
      .where(eq(meetingWechatSettings.meetingId, meetingId));
    const missing = await jssdk(pageUrl);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('wechat.not_configured');

    await t.database.db
      .update(meetingWechatSettings)
      .set({ officialMode: 'platform' })
      .where(eq(meetingWechatSettings.meetingId, meetingId));
    const platform = await jssdk(pageUrl);
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toMatchObject({
      code: 'wechat.not_authorized',
      message: 'The official account is not authorized',
    });
  });

  it('replicas share one ticket: concurrent first calls through two configurations fetch it once', async () => {
    await t.database.db.delete(wechatTickets);
    // Another replica: its own configuration object (own caches, own rate limits), the same database.
    const replica = { db: t.database.db, config: { ...config } as Config };
    const here = { db: t.database.db, config };
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        signJssdk(n % 2 === 0 ? here : replica, { meetingId, url: `${pageUrl}&r=${n}` }),
      ),
    );
    expect(new Set(results.map((result) => result.appId))).toEqual(new Set([appid]));
    expect(fake.calls['/cgi-bin/ticket/getticket']).toBe(1);
    expect(fake.calls['/cgi-bin/token']).toBe(1);
  });
});

describe('GET /wechat/card/api/ticket', () => {
  it('signs sorted api_ticket, timestamp, nonce and card id without sending the ticket', async () => {
    const response = await t.call(
      'GET',
      `/api/wechat/card/api/ticket?meeting_id=${meetingId}&card_id=pCard_01`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const ticket = await cachedTicket(appid, 'wx_card');
    expect(ticket).toBeTruthy();
    expect(response.body).not.toContain(String(ticket));
    expect(body.cardId).toBe('pCard_01');
    const values = [String(ticket), String(body.timestamp), body.nonceStr, 'pCard_01'].sort();
    expect(body.signature).toBe(sha1(values.join('')));
    expect(fake.requests.find((r) => r.path === '/cgi-bin/ticket/getticket')?.query.type).toBe('wx_card');
    const bad = await t.call('GET', `/api/wechat/card/api/ticket?meeting_id=${meetingId}&card_id=a%20b`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /wechat/mini/urlschemes', () => {
  const scheme = (json: Record<string, unknown>) =>
    t.call('POST', '/api/wechat/mini/urlschemes', {
      json: { meeting_id: meetingId, ...json },
      remoteAddress: visitor(),
    });

  it('opens one of the six §2 pages, at most 30 days', async () => {
    const response = await scheme({ path: '/pages/enterprise/pages/detail/detail', query: 'id=42' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=/);
    const sent = fake.requests.find((r) => r.path === '/wxa/generatescheme')?.json as Record<string, unknown>;
    expect(sent).toMatchObject({
      jump_wxa: { path: 'pages/enterprise/pages/detail/detail', query: 'id=42', env_version: 'release' },
      is_expire: true,
      expire_type: 1,
      expire_interval: 30,
    });
    expect(fake.requests.find((r) => r.path === '/cgi-bin/token')?.query.appid).toBe(
      fakeWechatApps.mini.appid,
    );
  });

  it('refuses other paths and bad queries (400) without calling WeChat', async () => {
    for (const path of ['pages/admin/index', '../pages/fu-h5/index', 'pages/fu-h5/index/../../x', '']) {
      const response = await scheme({ path, query: '' });
      expect(response.statusCode, path).toBe(400);
    }
    expect((await scheme({ path: 'pages/fu-h5/index', query: 'a=1 b' })).statusCode).toBe(400);
    expect((await scheme({ path: 'pages/fu-h5/index', expire_days: 31 })).statusCode).toBe(400);
    expect(fake.calls['/wxa/generatescheme'] ?? 0).toBe(0);
  });

  it('answers 502 when WeChat refuses', async () => {
    fake.fail('/wxa/generatescheme', { errcode: 85401 }, 1);
    const response = await scheme({ path: 'pages/fu-h5/index', query: 'link=x' });
    expect(response.statusCode).toBe(502);
  });
});

describe('openid, follower and follow card', () => {
  it('binds the openid of the meeting AppID, refuses moving it to another user, and reads follower info', async () => {
    const ada = await loginByPhone(t, meetingId, '13800135001');
    const bo = await loginByPhone(t, meetingId, '13800135002');
    const openid = 'oFollower000000000000001';
    fake.setFollower(appid, { openid, subscribe: 1, nickname: 'Ada', unionid: 'uAda' });

    const anonymous = await t.call('POST', '/api/wechat/openid', {
      json: { meeting_id: meetingId, code: fake.issueCode(appid, { openid }) },
    });
    expect(anonymous.statusCode).toBe(401);

    const code = fake.issueCode(appid, { openid, unionid: 'uAda' });
    const bound = await t.call('POST', '/api/wechat/openid', {
      json: { meeting_id: meetingId, code },
      headers: bearer(ada),
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toEqual({ appid, openid });

    // The same code again: WeChat refuses a used code.
    const replay = await t.call('POST', '/api/wechat/openid', {
      json: { meeting_id: meetingId, code },
      headers: bearer(ada),
    });
    expect(replay.statusCode).toBe(502);

    // Binding again is a no-op; another user cannot take it.
    const again = await t.call('POST', '/api/wechat/openid', {
      json: { meeting_id: meetingId, code: fake.issueCode(appid, { openid }) },
      headers: bearer(ada),
    });
    expect(again.statusCode).toBe(200);
    const stolen = await t.call('POST', '/api/wechat/openid', {
      json: { meeting_id: meetingId, code: fake.issueCode(appid, { openid }) },
      headers: bearer(bo),
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('conflict.already_used');
    const rows = await t.database.db
      .select()
      .from(userWechatOpenids)
      .where(eq(userWechatOpenids.openid, openid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(ada.user_id.$id);
    expect(rows[0]?.unionid).toBe('uAda');

    const follower = await t.call('POST', '/api/wechat/service/user', {
      json: { meeting_id: meetingId },
      headers: bearer(ada),
    });
    expect(follower.statusCode, follower.body).toBe(200);
    expect(follower.json()).toMatchObject({ appid, openid, subscribe: 1, nickname: 'Ada' });
    const noOpenid = await t.call('POST', '/api/wechat/service/user', {
      json: { meeting_id: meetingId },
      headers: bearer(bo),
    });
    expect(noOpenid.statusCode).toBe(404);

    await t.database.db.insert(meetingWechatSettings).values({
      meetingId,
      officialName: 'Expo Service',
      officialQrcodeUrl: '/uploads/follow-qr.png',
    });
    const follow = (headers?: Record<string, string>) =>
      t.call('GET', `/api/wechat/service/follow?meeting_id=${meetingId}`, { headers });
    expect((await follow(bearer(ada))).json()).toEqual({
      subscribe: 1,
      name: 'Expo Service',
      qrcode_url: '/uploads/follow-qr.png',
    });
    expect((await follow()).json().subscribe).toBe(0);
    expect((await follow(bearer(bo))).json().subscribe).toBe(0);
    fake.setFollower(appid, { openid, subscribe: 0 });
    expect((await follow(bearer(ada))).json().subscribe).toBe(0);
    fake.fail('/cgi-bin/user/info', { status: 500 });
    const failing = await follow(bearer(ada));
    expect(failing.statusCode).toBe(200);
    expect(failing.json().subscribe).toBe(0);
  });
});

describe('POST /wechat/securities', () => {
  it('answers the local verdict by default and WeChat’s with MODERATION_PROVIDER=wechat and an openid', async () => {
    const ok = await t.call('POST', '/api/wechat/securities', {
      json: { meeting_id: meetingId, content: 'Looking forward to the opening keynote' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ result: 'pass' });
    const tooLong = await t.call('POST', '/api/wechat/securities', {
      json: { meeting_id: meetingId, content: 'x'.repeat(2501) },
    });
    expect(tooLong.statusCode).toBe(400);

    const ada = await loginByPhone(t, meetingId, '13800135003');
    await t.database.db
      .insert(userWechatOpenids)
      .values({ appid: fakeWechatApps.mini.appid, openid: 'oMini0001', userId: ada.user_id.$id });
    const wechat = { db: t.database.db, config: { ...config, MODERATION_PROVIDER: 'wechat' } as Config };
    const risky = await checkSecurity(wechat, {
      meetingId,
      userId: ada.user_id.$id,
      content: 'buy FAKE_RISKY now',
      scene: 2,
    });
    expect(risky).toEqual({ result: 'risky', category: 'politics' });
    expect(fake.requests.find((r) => r.path === '/wxa/msg_sec_check')?.json).toMatchObject({
      openid: 'oMini0001',
      version: 2,
      scene: 2,
    });
    expect(
      await checkSecurity(wechat, {
        meetingId,
        userId: ada.user_id.$id,
        content: 'a FAKE_REVIEW text here',
        scene: 3,
      }),
    ).toEqual({ result: 'review' });
    // No openid: the local lists (WeChat is not asked).
    fake.resetCalls();
    expect(
      await checkSecurity(wechat, { meetingId, userId: null, content: 'buy FAKE_RISKY now', scene: 2 }),
    ).toEqual({ result: 'pass' });
    expect(fake.calls['/wxa/msg_sec_check'] ?? 0).toBe(0);
    // WeChat failing: review, never an error.
    fake.fail('/wxa/msg_sec_check', { status: 500 });
    expect(
      await checkSecurity(wechat, {
        meetingId,
        userId: ada.user_id.$id,
        content: 'hello everyone there',
        scene: 2,
      }),
    ).toEqual({ result: 'review' });
  });
});
