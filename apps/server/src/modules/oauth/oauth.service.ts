import { randomBytes } from 'node:crypto';
import { ErrorCode, type LoginResult, type OAuthProvider } from '@app/contracts';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { consumeCode } from '../codes/codes.service.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { publicLink } from '../shared/public-links.ts';
import { phoneInvalid } from '../users/users.errors.ts';
import {
  findUserByEmail,
  findUserByIdentity,
  findUserByPhone,
  insertUserIfFree,
  linkIdentity,
  type UserChanges,
  type UserRow,
  updateUserRow,
} from '../users/users.repository.ts';
import { attachEmail, attachPhone, findOrCreateUserByPhone, signIn } from '../users/users.service.ts';
import { saveOpenid } from '../wechat/wechat-settings.repository.ts';
import {
  callbackUrl,
  isProviderConfigured,
  oauthAuthorizationUrl,
  oauthIdentity,
  oidcAuthorizationUrl,
  oidcConfiguration,
  oidcIdentity,
  type ProviderIdentity,
  type WechatIdentity,
  wechatAuthorizationUrl,
  wechatIdentity,
} from './oauth.clients.ts';
import { loginInvalid, providerNotConfigured, wechatBindRequired } from './oauth.errors.ts';
import {
  consumeOAuthState,
  findLiveOAuthState,
  findOAuthState,
  insertOAuthState,
} from './oauth.repository.ts';
import { assertLoginMethodOn, meetingSsoClient } from './sso.service.ts';

type Deps = { db: Database; config: Config };

/** Seconds between POST /oauth/{provider}/authorizations and the callback at most. */
export const oauthStateLifeSeconds = 10 * 60;
/** Seconds a WeChat bind ticket (4260 hand-back) stays usable. */
export const wechatTicketLifeSeconds = 15 * 60;
/** oauth_states.provider of WeChat bind tickets. */
const bindTicketProvider = 'wechat:bind';
const allProviders = ['wechat', 'google', 'facebook', 'chinaief'] as const satisfies readonly OAuthProvider[];

/** 256 random bits as 64 hex digits (WeChat accepts only [a-zA-Z0-9] in `state`). */
const randomSecret = () => randomBytes(32).toString('hex');

/** A login error that keeps what went wrong for the log (the client only sees 'Login invalid'). */
function loginInvalidBecause(cause: unknown): AppError {
  const error = loginInvalid();
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/**
 * POST /oauth/{provider}/authorizations: stores a single-use pending login (random 256-bit state,
 * PKCE verifier, nonce, meeting, SPA redirect; 10 minutes) and answers the provider's authorization
 * URL for the browser to open.
 * chinaief (§2 /oauth/chinaief) is the meeting's own OpenID Connect provider: its issuer and client
 * come from meeting_sso_providers, the rest is Google's code path (discovery, PKCE S256, nonce).
 * @throws 404 provider.not_configured, 404 not_found (meeting), 403 login.method_disabled (the meeting
 *   switched the method off), 502 login.invalid when the discovery document cannot be fetched or a
 *   provider URL is plain http in production
 */
export async function startAuthorization(
  deps: Deps,
  input: { provider: OAuthProvider; meetingId: string; redirect?: string },
): Promise<{ url: string }> {
  const { db, config } = deps;
  const { provider } = input;
  if (!isProviderConfigured(config, provider)) throw providerNotConfigured(provider);
  if (!(await findLiveMeetingById(db, input.meetingId))) throw notFound('Meeting');
  await assertLoginMethodOn(db, input.meetingId, provider);
  const sso = provider === 'chinaief' ? await meetingSsoClient(deps, input.meetingId) : undefined;
  const state = randomSecret();
  const base = { id: state, provider, meetingId: input.meetingId, redirect: input.redirect ?? '' };
  // RFC 7636 verifier: 32 random bytes, base64url (43 characters of the unreserved set).
  const checks = {
    state,
    codeVerifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(32).toString('base64url'),
  };
  let url: string;
  try {
    if (provider === 'wechat') url = wechatAuthorizationUrl(config, state);
    else if (provider === 'chinaief' && sso) {
      const configuration = await oidcConfiguration(config, sso.client);
      url = await oidcAuthorizationUrl(config, provider, configuration, checks, sso.scopes);
    } else url = await oauthAuthorizationUrl(config, provider as 'google' | 'facebook', checks);
  } catch (error) {
    // Google's discovery document unreachable, or an http endpoint configured in production.
    const unavailable = new AppError(502, ErrorCode.loginInvalid, 'Login invalid');
    (unavailable as Error & { cause?: unknown }).cause = error;
    throw unavailable;
  }
  if (provider === 'wechat') {
    await insertOAuthState(db, base, oauthStateLifeSeconds);
    return { url };
  }
  await insertOAuthState(
    db,
    { ...base, codeVerifier: checks.codeVerifier, nonce: checks.nonce },
    oauthStateLifeSeconds,
  );
  return { url };
}

/**
 * The SPA landing page of a provider's return (§2): `/#/oauth/authorize` for WeChat (the page posts
 * the code to POST /tokens/wechat), `/#/oauth2/authorize` for Google, Facebook and chinaief (the page
 * stores the session or shows the error). /#/login still accepts the same query from older links.
 */
function spaLandingUrl(config: Config, provider: string, params: Record<string, string | undefined>): string {
  return publicLink(config, provider === 'wechat' ? '/#/oauth/authorize' : '/#/oauth2/authorize', params);
}

/** Error codes worth showing on the login page as they are; everything else is 'Login invalid'. */
const shownErrorCodes = new Set<string | number>([
  ErrorCode.accountDisabled,
  ErrorCode.providerNotConfigured,
  ErrorCode.loginMethodDisabled,
]);

/**
 * GET /oauth/{provider}/callback (browser navigation from the provider). Never throws: answers where
 * to send the browser (302), plus the failure to log when there was one.
 * - google / facebook / chinaief: uses the state once (exists, same provider, unexpired, unused —
 *   atomically), exchanges the code (PKCE, nonce, id_token checks), finds or creates the user and
 *   opens a session → `/#/oauth2/authorize?token=…&user_id=…&meeting_id=…&redirect=…` (the SPA
 *   stores token + user_id, §2).
 * - wechat: no login here; checks the state without using it and hands the code to the SPA →
 *   `/#/oauth/authorize?code=…&state=…&meeting_id=…&redirect=…`, which calls POST /tokens/wechat.
 * - any failure → the same landing page with `meeting_id`, `redirect`, `provider` and
 *   `error=login.invalid` (or account.disabled, login.method_disabled, provider.not_configured).
 * @param input.query the parsed callback query; `rawQuery` the same text as received (without '?')
 */
export async function finishAuthorization(
  deps: Deps,
  input: {
    provider: string;
    query: Record<string, unknown>;
    rawQuery: string;
    deviceId: string | null;
    userAgent: string | null;
  },
): Promise<{ location: string; failure?: unknown }> {
  const { db, config } = deps;
  const text = (name: string) => {
    const value = input.query[name];
    return typeof value === 'string' ? value : '';
  };
  const state = text('state');
  let known: { meetingId: string; redirect: string } | undefined;
  try {
    const provider = allProviders.find((name) => name === input.provider);
    if (!provider) throw loginInvalidBecause(`unknown provider ${input.provider}`);
    if (!isProviderConfigured(config, provider)) throw providerNotConfigured(provider);
    if (state === '' || state.length > 256) throw loginInvalidBecause('state missing');
    if (provider === 'wechat') {
      const row = await findLiveOAuthState(db, state, 'wechat');
      if (!row) throw loginInvalidBecause('unknown, used or expired state');
      known = row;
      // The person refused (WeChat then sends the state without a code).
      if (text('code') === '') throw loginInvalidBecause('WeChat sent no code');
      return {
        location: spaLandingUrl(config, provider, {
          code: text('code'),
          state,
          meeting_id: row.meetingId,
          redirect: row.redirect,
        }),
      };
    }
    const row = await consumeOAuthState(db, state, provider);
    if (!row) throw loginInvalidBecause('unknown, used, expired or foreign state');
    known = row;
    if (text('error') !== '') throw loginInvalidBecause(`provider answered error=${text('error')}`);
    const checks = { state, codeVerifier: row.codeVerifier ?? '', nonce: row.nonce ?? '' };
    let user: UserRow;
    if (provider === 'chinaief') {
      // The organiser may have switched the method off or changed the issuer since the start.
      const sso = await meetingSsoClient(deps, row.meetingId);
      const configuration = await oidcConfiguration(config, sso.client);
      const currentUrl = new URL(`${callbackUrl(config, provider)}?${input.rawQuery}`);
      const identity = await oidcIdentity(configuration, currentUrl, checks, { readUserinfo: true });
      // An organiser picks the issuer: only a deployment-trusted one may vouch for an existing
      // account's e-mail or phone (§2 /oauth/chinaief); any other one gets a new account.
      user = await findOrCreateProviderUser(db, ssoIdentityProvider(sso.client.issuer), identity, {
        linksVerifiedContacts: isTrustedIssuer(config, sso.client.issuer),
      });
    } else {
      await assertLoginMethodOn(db, row.meetingId, provider);
      const identity = await oauthIdentity(config, provider, input.rawQuery, checks);
      user = await findOrCreateProviderUser(db, provider, identity, { linksVerifiedContacts: false });
    }
    const login = await signIn(deps, {
      user,
      meetingId: row.meetingId,
      method: provider,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
    });
    return {
      location: spaLandingUrl(config, provider, {
        token: login.token,
        user_id: login.user_id.$id,
        meeting_id: login.meeting_id.$id,
        redirect: row.redirect,
      }),
    };
  } catch (failure) {
    if (!known && state !== '' && state.length <= 256) {
      known = await findOAuthState(db, state).catch(() => undefined);
    }
    const code =
      failure instanceof AppError && shownErrorCodes.has(failure.code)
        ? String(failure.code)
        : ErrorCode.loginInvalid;
    const provider = allProviders.find((name) => name === input.provider) ?? 'google';
    return {
      location: spaLandingUrl(config, provider, {
        meeting_id: known?.meetingId,
        redirect: known?.redirect,
        provider,
        error: code,
      }),
      failure,
    };
  }
}

/** Thrown inside the creating transaction when a concurrent login linked the identity first. */
class IdentityTakenMeanwhile extends Error {}

/**
 * user_identities.provider of a single sign-on identity: the issuer names the namespace of `sub`,
 * so two meetings using the same issuer share the person's account.
 */
const ssoIdentityProvider = (issuer: string) => `chinaief:${issuer.replace(/\/+$/, '')}`;

/** Whether the deployment trusts this single sign-on issuer's verified e-mails and phones (SSO_TRUSTED_ISSUERS). */
const isTrustedIssuer = (config: Config, issuer: string) =>
  config.SSO_TRUSTED_ISSUERS.includes(issuer.trim().replace(/\/+$/, ''));

/** A provider's phone as E.164 (libphonenumber through normalisePhone); null when not a valid number. */
const providerPhone = (phone: string) => normalisePhone(phone, phone.startsWith('+') ? undefined : '86');

/**
 * The user of a third-party identity (`providerKey`: 'google', 'facebook', or a single sign-on's
 * `chinaief:{issuer}`).
 * - Already linked: that user.
 * - `linksVerifiedContacts` (single sign-on from an issuer in SSO_TRUSTED_ISSUERS, §2 /oauth/chinaief):
 *   an existing account is linked only through an e-mail the provider marks verified (email_verified
 *   true) or, failing that, a phone it marks verified (phone_number_verified true, E.164); never
 *   through unverified claims.
 * - Otherwise a new user with the provider's name and picture, linked to the identity. A verified
 *   e-mail (and for trusted single sign-on a verified phone) is attached when no other user has it
 *   (§5) — a taken one is left out and the login still succeeds. An untrusted single sign-on issuer's
 *   e-mail and phone are left out: the person adds them later with our own code.
 */
async function findOrCreateProviderUser(
  db: Database,
  providerKey: string,
  identity: ProviderIdentity,
  options: { linksVerifiedContacts: boolean },
): Promise<UserRow> {
  const existing = await findUserByIdentity(db, providerKey, identity.subject);
  if (existing) return existing;
  // An untrusted single sign-on issuer's contacts are not kept at all: attached to the new account,
  // they would hand it to whoever later signs in with that e-mail or phone by code (§5).
  const keepsContacts = options.linksVerifiedContacts || !providerKey.startsWith('chinaief:');
  const email =
    keepsContacts && identity.isEmailVerified && identity.email ? normaliseEmail(identity.email) : null;
  const phone =
    options.linksVerifiedContacts && identity.isPhoneVerified && identity.phone
      ? providerPhone(identity.phone)
      : null;
  const link = (tx: Database, userId: string) =>
    linkIdentity(tx, { provider: providerKey, subject: identity.subject, userId, profile: identity.profile });
  if (options.linksVerifiedContacts) {
    const holder =
      (email ? await findUserByEmail(db, email) : undefined) ??
      (phone ? await findUserByPhone(db, phone.e164) : undefined);
    if (holder) {
      await link(db, holder.id);
      // Two first logins at once: the identity's primary key keeps the first link.
      const owner = await findUserByIdentity(db, providerKey, identity.subject);
      if (!owner) throw new Error('the identity link vanished');
      return owner;
    }
  }
  let user: UserRow;
  try {
    user = await inTransaction(db, async (tx) => {
      const row = await insertUserIfFree(tx, {
        id: newId(),
        username: identity.name.trim().slice(0, 60),
        avatar: identity.picture.slice(0, 2048),
      });
      if (!row) throw new Error('a user without phone or e-mail could not be inserted');
      await link(tx, row.id);
      // Two first logins at once: the identity's primary key lets one link; the other rolls back.
      const owner = await findUserByIdentity(tx, providerKey, identity.subject);
      if (owner?.id !== row.id) throw new IdentityTakenMeanwhile();
      return row;
    });
  } catch (error) {
    if (!(error instanceof IdentityTakenMeanwhile)) throw error;
    const winner = await findUserByIdentity(db, providerKey, identity.subject);
    if (!winner) throw error;
    return winner;
  }
  if (email) {
    try {
      user = await attachEmail(db, user.id, email);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.emailTaken)) throw error;
    }
  }
  if (phone) {
    try {
      user = await attachPhone(db, user.id, phone);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.phoneTaken)) throw error;
    }
  }
  return user;
}

/**
 * What a WeChat bind ticket keeps (oauth_states.pending): the identity and the AppID whose openid it is
 * (null: the deployment's web-login account, WECHAT_APPID). An openid is only meaningful for its own
 * AppID (§3 User.wechat_credentials).
 */
type PendingWechat = WechatIdentity & { appid: string | null };

/** The identity subject of a WeChat user: the unionid when WeChat gives one, else the openid. */
const wechatSubject = (identity: WechatIdentity) => identity.unionid ?? identity.openid;

/**
 * The user linked to a WeChat identity, by unionid first, then by openid (also used by the desktop QR
 * sign-in, modules/wechat/wechat-login.service.ts).
 */
export async function findWechatUser(db: Database, identity: WechatIdentity): Promise<UserRow | undefined> {
  if (identity.unionid) {
    const byUnion = await findUserByIdentity(db, 'wechat', identity.unionid);
    if (byUnion) return byUnion;
  }
  const byOpenid = await findUserByIdentity(db, 'wechat', identity.openid);
  // Linked before WeChat sent a unionid: link the unionid too, so the account's other apps find it.
  if (byOpenid && identity.unionid) await linkWechat(db, byOpenid.id, identity);
  return byOpenid;
}

async function linkWechat(db: Database, userId: string, identity: WechatIdentity): Promise<void> {
  await linkIdentity(db, {
    provider: 'wechat',
    subject: wechatSubject(identity),
    userId,
    profile: { ...identity },
  });
}

/**
 * POST /tokens/wechat: finishes a WeChat web login. Uses the state once (WeChat, unexpired, unused,
 * same meeting), exchanges the code for openid/unionid and profile; a linked identity logs in.
 * @returns LoginResult
 * @throws 400 code 4260 with `data: { ticket, nickname, avatar }` when no user has the identity yet —
 *   the ticket (single use, 15 minutes) continues at POST /tokens/wechat/bind (§8 4260);
 *   401 login.invalid for a bad state or a code WeChat refuses; 404 provider.not_configured;
 *   403 account.disabled; 403 login.method_disabled when the meeting switched WeChat off
 */
export async function loginWithWechat(
  deps: Deps,
  input: {
    code: string;
    state: string;
    meetingId: string;
    deviceId: string | null;
    userAgent: string | null;
  },
): Promise<LoginResult> {
  const { db, config } = deps;
  if (!isProviderConfigured(config, 'wechat')) throw providerNotConfigured('wechat');
  await assertLoginMethodOn(db, input.meetingId, 'wechat');
  const row = await consumeOAuthState(db, input.state, 'wechat');
  if (!row || row.meetingId !== input.meetingId) throw loginInvalidBecause('unknown, used or foreign state');
  let identity: WechatIdentity;
  try {
    identity = await wechatIdentity(config, input.code);
  } catch (error) {
    throw loginInvalidBecause(error);
  }
  const user = await findWechatUser(db, identity);
  if (user) {
    return signIn(deps, { user, meetingId: row.meetingId, method: 'wechat', ...device(input) });
  }
  throw await wechatBindHandBack(db, { meetingId: row.meetingId, redirect: row.redirect, identity });
}

/**
 * The §8 4260 hand-back of a WeChat identity no user has yet: stores a single-use bind ticket (15
 * minutes) for POST /tokens/wechat/bind and answers the error to throw, `data: { ticket, nickname,
 * avatar }`. Shared by POST /tokens/wechat and the desktop QR sign-in (POST /tokens/wechat/qrcode).
 */
export async function wechatBindHandBack(
  db: Database,
  input: { meetingId: string; redirect: string; identity: WechatIdentity & { appid?: string | null } },
): Promise<AppError> {
  const { identity } = input;
  const ticket = randomSecret();
  await insertOAuthState(
    db,
    {
      id: ticket,
      provider: bindTicketProvider,
      meetingId: input.meetingId,
      redirect: input.redirect,
      pending: { ...identity, appid: identity.appid ?? null } satisfies PendingWechat,
    },
    wechatTicketLifeSeconds,
  );
  return wechatBindRequired({ ticket, nickname: identity.nickname, avatar: identity.headimgurl });
}

const device = (input: { deviceId: string | null; userAgent: string | null }) => ({
  deviceId: input.deviceId,
  userAgent: input.userAgent,
});

function pendingWechat(value: Record<string, unknown> | null): PendingWechat {
  const text = (name: string) => (typeof value?.[name] === 'string' ? (value[name] as string) : '');
  if (text('openid') === '') throw new Error('bind ticket without a WeChat openid');
  return {
    openid: text('openid'),
    unionid: text('unionid') || null,
    nickname: text('nickname'),
    headimgurl: text('headimgurl'),
    appid: text('appid') || null,
  };
}

/**
 * POST /tokens/wechat/bind: the /bind page after a 4260. Proves the phone with its SMS code (purpose
 * `bind`), uses the ticket once, then links the WeChat identity to the phone's user (created when
 * new), fills an empty name and avatar from WeChat, and logs in.
 * The code is checked before the ticket is used, so a mistyped code leaves the ticket valid.
 * @returns LoginResult
 * @throws 400 phone.invalid, 400 code.invalid, 429 too_frequent, 401 login.invalid (unknown, used, expired or other
 *   meeting's ticket), 403 account.disabled, 403 login.method_disabled (the meeting switched WeChat
 *   login off since the 4260)
 */
export async function bindWechatPhone(
  deps: Deps,
  input: {
    ticket: string;
    phone: string;
    areaCode: string;
    code: string;
    meetingId: string;
    deviceId: string | null;
    userAgent: string | null;
    ip: string;
  },
): Promise<LoginResult> {
  const { db } = deps;
  // Every 4260 (web OAuth, desktop QR, mini-program) comes from a WeChat login (§7 Login).
  await assertLoginMethodOn(db, input.meetingId, 'wechat');
  const phone = normalisePhone(input.phone, input.areaCode);
  if (!phone) throw phoneInvalid();
  const pending = await findLiveOAuthState(db, input.ticket, bindTicketProvider);
  if (!pending || pending.meetingId !== input.meetingId)
    throw loginInvalidBecause('unknown, used or foreign ticket');
  await consumeCode(deps, {
    channel: 'sms',
    address: phone.e164,
    purpose: 'bind',
    code: input.code,
    ip: input.ip,
  });
  const claimed = await consumeOAuthState(db, input.ticket, bindTicketProvider);
  if (!claimed) throw loginInvalidBecause('ticket used meanwhile');
  const identity = pendingWechat(claimed.pending);
  let user = await findOrCreateUserByPhone(db, phone, { username: identity.nickname.trim().slice(0, 60) });
  const changes: UserChanges = {};
  if (user.username === '' && identity.nickname.trim() !== '')
    changes.username = identity.nickname.trim().slice(0, 60);
  if (user.avatar === '' && identity.headimgurl !== '') changes.avatar = identity.headimgurl.slice(0, 2048);
  if (Object.keys(changes).length > 0) user = (await updateUserRow(db, user.id, changes)) ?? user;
  const { appid, ...wechat } = identity;
  if (appid === null || appid === deps.config.WECHAT_APPID) {
    await linkWechat(db, user.id, wechat);
  } else {
    // An openid of a meeting's own, platform or mini-program account belongs to that AppID only: it
    // is kept per AppID and never becomes the web login's 'wechat' identity, which another account's
    // openid could then impersonate. A unionid is the same across the open platform, so it links.
    await saveOpenid(db, { appid, openid: wechat.openid, userId: user.id, unionid: wechat.unionid });
    if (wechat.unionid)
      await linkIdentity(db, {
        provider: 'wechat',
        subject: wechat.unionid,
        userId: user.id,
        profile: { ...wechat },
      });
  }
  return signIn(deps, { user, meetingId: claimed.meetingId, method: 'wechat', ...device(input) });
}
