import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer, loginByPhone } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { credentialsKeyOf, openCredentials } from '../../providers/payment/credentials-box.ts';
import {
  componentPush,
  createFakeWechatComponent,
  type FakeWechatComponent,
  fakeComponent,
  fakeComponentEnv,
  fakeComponentKeys,
  scanPush,
} from '../../providers/wechat/fake-wechat-component.ts';
import { type FakeWechatServer, startFakeWechatServer } from '../../providers/wechat/fake-wechat-server.ts';
import { createOfficialApi } from '../../providers/wechat/official-api.ts';
import { insertStaff } from '../activities/activities.fixtures.ts';
import { insertUserIfFree, linkIdentity } from '../users/users.repository.ts';
import { meetingWechatSettings, wechatTickets } from './wechat.tables.ts';
import { authorizerAccessToken } from './wechat-platform.tokens.ts';
import { wechatTicketCacheOf as ticketCacheOf } from './wechat-tickets.repository.ts';

/**
 * The WeChat third-party platform against the fake WeChat (§3 wechat_authorize; §7 GET/POST
 * /wechat/authorizes; §8 'The official account is not authorized'): verify-ticket pushes, the
 * authorisation page round trip, the account's token from its refresh token, and revocation.
 */

const meetingId = ids.meeting;
const organiserPhone = '13800138077';
const strangerPhone = '13800138078';
const account = { appid: 'wxauthorizedacct01', name: 'Expo Official' };

let fake: FakeWechatServer;
let component: FakeWechatComponent;
let t: TestApp;

beforeAll(async () => {
  component = createFakeWechatComponent();
  fake = await startFakeWechatServer({ extraRoutes: component.extraRoutes });
  t = await createTestApp({
    env: { ...fake.env, ...fakeComponentEnv, ADMIN_PHONES: `+86${organiserPhone}` },
  });
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function pushToComponent(push: { query: string; body: string }): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/wechat/component/events?${push.query}`,
    headers: { 'content-type': 'text/xml' },
    payload: push.body,
  });
}

const authorize = (token?: string) =>
  t.call('POST', '/api/wechat/authorizes', {
    json: { meeting_id: meetingId },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const listAuthorizations = () => t.call('GET', `/api/wechat/authorizes?meeting_id=${meetingId}`);

const settingsRow = async () =>
  (
    await t.database.db
      .select()
      .from(meetingWechatSettings)
      .where(eq(meetingWechatSettings.meetingId, meetingId))
  )[0];

/** The browser arriving back from WeChat's authorisation page. */
const callback = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/wechat/component/callback?${query}` });

describe('third-party platform authorisation', () => {
  let organiserToken = '';

  it('is for the meeting organisers only (401, 403)', async () => {
    expect((await authorize()).statusCode).toBe(401);
    const stranger = await loginByPhone(t, meetingId, strangerPhone);
    const refused = await t.call('POST', '/api/wechat/authorizes', {
      json: { meeting_id: meetingId },
      headers: bearer(stranger),
    });
    expect(refused.statusCode).toBe(403);
    organiserToken = (await loginByPhone(t, meetingId, organiserPhone)).token;
  });

  it('answers 409 until WeChat has pushed a verify ticket', async () => {
    const early = await authorize(organiserToken);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('wechat.not_configured');
    expect((await listAuthorizations()).json()).toEqual({ results: [] });
  });

  it('refuses a forged or plain component push and stores nothing', async () => {
    const forged = componentPush(
      'component_verify_ticket',
      { ComponentVerifyTicket: 'forged' },
      { keys: { token: 'wrong', aesKey: fakeComponent.aesKey, appid: fakeComponent.appid } },
    );
    expect((await pushToComponent(forged)).statusCode).toBe(401);
    const stale = componentPush(
      'component_verify_ticket',
      { ComponentVerifyTicket: 'stale' },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    expect((await pushToComponent(stale)).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(wechatTickets)
      .where(eq(wechatTickets.kind, 'component_verify_ticket'));
    expect(rows).toHaveLength(0);
  });

  it('stores the pushed verify ticket sealed', async () => {
    const push = componentPush('component_verify_ticket', { ComponentVerifyTicket: component.verifyTicket });
    const answer = await pushToComponent(push);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe('success');
    const [row] = await t.database.db
      .select()
      .from(wechatTickets)
      .where(eq(wechatTickets.kind, 'component_verify_ticket'));
    expect(row?.appid).toBe(fakeComponent.appid);
    expect(row?.valueSealed).not.toContain(component.verifyTicket);
  });

  it("lets a console session of one meeting start another meeting's authorisation through the console path", async () => {
    const headers = { authorization: `Bearer ${organiserToken}` };
    const viaSection7 = await t.call('POST', '/api/wechat/authorizes', {
      json: { meeting_id: ids.otherMeeting },
      headers,
    });
    expect(viaSection7.statusCode).toBe(403);
    const viaConsole = await t.call('POST', `/api/console/meetings/${ids.otherMeeting}/wechat/authorizes`, {
      headers,
    });
    expect(viaConsole.statusCode, viaConsole.body).toBe(200);
    const redirect = new URL(new URL(viaConsole.json().url).searchParams.get('redirect_uri') ?? '');
    expect(redirect.searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends the organiser to WeChat and stores the authorisation on the way back', async () => {
    const started = await authorize(organiserToken);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://mp.weixin.qq.com/cgi-bin/componentloginpage');
    expect(url.searchParams.get('component_appid')).toBe(fakeComponent.appid);
    const preAuthCode = url.searchParams.get('pre_auth_code') ?? '';
    expect(component.preAuthCodes).toContain(preAuthCode);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    expect(redirect.pathname).toBe('/api/wechat/component/callback');
    const state = redirect.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{64}$/);

    const authCode = component.approve(preAuthCode, account);
    const back = await callback(`auth_code=${encodeURIComponent(authCode)}&expires_in=3600&state=${state}`);
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe(
      `http://localhost:8080/#/console/meetings/${meetingId}/wechat?authorized=1`,
    );

    const row = await settingsRow();
    expect(row).toMatchObject({
      officialMode: 'platform',
      authorizerAppid: account.appid,
      authorizerName: account.name,
      authorizerFuncInfo: [1, 2, 3],
    });
    const refreshToken = component.refreshTokenOf(account.appid) ?? '';
    expect(row?.authorizerRefreshTokenSealed).not.toContain(refreshToken);
    expect(
      openCredentials(row?.authorizerRefreshTokenSealed ?? '', credentialsKeyOf(t.app.deps.config)),
    ).toBe(refreshToken);
    expect((await listAuthorizations()).json()).toEqual({
      results: [{ authorizer_appid: account.appid, name: account.name, authorized: 1 }],
    });

    // The state is single use.
    const replay = await callback(`auth_code=${encodeURIComponent(authCode)}&state=${state}`);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('http://localhost:8080/#/console?error=wechat.state_invalid');
  });

  it("refuses to store an account another organiser's meeting already uses when someone else approves the link", async () => {
    // An organiser of meeting 2 only starts an authorisation; the account that approves it is the one
    // meeting 1 already uses (its admin was sent the link).
    await insertStaff(t.database.db, {
      meetingId: ids.otherMeeting,
      phone: '+8613800138079',
      role: 'organiser',
    });
    const other = await loginByPhone(t, ids.otherMeeting, '13800138079');
    const started = await t.call('POST', `/api/console/meetings/${ids.otherMeeting}/wechat/authorizes`, {
      headers: bearer(other),
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().url);
    const state = new URL(url.searchParams.get('redirect_uri') ?? '').searchParams.get('state') ?? '';
    const authCode = component.approve(url.searchParams.get('pre_auth_code') ?? '', account);
    const back = await callback(`auth_code=${encodeURIComponent(authCode)}&state=${state}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(
      `http://localhost:8080/#/console/meetings/${ids.otherMeeting}/wechat?error=wechat.not_authorized`,
    );
    const [row] = await t.database.db
      .select()
      .from(meetingWechatSettings)
      .where(eq(meetingWechatSettings.meetingId, ids.otherMeeting));
    expect(row?.authorizerAppid ?? null).toBeNull();
    expect((await settingsRow())?.authorizerAppid).toBe(account.appid);
  });

  it("gives the account's access token from its sealed refresh token: cached, retried when stale, a rotated refresh token stored", async () => {
    const deps = { db: t.database.db, config: t.app.deps.config };
    const row = await settingsRow();
    if (!row) throw new Error('no settings row');
    const api = () =>
      createOfficialApi({
        apiBase: t.app.deps.config.WECHAT_API_BASE,
        appid: account.appid,
        accessToken: authorizerAccessToken(deps, row),
        ticketCache: ticketCacheOf(deps),
      });
    await ticketCacheOf(deps).drop(account.appid, 'authorizer_access_token');
    fake.resetCalls();
    await api().createQrCode('login_platform_1', 300);
    await api().createQrCode('login_platform_2', 300);
    expect(fake.calls['/cgi-bin/component/api_authorizer_token']).toBe(1);
    expect(fake.calls['/cgi-bin/component/api_component_token'] ?? 0).toBe(0);
    const used = fake.requests.filter((request) => request.path === '/cgi-bin/qrcode/create');
    expect(fake.appidOfToken(used.at(-1)?.query.access_token ?? '')).toBe(account.appid);

    // WeChat invalidated the token: dropped and fetched again once; WeChat rotated the refresh token.
    component.rotateRefreshToken(account.appid);
    fake.expireAccessTokens();
    component.expireComponentTokens();
    await api().createQrCode('login_platform_3', 300);
    const rotated = component.refreshTokenOf(account.appid);
    const stored = (await settingsRow())?.authorizerRefreshTokenSealed ?? '';
    expect(openCredentials(stored, credentialsKeyOf(t.app.deps.config))).toBe(rotated);
  });

  it("makes the meeting's sign-in QR codes with the authorised account (GET /wechat/service/qrcodes)", async () => {
    const qr = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meetingId}`, {
      remoteAddress: '10.55.0.1',
    });
    expect(qr.statusCode, qr.body).toBe(200);
    const created = fake.requests.filter((request) => request.path === '/cgi-bin/qrcode/create').at(-1);
    expect(fake.appidOfToken(created?.query.access_token ?? '')).toBe(account.appid);
  });

  it("takes the authorised account's scans at the platform's message URL, encrypted with the platform's key", async () => {
    const user = await insertUserIfFree(t.database.db, { id: newId(), username: 'Platform follower' });
    if (!user) throw new Error('user not inserted');
    await linkIdentity(t.database.db, {
      provider: 'wechat',
      subject: 'u-platform',
      userId: user.id,
      profile: {},
    });
    fake.setFollower(account.appid, { openid: 'o-platform', subscribe: 1, unionid: 'u-platform' });
    const qr = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meetingId}`, {
      remoteAddress: '10.55.0.9',
    });
    expect(qr.statusCode, qr.body).toBe(200);
    const { login_id: loginId, secret } = qr.json();
    // WeChat encrypts an authorised account's messages for the platform (its token, key and AppID).
    const push = scanPush(fakeComponentKeys, { loginId, openid: 'o-platform', isEncrypted: true });
    const pushed = await t.app.inject({
      method: 'POST',
      url: `/api/wechat/events/${account.appid}?${push.query}`,
      headers: { 'content-type': 'text/xml' },
      payload: push.body,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const login = await t.call('POST', '/api/tokens/wechat/qrcode', { json: { login_id: loginId, secret } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user_id.$id).toBe(user.id);
  });

  it("forgets the account on WeChat's unauthorized push: 'The official account is not authorized'", async () => {
    component.revoke(account.appid);
    const push = componentPush('unauthorized', { AuthorizerAppid: account.appid });
    expect((await pushToComponent(push)).statusCode).toBe(200);
    expect((await listAuthorizations()).json()).toEqual({ results: [] });
    const row = await settingsRow();
    expect(row).toMatchObject({
      officialMode: 'platform',
      authorizerAppid: null,
      authorizerRefreshTokenSealed: null,
    });
    const qr = await t.call('GET', `/api/wechat/service/qrcodes?meeting_id=${meetingId}`, {
      remoteAddress: '10.55.0.3',
    });
    expect(qr.statusCode, qr.body).toBe(403);
    expect(qr.json()).toMatchObject({
      code: 'wechat.not_authorized',
      message: 'The official account is not authorized',
    });
  });

  it('answers the public list 404 for a meeting that does not exist', async () => {
    expect((await t.call('GET', `/api/wechat/authorizes?meeting_id=${ids.missing}`)).statusCode).toBe(404);
  });
});
