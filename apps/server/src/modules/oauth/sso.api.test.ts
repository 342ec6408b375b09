import { phoneTokenSignature } from '@app/contracts/wire/phone-token.ts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeIdentityProviders,
  fakeCredentials,
  type OidcProfile,
  startFakeIdentityProviders,
} from '../../../test/fake-identity-providers.ts';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { credentialsKeyOf, sealCredentials } from '../../providers/payment/credentials-box.ts';
import { resolveSession } from '../sessions/sessions.service.ts';
import { userIdentities, users } from '../users/users.tables.ts';
import { defaultLoginMethods, meetingSsoProviders, meetingWechatSettings } from '../wechat/wechat.tables.ts';
import { oauthStates } from './oauth.tables.ts';

/**
 * §2 /oauth/chinaief (a meeting's own OpenID Connect sign-in) and §7 Login (the meeting's login
 * methods), against the fake OIDC issuer of fake-identity-providers.
 */

let fakes: FakeIdentityProviders;
let t: TestApp;
const meetingId = ids.meeting;
const spaRoute = `/my/index?meeting_id=${meetingId}`;

beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  t = await createTestApp({ env: { ...fakes.env, SSO_TRUSTED_ISSUERS: `${fakes.url}/chinaief` } });
  await seedFixture(t.database.db);
  const key = credentialsKeyOf(t.app.deps.config);
  await t.database.db.insert(meetingSsoProviders).values({
    meetingId,
    provider: 'chinaief',
    name: { zh: '中国国际教育展登录', en: 'CHINAIEF sign-in' },
    issuer: `${fakes.url}/chinaief`,
    clientId: fakeCredentials.chinaief.clientId,
    clientSecretSealed: sealCredentials(fakeCredentials.chinaief.clientSecret, key),
  });
  await setMethods({ chinaief: 1 });
});

afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

/** Saves the meeting's login-method switches (console, §7 Login); the rest stay on. */
async function setMethods(changes: Partial<typeof defaultLoginMethods>) {
  const loginMethods = { ...defaultLoginMethods, chinaief: 1 as const, ...changes };
  await t.database.db
    .insert(meetingWechatSettings)
    .values({ meetingId, loginMethods })
    .onConflictDoUpdate({ target: meetingWechatSettings.meetingId, set: { loginMethods } });
}

async function startSso(redirect = spaRoute): Promise<URL> {
  const response = await t.call('POST', '/api/oauth/chinaief/authorizations', {
    json: { meeting_id: meetingId, redirect },
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().url);
}

/** The fake issuer approves as `profile` and sends the browser to our callback. */
async function approve(url: URL, profile?: OidcProfile): Promise<URL> {
  if (profile) fakes.setProfile('chinaief', profile);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

function arriveAt(callback: URL | string): Promise<LightMyRequestResponse> {
  const url = typeof callback === 'string' ? new URL(callback, 'http://localhost:8080') : callback;
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

/** The /#/oauth2/authorize query of the callback's 302 (the landing page, §2). */
function landing(response: LightMyRequestResponse): URLSearchParams {
  expect(response.statusCode, response.body).toBe(302);
  const location = String(response.headers.location);
  const prefix = 'http://localhost:8080/#/oauth2/authorize?';
  expect(location.startsWith(prefix), location).toBe(true);
  return new URLSearchParams(location.slice(prefix.length));
}

async function ssoLogin(profile: OidcProfile): Promise<URLSearchParams> {
  return landing(await arriveAt(await approve(await startSso(), profile)));
}

async function userOf(query: URLSearchParams) {
  const token = query.get('token') ?? '';
  const session = await resolveSession({ db: t.database.db, config: t.app.deps.config }, token);
  expect(session).toMatchObject({ userId: query.get('user_id'), meetingId });
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.id, query.get('user_id') ?? ''));
  return row;
}

async function insertUser(values: { phone?: string; email?: string; username: string }) {
  const id = newId();
  await t.database.db.insert(users).values({ id, ...values, ...(values.phone ? { areaCode: '86' } : {}) });
  return id;
}

describe('GET /oauth/providers with meeting_id (§7 Login methods)', () => {
  it("answers the meeting's methods and its single sign-on button", async () => {
    const response = await t.call('GET', `/api/oauth/providers?meeting_id=${meetingId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      phone: 1,
      email: 1,
      exhibitor: 1,
      wechat: 1,
      wechat_qr: 1,
      google: 1,
      facebook: 1,
      chinaief: { name: { zh: '中国国际教育展登录', en: 'CHINAIEF sign-in' } },
    });
    // Another meeting has no settings: every method with credentials, no single sign-on.
    const other = await t.call('GET', `/api/oauth/providers?meeting_id=${ids.otherMeeting}`);
    expect(other.json()).toMatchObject({ phone: 1, google: 1, chinaief: 0 });
    const missing = await t.call('GET', `/api/oauth/providers?meeting_id=${ids.missing}`);
    expect(missing.statusCode).toBe(404);
    const bad = await t.call('GET', '/api/oauth/providers?meeting_id=not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('hides switched-off methods and refuses them with 403 login.method_disabled', async () => {
    await setMethods({ phone: 0, email: 0, exhibitor: 0, google: 0, wechat: 0, chinaief: 0 });
    try {
      const shown = (await t.call('GET', `/api/oauth/providers?meeting_id=${meetingId}`)).json();
      expect(shown).toEqual({
        phone: 0,
        email: 0,
        exhibitor: 0,
        wechat: 0,
        wechat_qr: 0,
        google: 0,
        facebook: 1,
        chinaief: 0,
      });
      // A correctly signed phone hand-over is a phone login too (§5 phone-token).
      const timestamp = String(Math.floor(Date.now() / 1000));
      const sign = phoneTokenSignature({
        salt: t.app.deps.config.PHONE_TOKEN_SALT,
        e164: '+8613911113333',
        timestamp,
      });
      const calls: [string, Record<string, string>][] = [
        ['/api/tokens/phone', { phone: '13911113333', area_code: '86', code: '123456' }],
        ['/api/tokens/phone/v2', { phone: '13911113333', area_code: '86', timestamp, sign }],
        [
          '/api/tokens/wechat/bind',
          { ticket: 'a'.repeat(64), phone: '13911113333', area_code: '86', code: '123456' },
        ],
        ['/api/tokens/email', { email: 'off@example.com', code: '123456' }],
        ['/api/tokens/exhibitor', { account: 'booth-x', password: 'secret-pass' }],
        ['/api/tokens/wechat', { code: 'c', state: 's' }],
        ['/api/oauth/google/authorizations', {}],
        ['/api/oauth/wechat/authorizations', {}],
        ['/api/oauth/chinaief/authorizations', {}],
      ];
      for (const [path, body] of calls) {
        const response = await t.call('POST', path, { json: { ...body, meeting_id: meetingId } });
        expect(response.statusCode, path).toBe(403);
        expect(response.json().code, path).toBe('login.method_disabled');
      }
      // The method still on works.
      const facebook = await t.call('POST', '/api/oauth/facebook/authorizations', {
        json: { meeting_id: meetingId },
      });
      expect(facebook.statusCode).toBe(200);
    } finally {
      await setMethods({});
    }
  });

  it('refuses a Google login whose method was switched off between start and return', async () => {
    const start = await t.call('POST', '/api/oauth/google/authorizations', {
      json: { meeting_id: meetingId },
    });
    const callback = await approve(new URL(start.json().url));
    await setMethods({ google: 0 });
    try {
      const query = landing(await arriveAt(callback));
      expect(query.get('error')).toBe('login.method_disabled');
      expect(query.get('provider')).toBe('google');
      expect(query.get('token')).toBeNull();
    } finally {
      await setMethods({});
    }
  });
});

describe('POST /oauth/chinaief/authorizations → GET /oauth/chinaief/callback (§2 /oauth/chinaief)', () => {
  it('sends the issuer state, nonce, an S256 PKCE challenge and the scopes with openid', async () => {
    const url = await startSso();
    expect(url.origin + url.pathname).toBe(`${fakes.url}/chinaief/authorize`);
    expect(url.searchParams.get('client_id')).toBe(fakeCredentials.chinaief.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/api/oauth/chinaief/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'phone', 'profile']);
    const [state] = await t.database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.id, url.searchParams.get('state') ?? ''));
    expect(state).toMatchObject({ provider: 'chinaief', meetingId, redirect: spaRoute });
  });

  it('logs a new person in with the userinfo claims and a verified e-mail, then finds them again', async () => {
    const profile = {
      sub: 'sso-new-1',
      name: 'Wang Fang',
      email: 'Wang.Fang@Example.com',
      email_verified: true,
    };
    const query = await ssoLogin(profile);
    expect(query.get('redirect')).toBe(spaRoute);
    expect(query.get('meeting_id')).toBe(meetingId);
    const user = await userOf(query);
    expect(user).toMatchObject({ username: 'Wang Fang', email: 'wang.fang@example.com' });
    const [identity] = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(identity).toMatchObject({ provider: `chinaief:${fakes.url}/chinaief`, subject: 'sso-new-1' });
    const again = await ssoLogin(profile);
    expect(again.get('user_id')).toBe(user?.id);
  });

  it('links an existing account by a verified e-mail, or else by a verified phone (E.164)', async () => {
    const byEmail = await insertUser({ email: 'linked.mail@example.com', username: 'Mail Holder' });
    const first = await ssoLogin({
      sub: 'sso-link-mail',
      name: 'Other Name',
      email: 'LINKED.mail@example.com',
      email_verified: true,
    });
    expect(first.get('user_id')).toBe(byEmail);
    expect((await userOf(first))?.username).toBe('Mail Holder');

    const byPhone = await insertUser({ phone: '+8613922223333', username: 'Phone Holder' });
    const second = await ssoLogin({
      sub: 'sso-link-phone',
      name: 'Phone Person',
      email: 'not-verified@example.com',
      email_verified: false,
      phone_number: '+86 139 2222 3333',
      phone_number_verified: true,
    });
    expect(second.get('user_id')).toBe(byPhone);
  });

  it('never links by an unverified e-mail or phone: a new account without them', async () => {
    const holder = await insertUser({
      email: 'victim@example.com',
      phone: '+8613944445555',
      username: 'Victim',
    });
    const query = await ssoLogin({
      sub: 'sso-attacker',
      name: 'Attacker',
      email: 'victim@example.com',
      email_verified: false,
      phone_number: '+8613944445555',
      phone_number_verified: false,
    });
    expect(query.get('user_id')).not.toBe(holder);
    const user = await userOf(query);
    expect(user).toMatchObject({ username: 'Attacker', email: null, phone: null });
  });

  it('links nothing through an issuer missing from SSO_TRUSTED_ISSUERS: a new account without the e-mail or phone', async () => {
    const holder = await insertUser({
      email: 'trusted.victim@example.com',
      phone: '+8613966667777',
      username: 'Victim Two',
    });
    const trusted = t.app.deps.config.SSO_TRUSTED_ISSUERS;
    const saved = trusted.splice(0, trusted.length);
    try {
      const query = await ssoLogin({
        sub: 'sso-untrusted',
        name: 'Organiser Claim',
        email: 'trusted.victim@example.com',
        email_verified: true,
        phone_number: '+8613966667777',
        phone_number_verified: true,
      });
      expect(query.get('user_id')).toBeTruthy();
      expect(query.get('user_id')).not.toBe(holder);
      expect(await userOf(query)).toMatchObject({ username: 'Organiser Claim', email: null, phone: null });
      // A free verified e-mail is not kept either: the untrusted issuer cannot pre-claim it.
      const free = await ssoLogin({
        sub: 'sso-untrusted-free',
        name: 'Free Mail',
        email: 'free.untrusted@example.com',
        email_verified: true,
      });
      expect(await userOf(free)).toMatchObject({ email: null, phone: null });
    } finally {
      trusted.push(...saved);
    }
    const [victim] = await t.database.db.select().from(users).where(eq(users.id, holder));
    expect(victim).toMatchObject({ email: 'trusted.victim@example.com', phone: '+8613966667777' });
    const links = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, holder));
    expect(links).toEqual([]);
  });

  it('attaches a verified phone to a new account', async () => {
    const query = await ssoLogin({
      sub: 'sso-phone-new',
      name: 'Li Lei',
      phone_number: '13955556666',
      phone_number_verified: true,
    });
    expect(await userOf(query)).toMatchObject({ phone: '+8613955556666', areaCode: '86' });
  });

  const expectRefused = (response: LightMyRequestResponse) => {
    const query = landing(response);
    expect(query.get('error')).toBe('login.invalid');
    expect(query.get('provider')).toBe('chinaief');
    expect(query.get('token')).toBeNull();
    return query;
  };

  it('refuses a forged state, a replayed state, and a state of another provider', async () => {
    const callback = await approve(await startSso(), { sub: 'sso-state', name: 'S' });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'f'.repeat(64));
    expect(expectRefused(await arriveAt(forged)).get('meeting_id')).toBeNull();
    expect(landing(await arriveAt(callback)).get('token')).toBeTruthy();
    // The same state (and code) again: used.
    expect(expectRefused(await arriveAt(callback)).get('meeting_id')).toBe(meetingId);
    const google = await t.call('POST', '/api/oauth/google/authorizations', {
      json: { meeting_id: meetingId },
    });
    const googleState = new URL(google.json().url).searchParams.get('state');
    expectRefused(await arriveAt(`/api/oauth/chinaief/callback?code=x&state=${googleState}`));
  });

  it('refuses a PKCE verifier that does not match (the issuer refuses) and a different nonce', async () => {
    const pkce = await approve(await startSso(), { sub: 'sso-pkce', name: 'P' });
    await t.database.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthStates.id, pkce.searchParams.get('state') ?? ''));
    const before = fakes.refusals.length;
    expectRefused(await arriveAt(pkce));
    expect(fakes.refusals.slice(before)).toEqual([
      { provider: 'chinaief', endpoint: 'token', reason: 'PKCE verification failed' },
    ]);
    const nonce = await approve(await startSso(), { sub: 'sso-nonce', name: 'N' });
    await t.database.db
      .update(oauthStates)
      .set({ nonce: 'another-nonce' })
      .where(eq(oauthStates.id, nonce.searchParams.get('state') ?? ''));
    expectRefused(await arriveAt(nonce));
    const [identity] = await t.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.subject, 'sso-nonce')));
    expect(identity).toBeUndefined();
  });

  it('404 provider.not_configured without an enabled set-up; 502 when discovery fails', async () => {
    const other = await t.call('POST', '/api/oauth/chinaief/authorizations', {
      json: { meeting_id: ids.otherMeeting },
    });
    // The other meeting has no settings row: chinaief is off by default.
    expect(other.statusCode).toBe(403);
    await t.database.db.insert(meetingWechatSettings).values({
      meetingId: ids.otherMeeting,
      loginMethods: { ...defaultLoginMethods, chinaief: 1 },
    });
    const unset = await t.call('POST', '/api/oauth/chinaief/authorizations', {
      json: { meeting_id: ids.otherMeeting },
    });
    expect(unset.statusCode).toBe(404);
    expect(unset.json().code).toBe('provider.not_configured');
    await t.database.db.insert(meetingSsoProviders).values({
      meetingId: ids.otherMeeting,
      provider: 'chinaief',
      issuer: 'http://127.0.0.1:9/nowhere',
      clientId: 'x',
    });
    const unreachable = await t.call('POST', '/api/oauth/chinaief/authorizations', {
      json: { meeting_id: ids.otherMeeting },
    });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().code).toBe('login.invalid');
    await t.database.db
      .update(meetingSsoProviders)
      .set({ enabled: 0, issuer: `${fakes.url}/chinaief` })
      .where(eq(meetingSsoProviders.meetingId, ids.otherMeeting));
    const disabled = await t.call('POST', '/api/oauth/chinaief/authorizations', {
      json: { meeting_id: ids.otherMeeting },
    });
    expect(disabled.statusCode).toBe(404);
  });

  it('404 provider.not_configured (never a 5xx) when the sealed client secret does not open', async () => {
    const [row] = await t.database.db
      .select()
      .from(meetingSsoProviders)
      .where(eq(meetingSsoProviders.meetingId, meetingId));
    const otherKey = Buffer.alloc(32, 7);
    await t.database.db
      .update(meetingSsoProviders)
      .set({ clientSecretSealed: sealCredentials('sealed-with-another-key', otherKey) })
      .where(eq(meetingSsoProviders.meetingId, meetingId));
    try {
      const response = await t.call('POST', '/api/oauth/chinaief/authorizations', {
        json: { meeting_id: meetingId },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('provider.not_configured');
    } finally {
      await t.database.db
        .update(meetingSsoProviders)
        .set({ clientSecretSealed: row?.clientSecretSealed ?? null })
        .where(eq(meetingSsoProviders.meetingId, meetingId));
    }
  });
});
