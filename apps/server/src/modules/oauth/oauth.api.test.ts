import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeIdentityProviders,
  startFakeIdentityProviders,
} from '../../../test/fake-identity-providers.ts';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, productionSecret, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { resolveSession } from '../sessions/sessions.service.ts';
import { userIdentities, users } from '../users/users.tables.ts';
import { oauthStates } from './oauth.tables.ts';

let fakes: FakeIdentityProviders;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  t = await createTestApp({ env: { ...fakes.env } });
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

const meetingId = ids.meeting;
const spaRoute = `/my/index?meeting_id=${meetingId}`;

/** POST /oauth/{provider}/authorizations → the provider URL. */
async function authorizationUrl(provider: string, redirect: string | null = spaRoute): Promise<string> {
  const response = await t.call('POST', `/api/oauth/${provider}/authorizations`, {
    json: { meeting_id: meetingId, ...(redirect !== null ? { redirect } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url as string;
}

/** Opens the provider URL like a browser: the fake approves and 302s to our callback. */
async function approveAt(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

/** The browser arriving at our callback (no Apikey, a plain navigation). */
async function arriveAt(callback: URL | string): Promise<LightMyRequestResponse> {
  const url = typeof callback === 'string' ? new URL(callback, 'http://localhost:8080') : callback;
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

/**
 * The query of a callback's 302 to the SPA landing page (§2): /#/oauth/authorize for WeChat,
 * /#/oauth2/authorize for Google, Facebook and single sign-on.
 */
function spaLoginQuery(response: LightMyRequestResponse): URLSearchParams {
  expect(response.statusCode, response.body).toBe(302);
  const location = String(response.headers.location);
  const prefix = /^http:\/\/localhost:8080\/#\/oauth2?\/authorize\?/.exec(location)?.[0];
  expect(prefix, location).toBeTruthy();
  return new URLSearchParams(location.slice(prefix?.length ?? 0));
}

/** A whole Google or Facebook login; answers the SPA query and the provider's callback URL. */
async function loginWith(provider: 'google' | 'facebook') {
  const callback = await approveAt(await authorizationUrl(provider));
  const query = spaLoginQuery(await arriveAt(callback));
  return { query, callback };
}

async function expectValidToken(query: URLSearchParams) {
  const token = query.get('token') ?? '';
  const session = await resolveSession({ db: t.database.db, config: t.app.deps.config }, token);
  expect(session).toMatchObject({ userId: query.get('user_id'), meetingId });
  const me = await t.call('GET', '/api/users/me', { headers: { authorization: token } });
  if (me.statusCode !== 404) expect(me.statusCode, me.body).toBe(200);
  return session;
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

const refusalsSince = (count: number) => fakes.refusals.slice(count);

describe('GET /oauth/providers and unconfigured providers', () => {
  it('lists the providers configured here', async () => {
    const response = await t.call('GET', '/api/oauth/providers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      phone: 1,
      email: 1,
      exhibitor: 1,
      wechat: 1,
      wechat_qr: 1,
      google: 1,
      facebook: 1,
      chinaief: 0,
    });
  });

  it('answers 0 and 404 provider.not_configured without credentials', async () => {
    const bare = await createTestApp();
    try {
      await seedFixture(bare.database.db);
      const providers = await bare.call('GET', '/api/oauth/providers');
      expect(providers.json()).toMatchObject({
        wechat: 0,
        wechat_qr: 0,
        google: 0,
        facebook: 0,
        chinaief: 0,
      });
      for (const provider of ['google', 'facebook', 'wechat']) {
        const response = await bare.call('POST', `/api/oauth/${provider}/authorizations`, {
          json: { meeting_id: meetingId },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('provider.not_configured');
      }
      const wechat = await bare.call('POST', '/api/tokens/wechat', {
        json: { code: 'x', state: 'y', meeting_id: meetingId },
      });
      expect(wechat.statusCode).toBe(404);
      expect(wechat.json().code).toBe('provider.not_configured');
    } finally {
      await bare.close();
    }
  });
});

describe('plain-http identity providers', () => {
  it('are refused in production (502 login.invalid), as is an unreachable Google issuer', async () => {
    const production = await createTestApp({
      env: { ...fakes.env, NODE_ENV: 'production', AUTH_SECRET: productionSecret },
    });
    try {
      await seedFixture(production.database.db);
      for (const provider of ['google', 'facebook', 'wechat']) {
        const response = await production.call('POST', `/api/oauth/${provider}/authorizations`, {
          json: { meeting_id: meetingId },
        });
        expect(response.statusCode, provider).toBe(502);
        expect(response.json().code).toBe('login.invalid');
      }
    } finally {
      await production.close();
    }
    const closed = await startFakeIdentityProviders();
    await closed.close();
    const unreachable = await createTestApp({
      env: { ...fakes.env, GOOGLE_ISSUER: closed.env.GOOGLE_ISSUER },
    });
    try {
      await seedFixture(unreachable.database.db);
      const response = await unreachable.call('POST', '/api/oauth/google/authorizations', {
        json: { meeting_id: meetingId },
      });
      expect(response.statusCode).toBe(502);
    } finally {
      await unreachable.close();
    }
  });
});

describe('POST /oauth/{provider}/authorizations', () => {
  it('refuses redirects that leave the app, unknown providers and unknown meetings', async () => {
    for (const redirect of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'my/index',
      '/a\nb',
    ]) {
      const response = await t.call('POST', '/api/oauth/google/authorizations', {
        json: { meeting_id: meetingId, redirect },
      });
      expect(response.statusCode, redirect).toBe(400);
    }
    const unknown = await t.call('POST', '/api/oauth/github/authorizations', {
      json: { meeting_id: meetingId },
    });
    expect(unknown.statusCode).toBe(400);
    const noMeeting = await t.call('POST', '/api/oauth/google/authorizations', {
      json: { meeting_id: ids.missing },
    });
    expect(noMeeting.statusCode).toBe(404);
  });

  it('sends Google an authorization request with state, nonce and an S256 PKCE challenge', async () => {
    const url = new URL(await authorizationUrl('google'));
    expect(`${url.origin}${url.pathname}`).toBe(`${fakes.env.GOOGLE_ISSUER}/authorize`);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(fakes.env.GOOGLE_CLIENT_ID);
    expect(params.get('redirect_uri')).toBe('http://localhost:8080/api/oauth/google/callback');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toMatch(/^[0-9a-f]{64}$/);
    expect(params.get('nonce')?.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.id, params.get('state') ?? ''));
    expect(row).toMatchObject({ provider: 'google', meetingId, redirect: spaRoute, consumedAt: null });
    const lifeMs = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.round(lifeMs / 1000)).toBe(600);
  });

  it('sends WeChat its own URL: appid, snsapi_userinfo and #wechat_redirect', async () => {
    const url = new URL(await authorizationUrl('wechat'));
    expect(`${url.origin}${url.pathname}`).toBe(fakes.env.WECHAT_AUTHORIZE_URL);
    expect([...url.searchParams.keys()]).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.hash).toBe('#wechat_redirect');
  });
});

describe('Google login', () => {
  it('logs in through the fake, creates the user with name, picture and verified e-mail, and finds them again', async () => {
    fakes.setProfile('google', {
      sub: 'google-ada',
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://pictures.example/ada.png',
    });
    const { query } = await loginWith('google');
    expect(query.get('meeting_id')).toBe(meetingId);
    expect(query.get('redirect')).toBe(spaRoute);
    expect(query.get('error')).toBeNull();
    const session = await expectValidToken(query);
    const user = await userRow(session?.userId ?? '');
    expect(user).toMatchObject({
      username: 'Ada Lovelace',
      avatar: 'https://pictures.example/ada.png',
      email: 'ada@example.com',
    });
    const links = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(links).toMatchObject([{ provider: 'google', subject: 'google-ada' }]);

    const again = await loginWith('google');
    expect(again.query.get('user_id')).toBe(query.get('user_id'));
    expect(again.query.get('token')).not.toBe(query.get('token'));
  });

  it('does not attach an unverified e-mail', async () => {
    fakes.setProfile('google', {
      sub: 'google-unverified',
      email: 'maybe@example.com',
      email_verified: false,
      name: 'M',
    });
    const { query } = await loginWith('google');
    const user = await userRow(query.get('user_id') ?? '');
    expect(user?.email).toBeNull();
  });

  it('does not attach a verified e-mail another user has, and still logs in (§5)', async () => {
    const holder = newId();
    await t.database.db.insert(users).values({ id: holder, username: 'Holder', email: 'taken@example.com' });
    fakes.setProfile('google', {
      sub: 'google-taken',
      email: 'taken@example.com',
      email_verified: true,
      name: 'Other',
    });
    const { query } = await loginWith('google');
    await expectValidToken(query);
    expect(query.get('user_id')).not.toBe(holder);
    expect((await userRow(query.get('user_id') ?? ''))?.email).toBeNull();
    expect((await userRow(holder))?.email).toBe('taken@example.com');
  });

  it('omits redirect when none was given', async () => {
    fakes.setProfile('google', { sub: 'google-ada', name: 'Ada Lovelace' });
    const callback = await approveAt(await authorizationUrl('google', null));
    const query = spaLoginQuery(await arriveAt(callback));
    expect(query.get('token')).toBeTruthy();
    expect(query.has('redirect')).toBe(false);
  });
});

describe('Facebook login', () => {
  it('logs in through the fake (PKCE, Graph /me with appsecret_proof) and finds the user again', async () => {
    fakes.setProfile('facebook', {
      id: 'fb-grace',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      picture: 'https://pictures.example/grace.jpg',
    });
    const before = fakes.refusals.length;
    const { query } = await loginWith('facebook');
    expect(refusalsSince(before)).toEqual([]);
    const session = await expectValidToken(query);
    expect(await userRow(session?.userId ?? '')).toMatchObject({
      username: 'Grace Hopper',
      avatar: 'https://pictures.example/grace.jpg',
      email: 'grace@example.com',
    });
    const again = await loginWith('facebook');
    expect(again.query.get('user_id')).toBe(query.get('user_id'));
  });

  it('logs in without an e-mail when Facebook gives none', async () => {
    fakes.setProfile('facebook', { id: 'fb-no-mail', name: 'No Mail' });
    const { query } = await loginWith('facebook');
    await expectValidToken(query);
    expect((await userRow(query.get('user_id') ?? ''))?.email).toBeNull();
  });
});

describe('refused callbacks end on the landing page with error=login.invalid', () => {
  const expectLoginError = (response: LightMyRequestResponse, expectedMeeting: string | null = meetingId) => {
    const query = spaLoginQuery(response);
    expect(query.get('error')).toBe('login.invalid');
    expect(query.get('token')).toBeNull();
    expect(query.get('meeting_id')).toBe(expectedMeeting);
    return query;
  };

  it('refuses a tampered state, and the real one still works afterwards', async () => {
    fakes.setProfile('google', { sub: 'google-tamper', name: 'T' });
    const callback = await approveAt(await authorizationUrl('google'));
    const state = callback.searchParams.get('state') ?? '';
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`);
    expectLoginError(await arriveAt(tampered), null);
    expect(spaLoginQuery(await arriveAt(callback)).get('token')).toBeTruthy();
  });

  it('refuses an unknown or missing state', async () => {
    expectLoginError(await arriveAt(`/api/oauth/google/callback?code=abc&state=${'f'.repeat(64)}`), null);
    expectLoginError(await arriveAt('/api/oauth/google/callback?code=abc'), null);
    expectLoginError(await arriveAt('/api/oauth/facebook/callback'), null);
    expectLoginError(await arriveAt('/api/oauth/github/callback?state=x'), null);
  });

  it('refuses an expired state', async () => {
    const callback = await approveAt(await authorizationUrl('google'));
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.id, callback.searchParams.get('state') ?? ''));
    const before = fakes.refusals.length;
    expectLoginError(await arriveAt(callback));
    // Refused before the code was sent anywhere.
    expect(refusalsSince(before)).toEqual([]);
  });

  it('refuses a state used twice, also when both arrive at once', async () => {
    fakes.setProfile('google', { sub: 'google-twice', name: 'Twice' });
    const callback = await approveAt(await authorizationUrl('google'));
    const [first, second] = await Promise.all([arriveAt(callback), arriveAt(callback)]);
    const queries = [first, second].map((response) => spaLoginQuery(response as LightMyRequestResponse));
    expect(queries.filter((query) => query.get('token')).length).toBe(1);
    expect(queries.filter((query) => query.get('error') === 'login.invalid').length).toBe(1);
    expectLoginError(await arriveAt(callback));
  });

  it("refuses another provider's state", async () => {
    const callback = await approveAt(await authorizationUrl('google'));
    const foreign = new URL(callback);
    foreign.pathname = '/api/oauth/facebook/callback';
    expectLoginError(await arriveAt(foreign), meetingId);
  });

  it('ends on the error page when the person refuses at the provider', async () => {
    const url = new URL(await authorizationUrl('facebook'));
    const state = url.searchParams.get('state') ?? '';
    expectLoginError(
      await arriveAt(
        `/api/oauth/facebook/callback?error=access_denied&error_reason=user_denied&state=${state}`,
      ),
    );
  });

  for (const provider of ['google', 'facebook'] as const) {
    it(`${provider}: a PKCE verifier that does not match the challenge is refused by the provider`, async () => {
      const callback = await approveAt(await authorizationUrl(provider));
      await t.database.db
        .update(oauthStates)
        .set({ codeVerifier: 'x'.repeat(43) })
        .where(eq(oauthStates.id, callback.searchParams.get('state') ?? ''));
      const before = fakes.refusals.length;
      expectLoginError(await arriveAt(callback));
      expect(refusalsSince(before)).toEqual([
        { provider, endpoint: 'token', reason: 'PKCE verification failed' },
      ]);
    });

    it(`${provider}: a replayed authorization code is refused`, async () => {
      const { callback: used } = await loginWith(provider);
      const fresh = await approveAt(await authorizationUrl(provider));
      const replay = new URL(fresh);
      replay.searchParams.set('code', used.searchParams.get('code') ?? '');
      const before = fakes.refusals.length;
      expectLoginError(await arriveAt(replay));
      expect(refusalsSince(before)).toEqual([{ provider, endpoint: 'token', reason: 'code already used' }]);
    });
  }

  it('refuses an id_token whose nonce differs from the one sent', async () => {
    const callback = await approveAt(await authorizationUrl('google'));
    await t.database.db
      .update(oauthStates)
      .set({ nonce: 'another-nonce' })
      .where(eq(oauthStates.id, callback.searchParams.get('state') ?? ''));
    expectLoginError(await arriveAt(callback));
  });
});

describe('WeChat login and the 4260 hand-back', () => {
  /** Authorization → fake WeChat → our callback → /#/oauth/authorize?code&state. */
  async function wechatCallbackQuery(): Promise<URLSearchParams> {
    const url = await authorizationUrl('wechat');
    const callback = await approveAt(url);
    const query = spaLoginQuery(await arriveAt(callback));
    expect(query.get('meeting_id')).toBe(meetingId);
    expect(query.get('redirect')).toBe(spaRoute);
    expect(query.get('token')).toBeNull();
    return query;
  }

  const loginWithWechat = (query: URLSearchParams) =>
    t.call('POST', '/api/tokens/wechat', {
      form: { code: query.get('code'), state: query.get('state'), meeting_id: meetingId },
    });

  /** Sends an SMS code of purpose bind and reads it from the developer outbox. */
  async function bindCode(phone: string): Promise<string> {
    const sent = await t.call('POST', '/api/texts/code', {
      form: { phone, area_code: '86', meeting_id: meetingId, purpose: 'bind' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outbox = await t.call('GET', '/api/texts');
    const message = (outbox.json().results as { recipient: string; body: string }[]).find(
      (item) => item.recipient === `+86${phone}`,
    );
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    expect(code, JSON.stringify(message)).toBeTruthy();
    return code ?? '';
  }

  const bind = (body: Record<string, string>) =>
    t.call('POST', '/api/tokens/wechat/bind', { form: { area_code: '86', meeting_id: meetingId, ...body } });

  it('hands back 4260 for a new openid, binds a phone, then logs the same openid straight in', async () => {
    fakes.setProfile('wechat', {
      openid: 'o-wechat-lin',
      nickname: '林小明',
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/lin/132',
    });
    const query = await wechatCallbackQuery();
    const handBack = await loginWithWechat(query);
    expect(handBack.statusCode, handBack.body).toBe(400);
    const body = handBack.json();
    expect(body.code).toBe(4260);
    expect(body.data).toMatchObject({
      nickname: '林小明',
      avatar: 'https://thirdwx.qlogo.cn/mmopen/lin/132',
    });
    const ticket = body.data.ticket as string;
    expect(ticket).toMatch(/^[0-9a-f]{64}$/);

    // The state was used by that call.
    const again = await loginWithWechat(query);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('login.invalid');

    // A mistyped code is refused and leaves the ticket usable.
    const code = await bindCode('13800138011');
    const wrong = await bind({ ticket, phone: '13800138011', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('code.invalid');

    const bound = await bind({ ticket, phone: '138 0013 8011', code });
    expect(bound.statusCode, bound.body).toBe(200);
    const login = bound.json();
    expect(login.user).toMatchObject({
      username: '林小明',
      avatar: 'https://thirdwx.qlogo.cn/mmopen/lin/132',
      phone: '13800138011',
      area_code: '86',
      wechat_credentials: 1,
    });
    const session = await resolveSession({ db: t.database.db, config: t.app.deps.config }, login.token);
    expect(session?.userId).toBe(login.user_id.$id);

    // The ticket is single use.
    const reused = await bind({ ticket, phone: '13800138011', code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('login.invalid');

    // Next time the same openid logs in at once.
    const direct = await loginWithWechat(await wechatCallbackQuery());
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().user_id.$id).toBe(login.user_id.$id);
  });

  it('binds to an existing phone user without overwriting their name, and links by unionid', async () => {
    const existing = newId();
    await t.database.db
      .insert(users)
      .values({ id: existing, username: 'Chen', phone: '+8613800138022', areaCode: '86' });
    fakes.setProfile('wechat', {
      openid: 'o-wechat-chen',
      unionid: 'u-chen',
      nickname: '陈',
      headimgurl: '',
    });
    const handBack = await loginWithWechat(await wechatCallbackQuery());
    expect(handBack.json().code).toBe(4260);
    const bound = await bind({
      ticket: handBack.json().data.ticket,
      phone: '13800138022',
      code: await bindCode('13800138022'),
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().user_id.$id).toBe(existing);
    expect(bound.json().user.username).toBe('Chen');
    const links = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, existing));
    expect(links).toMatchObject([{ provider: 'wechat', subject: 'u-chen' }]);

    // Another official account of the same open platform: new openid, same unionid → same user.
    fakes.setProfile('wechat', { openid: 'o-wechat-chen-2', unionid: 'u-chen', nickname: '陈' });
    const direct = await loginWithWechat(await wechatCallbackQuery());
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().user_id.$id).toBe(existing);
  });

  it('refuses a replayed WeChat code (errcode 40163) and a state of another meeting', async () => {
    fakes.setProfile('wechat', { openid: 'o-wechat-replay', nickname: 'R' });
    const first = await wechatCallbackQuery();
    expect((await loginWithWechat(first)).json().code).toBe(4260);
    const second = await wechatCallbackQuery();
    const before = fakes.refusals.length;
    const replay = await t.call('POST', '/api/tokens/wechat', {
      form: { code: first.get('code'), state: second.get('state'), meeting_id: meetingId },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('login.invalid');
    expect(refusalsSince(before)).toEqual([
      { provider: 'wechat', endpoint: 'access_token', reason: 'code been used' },
    ]);

    const third = await wechatCallbackQuery();
    const foreign = await t.call('POST', '/api/tokens/wechat', {
      form: { code: third.get('code'), state: third.get('state'), meeting_id: ids.otherMeeting },
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('refuses unknown and expired tickets and an invalid phone', async () => {
    const unknown = await bind({ ticket: 'f'.repeat(64), phone: '13800138033', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    fakes.setProfile('wechat', { openid: 'o-wechat-expired', nickname: 'E' });
    const handBack = await loginWithWechat(await wechatCallbackQuery());
    const ticket = handBack.json().data.ticket as string;
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.id, ticket));
    const expired = await bind({ ticket, phone: '13800138033', code: '123456' });
    expect(expired.statusCode).toBe(401);
    const badPhone = await bind({ ticket, phone: '12345', code: '123456' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().code).toBe('phone.invalid');
  });

  it('ends on the error page when the WeChat callback has no code or an unknown state', async () => {
    const url = new URL(await authorizationUrl('wechat'));
    const state = url.searchParams.get('state') ?? '';
    const noCode = spaLoginQuery(await arriveAt(`/api/oauth/wechat/callback?state=${state}`));
    expect(noCode.get('error')).toBe('login.invalid');
    expect(noCode.get('meeting_id')).toBe(meetingId);
    const unknown = spaLoginQuery(
      await arriveAt(`/api/oauth/wechat/callback?code=x&state=${'a'.repeat(64)}`),
    );
    expect(unknown.get('error')).toBe('login.invalid');
  });
});
