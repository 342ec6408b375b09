import { decrypt } from '@wecom/crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer, smsCode } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { credentialsKeyOf, sealCredentials } from '../../providers/payment/credentials-box.ts';
import { scanPush } from '../../providers/wechat/fake-wechat-component.ts';
import {
  type FakeWechatServer,
  fakeWechatApps,
  startFakeWechatServer,
} from '../../providers/wechat/fake-wechat-server.ts';
import { oauthStates } from '../oauth/oauth.tables.ts';
import { resolveSession } from '../sessions/sessions.service.ts';
import { insertUserIfFree, linkIdentity } from '../users/users.repository.ts';
import { userIdentities } from '../users/users.tables.ts';
import {
  defaultLoginMethods,
  meetingWechatSettings,
  userWechatOpenids,
  wechatQrLogins,
} from './wechat.tables.ts';
import { parseMessageXml, pushSignature } from './wechat-events.crypto.ts';

/**
 * Desktop "scan with WeChat to sign in" end to end at the API level (§7 GET /wechat/service/qrcodes,
 * §7 Login, §8 'QR code has expired' / 'Invalid QR code information' / 4260): the fake WeChat makes
 * the QR codes and answers user/info; the tests push WeChat's scan events (plain and safe mode) to
 * POST /api/wechat/events/{appid} as WeChat would.
 */

const pushToken = 'pushtoken123';
const aesKey = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const appid = fakeWechatApps.official.appid;
const keys = { token: pushToken, aesKey, appid };
const meetingId = ids.meeting;

let fake: FakeWechatServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeWechatServer();
  t = await createTestApp({ env: { ...fake.env, WECHAT_TOKEN: pushToken, WECHAT_AES_KEY: aesKey } });
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => fake.clearFailures());

let visitors = 0;
/** A new client address per QR code: the tests stand for many desktops, not one flooding IP. */
const desktop = () => {
  visitors += 1;
  return `10.77.${(visitors >> 8) & 255}.${visitors & 255}`;
};

async function createQr(meeting = meetingId): Promise<{ login_id: string; secret: string; url: string }> {
  const response = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meeting}&scene=login`, {
    remoteAddress: desktop(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const poll = (loginId: string, secret: string) =>
  t.call('GET', `/api/wechat/service/qrcodes/${loginId}?secret=${encodeURIComponent(secret)}`);

const redeem = (loginId: string, secret: string) =>
  t.call('POST', '/api/tokens/wechat/qrcode', { json: { login_id: loginId, secret } });

/** WeChat pushing a scan of `loginId` by `openid` to the account's message URL. */
function pushScan(
  loginId: string,
  openid: string,
  options: { isEncrypted?: boolean; isSubscribe?: boolean; timestamp?: number; token?: string } = {},
): Promise<LightMyRequestResponse> {
  const push = scanPush(
    { ...keys, token: options.token ?? pushToken },
    {
      loginId,
      openid,
      isEncrypted: options.isEncrypted,
      isSubscribe: options.isSubscribe,
      timestamp: options.timestamp,
    },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/wechat/events/${appid}?${push.query}`,
    headers: { 'content-type': 'text/xml' },
    payload: push.body,
  });
}

/** The passive reply of a push answer (decrypted when the account is in safe mode). */
function replyOf(body: string): Record<string, string> | null {
  const envelope = parseMessageXml(body);
  return envelope?.Encrypt ? parseMessageXml(decrypt(aesKey, envelope.Encrypt).message) : envelope;
}

const statusOf = async (loginId: string) =>
  (await t.database.db.select().from(wechatQrLogins).where(eq(wechatQrLogins.id, loginId)))[0];

/** A user linked to a WeChat identity (subject = unionid), following the account. */
async function wechatUser(openid: string, unionid: string): Promise<string> {
  const user = await insertUserIfFree(t.database.db, { id: newId(), username: `WeChat ${openid}` });
  if (!user) throw new Error('user not inserted');
  await linkIdentity(t.database.db, { provider: 'wechat', subject: unionid, userId: user.id, profile: {} });
  fake.setFollower(appid, { openid, subscribe: 1, unionid, nickname: 'Lin' });
  return user.id;
}

describe('desktop QR sign-in', () => {
  it('makes a 300 s QR code of the account for scene login_<id> and keeps only the secret hash', async () => {
    const qr = await createQr();
    expect(qr.login_id).toMatch(/^[0-9a-f]{32}$/);
    expect(qr.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(qr.url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    expect(fake.qrScenes).toContain(`login_${qr.login_id}`);
    const row = await statusOf(qr.login_id);
    expect(row?.status).toBe('pending');
    expect(row?.appid).toBe(appid);
    expect(row?.secretHash).not.toContain(qr.secret);
    const polled = await poll(qr.login_id, qr.secret);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.json().status).toBe('pending');
    expect(polled.json().expire_seconds).toBeGreaterThan(290);
    expect(polled.headers['cache-control']).toBe('no-store');
  });

  it('signs a known WeChat user in after a SCAN push, once', async () => {
    const userId = await wechatUser('o-scan-plain', 'u-scan-plain');
    const qr = await createQr();
    const early = await redeem(qr.login_id, qr.secret);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('wechat.qr_invalid');

    const pushed = await pushScan(qr.login_id, 'o-scan-plain');
    expect(pushed.statusCode, pushed.body).toBe(200);
    const reply = replyOf(pushed.body);
    expect(reply).toMatchObject({ ToUserName: 'o-scan-plain', MsgType: 'text' });
    expect(reply?.Content).toContain('Signed in on your computer');
    // The reply names the meeting and warns whoever did not start this sign-in.
    expect(reply?.Content).toContain('ignore this message');

    expect((await poll(qr.login_id, qr.secret)).json().status).toBe('scanned');
    const login = await redeem(qr.login_id, qr.secret);
    expect(login.statusCode, login.body).toBe(200);
    const result = login.json();
    expect(result.user_id.$id).toBe(userId);
    expect(result.meeting_id.$id).toBe(meetingId);
    const session = await resolveSession({ db: t.database.db, config: t.app.deps.config }, result.token);
    expect(session?.userId).toBe(userId);
    const me = await t.call('GET', '/api/users/me', { headers: bearer(result) });
    expect(me.statusCode).not.toBe(401);

    // The openid of this AppID is remembered (§3 User.wechat_credentials).
    const [remembered] = await t.database.db
      .select()
      .from(userWechatOpenids)
      .where(eq(userWechatOpenids.openid, 'o-scan-plain'));
    expect(remembered).toMatchObject({ appid, userId });

    // Single use: the replay, and any later poll, are 'Invalid QR code information'.
    const replay = await redeem(qr.login_id, qr.secret);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'wechat.qr_invalid',
      message: 'Invalid QR code information',
    });
    expect((await poll(qr.login_id, qr.secret)).statusCode).toBe(400);
  });

  it('takes a safe-mode subscribe push (new follower) and answers an encrypted reply', async () => {
    const userId = await wechatUser('o-scan-aes', 'u-scan-aes');
    const qr = await createQr();
    const pushed = await pushScan(qr.login_id, 'o-scan-aes', { isEncrypted: true, isSubscribe: true });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const envelope = parseMessageXml(pushed.body);
    expect(envelope?.Encrypt).toBeTruthy();
    expect(pushed.body).not.toContain('o-scan-aes');
    expect(envelope?.MsgSignature).toBe(
      pushSignature(pushToken, envelope?.TimeStamp ?? '', envelope?.Nonce ?? '', envelope?.Encrypt ?? ''),
    );
    const login = await redeem(qr.login_id, qr.secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user_id.$id).toBe(userId);
  });

  it("refuses a wrong secret or an unknown id with 'Invalid QR code information'", async () => {
    const qr = await createQr();
    for (const response of [
      await poll(qr.login_id, 'A'.repeat(43)),
      await poll('0'.repeat(32), qr.secret),
      await poll('not-hex', qr.secret),
      await redeem(qr.login_id, 'A'.repeat(43)),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('wechat.qr_invalid');
    }
  });

  it("answers 'QR code has expired' after 300 s, and a late scan changes nothing", async () => {
    await wechatUser('o-late', 'u-late');
    const qr = await createQr();
    await t.database.db
      .update(wechatQrLogins)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(wechatQrLogins.id, qr.login_id));
    const polled = await poll(qr.login_id, qr.secret);
    expect(polled.statusCode).toBe(410);
    expect(polled.json()).toMatchObject({ code: 'wechat.qr_expired', message: 'QR code has expired' });
    const pushed = await pushScan(qr.login_id, 'o-late');
    expect(pushed.statusCode).toBe(200);
    expect(replyOf(pushed.body)?.Content).toContain('expired');
    expect((await statusOf(qr.login_id))?.status).toBe('pending');
    expect((await redeem(qr.login_id, qr.secret)).statusCode).toBe(410);
  });

  it('hands an unknown WeChat user back with 4260, then /bind gives the session', async () => {
    fake.setFollower(appid, { openid: 'o-newcomer', subscribe: 1, unionid: 'u-newcomer' });
    const qr = await createQr();
    expect((await pushScan(qr.login_id, 'o-newcomer')).statusCode).toBe(200);
    expect((await poll(qr.login_id, qr.secret)).json().status).toBe('needs_bind');
    const handBack = await redeem(qr.login_id, qr.secret);
    expect(handBack.statusCode, handBack.body).toBe(400);
    expect(handBack.json().code).toBe(4260);
    const ticket = handBack.json().data.ticket as string;
    expect(ticket).toMatch(/^[0-9a-f]{64}$/);
    expect((await redeem(qr.login_id, qr.secret)).json().code).toBe('wechat.qr_invalid');

    const phone = '13700137031';
    const code = await smsCode(t, { meetingId, phone, purpose: 'bind' });
    const bound = await t.call('POST', '/api/tokens/wechat/bind', {
      form: { ticket, phone, area_code: '86', code, meeting_id: meetingId },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const userId = bound.json().user_id.$id as string;

    // The next scan by the same WeChat user signs straight in.
    const next = await createQr();
    await pushScan(next.login_id, 'o-newcomer');
    const login = await redeem(next.login_id, next.secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user_id.$id).toBe(userId);
  });

  it('refuses forged, stale and foreign pushes with 401 and changes nothing', async () => {
    await wechatUser('o-forger', 'u-forger');
    const qr = await createQr();
    const forged = await pushScan(qr.login_id, 'o-forger', { token: 'not-the-token' });
    expect(forged.statusCode).toBe(401);
    const forgedAes = await pushScan(qr.login_id, 'o-forger', { token: 'not-the-token', isEncrypted: true });
    expect(forgedAes.statusCode).toBe(401);
    const stale = await pushScan(qr.login_id, 'o-forger', { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect((await statusOf(qr.login_id))?.status).toBe('pending');

    const unknownAccount = await t.app.inject({
      method: 'POST',
      url: '/api/wechat/events/wxnotours?signature=x&timestamp=1&nonce=1',
      payload: '<xml/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(unknownAccount.statusCode).toBe(404);
  });

  it('never answers 5xx to hostile bodies: entities, garbage, JSON, oversize', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signed = `signature=${pushSignature(pushToken, String(now), 'n')}&timestamp=${now}&nonce=n`;
    const bodies: [string, string][] = [
      [
        'text/xml',
        '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><xml><EventKey>&b;</EventKey></xml>',
      ],
      ['text/xml', '<<<>>>'],
      ['application/json', '{"xml":1}'],
      ['text/xml', ''],
      [
        'text/xml',
        `<xml><MsgType>event</MsgType><Event>SCAN</Event><EventKey>login_${'z'.repeat(32)}</EventKey></xml>`,
      ],
    ];
    for (const [type, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/wechat/events/${appid}?${signed}`,
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, `${type} ${payload}`).toBeLessThan(500);
    }
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/wechat/events/${appid}?${signed}`,
      headers: { 'content-type': 'text/xml' },
      payload: `<xml>${'a'.repeat(70 * 1024)}</xml>`,
    });
    expect(big.statusCode).toBe(413);
    const encryptedGarbage = await t.app.inject({
      method: 'POST',
      url: `/api/wechat/events/${appid}?${signed}&encrypt_type=aes&msg_signature=${pushSignature(pushToken, String(now), 'n', 'QUJD')}`,
      headers: { 'content-type': 'text/xml' },
      payload: '<xml><Encrypt>QUJD</Encrypt></xml>',
    });
    expect(encryptedGarbage.statusCode).toBe(401);
  });

  it("answers WeChat's URL check with echostr only when signed", async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/events/${appid}?signature=${pushSignature(pushToken, now, 'abc')}&timestamp=${now}&nonce=abc&echostr=echo-42`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('echo-42');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/events/${appid}?signature=${'0'.repeat(40)}&timestamp=${now}&nonce=abc&echostr=echo-42`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('echo-42');
  });

  it("reads a meeting's own account's pushes with the token and EncodingAESKey stored for it", async () => {
    const own = {
      appid: 'wxownaccount00001',
      secret: 'own-secret',
      token: 'owntoken77',
      aesKey: 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210zyxwvut',
    };
    const key = credentialsKeyOf(t.app.deps.config);
    fake.addApp(own.appid, own.secret);
    await t.database.db.insert(meetingWechatSettings).values({
      meetingId: ids.otherMeeting,
      officialMode: 'own',
      officialAppid: own.appid,
      officialSecretSealed: sealCredentials(own.secret, key),
      officialTokenSealed: sealCredentials(own.token, key),
      officialAesKeySealed: sealCredentials(own.aesKey, key),
    });
    const user = await insertUserIfFree(t.database.db, { id: newId(), username: 'Own follower' });
    if (!user) throw new Error('user not inserted');
    await linkIdentity(t.database.db, { provider: 'wechat', subject: 'u-own', userId: user.id, profile: {} });
    fake.setFollower(own.appid, { openid: 'o-own', subscribe: 1, unionid: 'u-own' });

    const qr = await createQr(ids.otherMeeting);
    expect((await statusOf(qr.login_id))?.appid).toBe(own.appid);
    const send = (pushKeys: { token: string; aesKey: string; appid: string }) => {
      const push = scanPush(pushKeys, { loginId: qr.login_id, openid: 'o-own', isEncrypted: true });
      return t.app.inject({
        method: 'POST',
        url: `/api/wechat/events/${own.appid}?${push.query}`,
        headers: { 'content-type': 'text/xml' },
        payload: push.body,
      });
    };
    // The deployment's token does not sign for this account.
    expect((await send({ token: pushToken, aesKey, appid: own.appid })).statusCode).toBe(401);
    const pushed = await send({ token: own.token, aesKey: own.aesKey, appid: own.appid });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const login = await redeem(qr.login_id, qr.secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user_id: { $id: user.id }, meeting_id: { $id: ids.otherMeeting } });
  });

  it('refuses QR codes of a meeting that switched WeChat login off (403 login.method_disabled)', async () => {
    await t.database.db
      .update(meetingWechatSettings)
      .set({ loginMethods: { ...defaultLoginMethods, wechat: 0 } })
      .where(eq(meetingWechatSettings.meetingId, ids.otherMeeting));
    const refused = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${ids.otherMeeting}`, {
      remoteAddress: desktop(),
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('login.method_disabled');
    await t.database.db
      .update(meetingWechatSettings)
      .set({ loginMethods: defaultLoginMethods })
      .where(eq(meetingWechatSettings.meetingId, ids.otherMeeting));
  });

  it('gives exactly one session to concurrent redeems', async () => {
    await wechatUser('o-race', 'u-race');
    const qr = await createQr();
    await pushScan(qr.login_id, 'o-race');
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem(qr.login_id, qr.secret)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(7);
  });

  it('refuses a meeting that does not exist and answers 502 when WeChat fails, keeping no sign-in', async () => {
    const missing = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${ids.missing}`, {
      remoteAddress: desktop(),
    });
    expect(missing.statusCode).toBe(404);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(wechatQrLogins);
    fake.fail('/cgi-bin/qrcode/create', { errcode: 45009, errmsg: 'api freq out of limit' }, 1);
    const failed = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meetingId}`, {
      remoteAddress: desktop(),
    });
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'wechat.unavailable', message: 'Request failed' });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(wechatQrLogins);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('limits QR codes per IP (429)', async () => {
    const ip = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meetingId}`, {
        remoteAddress: ip,
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });
  it('refuses a plain push to a safe-mode account and acts on a replayed push only once', async () => {
    await wechatUser('o-replay', 'u-replay');
    const qr = await createQr();
    // Signed correctly but plain: the account has an EncodingAESKey, so only safe mode counts.
    const plainPush = await pushScan(qr.login_id, 'o-replay', { isEncrypted: false });
    expect(plainPush.statusCode).toBe(401);
    expect((await statusOf(qr.login_id))?.status).toBe('pending');

    const push = scanPush(keys, { loginId: qr.login_id, openid: 'o-replay' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/wechat/events/${appid}?${push.query}`,
        headers: { 'content-type': 'text/xml' },
        payload: push.body,
      });
    expect((await send()).statusCode).toBe(200);
    expect((await statusOf(qr.login_id))?.status).toBe('scanned');
    await t.database.db
      .update(wechatQrLogins)
      .set({ status: 'pending', userId: null })
      .where(eq(wechatQrLogins.id, qr.login_id));
    // The same (timestamp, nonce, signature) again: acknowledged, nothing done.
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('success');
    expect((await statusOf(qr.login_id))?.status).toBe('pending');
  });

  it("answers WeChat's push within its 5 s even when user/info hangs, deciding by the openid", async () => {
    const userId = await wechatUser('o-slow-info', 'u-slow-info');
    await t.database.db
      .insert(userWechatOpenids)
      .values({ appid, openid: 'o-slow-info', userId, unionid: null })
      .onConflictDoNothing();
    const qr = await createQr();
    fake.fail('/cgi-bin/user/info', { hang: true }, 1);
    const started = Date.now();
    const pushed = await pushScan(qr.login_id, 'o-slow-info');
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(await statusOf(qr.login_id)).toMatchObject({ status: 'scanned', userId });
  }, 15_000);

  it("never lets another meeting's own row with the same AppID sign scans for this meeting", async () => {
    await t.database.db.delete(meetingWechatSettings);
    const shared = { appid: 'wxsharedapp000001', secret: 'shared-secret' };
    const key = credentialsKeyOf(t.app.deps.config);
    fake.addApp(shared.appid, shared.secret);
    const ownRow = (meeting: string, token: string) => ({
      meetingId: meeting,
      officialMode: 'own' as const,
      officialAppid: shared.appid,
      officialSecretSealed: sealCredentials(shared.secret, key),
      officialTokenSealed: sealCredentials(token, key),
    });
    // The account's real organiser, then another meeting typing the same (public) AppID later.
    await t.database.db.insert(meetingWechatSettings).values(ownRow(meetingId, 'real-token'));
    await t.database.db.insert(meetingWechatSettings).values(ownRow(ids.otherMeeting, 'evil-token'));
    const victim = await wechatUser('o-shared-victim', 'u-shared-victim');
    fake.setFollower(shared.appid, { openid: 'o-shared-victim', subscribe: 1, unionid: 'u-shared-victim' });
    const qr = await createQr();
    const send = (token: string) => {
      const push = scanPush(
        { token, aesKey: null, appid: shared.appid },
        { loginId: qr.login_id, openid: 'o-shared-victim' },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/wechat/events/${shared.appid}?${push.query}`,
        headers: { 'content-type': 'text/xml' },
        payload: push.body,
      });
    };
    const forged = await send('evil-token');
    expect(forged.statusCode).toBe(200);
    expect(parseMessageXml(forged.body)?.Content).toContain('Invalid QR code information');
    expect((await statusOf(qr.login_id))?.status).toBe('pending');
    // The real organiser's pushes still verify (the newer row does not replace its keys).
    expect((await send('real-token')).statusCode).toBe(200);
    const login = await redeem(qr.login_id, qr.secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user_id.$id).toBe(victim);
    await t.database.db.delete(meetingWechatSettings);
  });

  it("matches another AppID's openid only through its own records, and keeps the AppID for the bind", async () => {
    await t.database.db.delete(meetingWechatSettings);
    const own = { appid: 'wxownopenid000001', secret: 'own-secret-2', token: 'own-token-2' };
    const key = credentialsKeyOf(t.app.deps.config);
    fake.addApp(own.appid, own.secret);
    await t.database.db.insert(meetingWechatSettings).values({
      meetingId,
      officialMode: 'own',
      officialAppid: own.appid,
      officialSecretSealed: sealCredentials(own.secret, key),
      officialTokenSealed: sealCredentials(own.token, key),
    });
    // A WeChat web-login user whose WECHAT_APPID openid is the identity subject (no unionid).
    const victim = await insertUserIfFree(t.database.db, { id: newId(), username: 'Openid victim' });
    if (!victim) throw new Error('user not inserted');
    await linkIdentity(t.database.db, {
      provider: 'wechat',
      subject: 'o-login-appid-openid',
      userId: victim.id,
      profile: {},
    });
    const qr = await createQr();
    const push = scanPush(
      { token: own.token, aesKey: null, appid: own.appid },
      { loginId: qr.login_id, openid: 'o-login-appid-openid' },
    );
    const pushed = await t.app.inject({
      method: 'POST',
      url: `/api/wechat/events/${own.appid}?${push.query}`,
      headers: { 'content-type': 'text/xml' },
      payload: push.body,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const row = await statusOf(qr.login_id);
    expect(row).toMatchObject({ status: 'needs_bind', userId: null });
    const handBack = await redeem(qr.login_id, qr.secret);
    expect(handBack.json().code).toBe(4260);
    const [state] = await t.database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.id, handBack.json().data.ticket));
    expect(state?.pending).toMatchObject({ openid: 'o-login-appid-openid', appid: own.appid });

    // The bind keeps the openid for its own AppID only: it never becomes a web-login 'wechat' identity.
    const phone = '13700137032';
    const code = await smsCode(t, { meetingId, phone, purpose: 'bind' });
    const bound = await t.call('POST', '/api/tokens/wechat/bind', {
      form: { ticket: handBack.json().data.ticket, phone, area_code: '86', code, meeting_id: meetingId },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const boundId = bound.json().user_id.$id as string;
    expect(boundId).not.toBe(victim.id);
    const openids = await t.database.db
      .select()
      .from(userWechatOpenids)
      .where(eq(userWechatOpenids.openid, 'o-login-appid-openid'));
    expect(openids).toMatchObject([{ appid: own.appid, userId: boundId }]);
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'o-login-appid-openid'));
    expect(identities.map((identity) => identity.userId)).toEqual([victim.id]);
    await t.database.db.delete(meetingWechatSettings);
  });
});
