import { createHash, createHmac } from 'node:crypto';
import type { OAuthProvider } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { publicLink } from '../shared/public-links.ts';
import { publicOnlyFetch } from './public-host.ts';

/**
 * The identity providers as seen from our server: Google (OpenID Connect through openid-client's
 * discovery, id_token verified), Facebook (plain OAuth 2 through openid-client with hand-written
 * server metadata, then the Graph API) and WeChat web OAuth (not standard OAuth — appid and secret
 * travel in the query and the token answer carries the openid — so it is called with fetch).
 * Plain-http endpoints are allowed only outside production (the tests use local http fakes).
 */

/** Seconds any call to an identity provider may take. */
const providerTimeoutSeconds = 10;
/** Seconds a discovered Google configuration is reused before it is fetched again. */
const discoveryLifeSeconds = 24 * 60 * 60;

/** A person as an identity provider describes them. */
export type ProviderIdentity = {
  /** Stable id at the provider (Google `sub`, Facebook app-scoped id). */
  subject: string;
  name: string;
  /** Picture URL, '' when none. */
  picture: string;
  /** E-mail as given (not normalised), null when none. */
  email: string | null;
  /** True only when the provider vouches that the person controls the e-mail. */
  isEmailVerified: boolean;
  /** Phone as given (OIDC `phone_number`), null when none or the provider has no phones. */
  phone: string | null;
  /** True only when the provider vouches for the phone (OIDC `phone_number_verified` true). */
  isPhoneVerified: boolean;
  /** The provider's answer, kept with the linked identity. */
  profile: Record<string, unknown>;
};

/** A WeChat user of our official account. */
export type WechatIdentity = {
  openid: string;
  /** Present when the account is bound to a WeChat open platform; the same across our apps. */
  unionid: string | null;
  nickname: string;
  /** Head image URL, '' when none. */
  headimgurl: string;
};

/** Whether a provider has credentials on this server (GET /oauth/providers). */
export function isProviderConfigured(config: Config, provider: OAuthProvider): boolean {
  switch (provider) {
    case 'google':
      return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
    case 'facebook':
      return Boolean(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET);
    case 'wechat':
      return Boolean(config.WECHAT_APPID && config.WECHAT_SECRET);
    case 'chinaief':
      // Configured per meeting (meeting_sso_providers), not per server.
      return true;
  }
}

/**
 * Our callback URL registered at the providers: `${PUBLIC_URL}/api/oauth/{provider}/callback`
 * (publicLink: never the request's Host).
 */
export function callbackUrl(config: Config, provider: OAuthProvider): string {
  return publicLink(config, `/api/oauth/${provider}/callback`);
}

const allowsHttp = (config: Config) => config.NODE_ENV !== 'production';

function assertSecure(config: Config, url: string): void {
  if (!allowsHttp(config) && new URL(url).protocol !== 'https:') {
    throw new Error(`identity provider URL must use https in production: ${url}`);
  }
}

/** An OpenID Connect relying-party registration: where the provider is and who we are there. */
export type OidcClient = { issuer: string; clientId: string; clientSecret: string | undefined };

/**
 * Discovered OpenID Connect configurations (Google, a meeting's single sign-on), a day per issuer and
 * client. Logins at the same moment share one discovery; a failed discovery is not kept (lru-cache
 * drops a rejected fetch), so the next login tries again.
 */
const discovered = new LRUCache<
  string,
  oidc.Configuration,
  { client: OidcClient; isHttpAllowed: boolean; config: Config }
>({
  max: 64,
  ttl: discoveryLifeSeconds * 1000,
  fetchMethod: (_key, _stale, { context: { client, isHttpAllowed, config } }) =>
    oidc.discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
      execute: isHttpAllowed ? [oidc.allowInsecureRequests] : [],
      timeout: providerTimeoutSeconds,
      // Discovery, keys, token and userinfo: a meeting's issuer is organiser-chosen, so in
      // production each call's host must resolve to public addresses only (§9 outbound calls).
      [oidc.customFetch]: publicOnlyFetch(config),
    }),
});

/**
 * The configuration of an OpenID Connect provider from discovery at its issuer
 * (`{issuer}/.well-known/openid-configuration`), cached a day per issuer and client.
 * @throws when the issuer is plain http in production, its host is not public in production
 *   (NonPublicHostError), or its discovery document cannot be fetched
 */
export async function oidcConfiguration(config: Config, client: OidcClient): Promise<oidc.Configuration> {
  assertSecure(config, client.issuer);
  const key = createHash('sha256')
    .update(JSON.stringify([client.issuer, client.clientId, client.clientSecret ?? '', allowsHttp(config)]))
    .digest('hex');
  const configuration = await discovered.fetch(key, {
    context: { client, isHttpAllowed: allowsHttp(config), config },
  });
  if (!configuration) throw new Error(`OIDC discovery at ${client.issuer} gave no configuration`);
  return configuration;
}

/** Google's configuration from OIDC discovery at GOOGLE_ISSUER. */
function googleConfiguration(config: Config): Promise<oidc.Configuration> {
  return oidcConfiguration(config, {
    issuer: config.GOOGLE_ISSUER,
    clientId: config.GOOGLE_CLIENT_ID ?? '',
    clientSecret: config.GOOGLE_CLIENT_SECRET,
  });
}

/** Facebook's token endpoint: FACEBOOK_TOKEN_URL or `${FACEBOOK_GRAPH_URL}/oauth/access_token`. */
function facebookTokenUrl(config: Config): string {
  return config.FACEBOOK_TOKEN_URL ?? `${config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '')}/oauth/access_token`;
}

/** Facebook as an OAuth 2 server described by hand (it publishes no OAuth metadata document). */
function facebookConfiguration(config: Config): oidc.Configuration {
  const tokenEndpoint = facebookTokenUrl(config);
  for (const url of [config.FACEBOOK_AUTHORIZE_URL, tokenEndpoint, config.FACEBOOK_GRAPH_URL]) {
    assertSecure(config, url);
  }
  const configuration = new oidc.Configuration(
    {
      issuer: new URL(config.FACEBOOK_AUTHORIZE_URL).origin,
      authorization_endpoint: config.FACEBOOK_AUTHORIZE_URL,
      token_endpoint: tokenEndpoint,
    },
    config.FACEBOOK_CLIENT_ID ?? '',
    config.FACEBOOK_CLIENT_SECRET,
  );
  configuration.timeout = providerTimeoutSeconds;
  if (allowsHttp(config)) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** What a login request to Google or Facebook carries besides the client: CSRF and PKCE values. */
export type AuthorizationChecks = { state: string; codeVerifier: string; nonce: string };

/**
 * The URL that sends the browser to Google or Facebook: authorization code flow with `state`, PKCE
 * S256 and (Google) a `nonce` bound into the id_token.
 */
export async function oauthAuthorizationUrl(
  config: Config,
  provider: 'google' | 'facebook',
  checks: AuthorizationChecks,
): Promise<string> {
  if (provider === 'google') {
    return oidcAuthorizationUrl(
      config,
      'google',
      await googleConfiguration(config),
      checks,
      'openid email profile',
    );
  }
  return oidc
    .buildAuthorizationUrl(facebookConfiguration(config), {
      ...(await pkceParameters(config, provider, checks)),
      scope: 'public_profile email',
    })
    .toString();
}

async function pkceParameters(config: Config, provider: OAuthProvider, checks: AuthorizationChecks) {
  return {
    redirect_uri: callbackUrl(config, provider),
    state: checks.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  };
}

/**
 * The URL that sends the browser to an OpenID Connect provider (Google, a meeting's single sign-on):
 * authorization code flow with `state`, PKCE S256 and a `nonce` bound into the id_token. `openid`
 * is always among the scopes.
 */
export async function oidcAuthorizationUrl(
  config: Config,
  provider: 'google' | 'chinaief',
  configuration: oidc.Configuration,
  checks: AuthorizationChecks,
  scopes: string,
): Promise<string> {
  const scope = [...new Set(['openid', ...scopes.split(/\s+/).filter(Boolean)])].join(' ');
  return oidc
    .buildAuthorizationUrl(configuration, {
      ...(await pkceParameters(config, provider, checks)),
      scope,
      nonce: checks.nonce,
    })
    .toString();
}

/** OIDC booleans: sent as true and, by some providers and older Google tokens, as the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Finishes an OpenID Connect login from the callback URL: checks `state`, exchanges the code with the
 * PKCE verifier, verifies the id_token (signature from the JWKS, iss, aud, exp, nonce) and, when the
 * provider has a userinfo endpoint, reads it for the same subject (phones and e-mails often live only
 * there). Claims of the userinfo answer win over the id_token's.
 * @throws whatever the provider or the checks refuse (the caller turns it into 'Login invalid')
 */
export async function oidcIdentity(
  configuration: oidc.Configuration,
  currentUrl: URL,
  checks: AuthorizationChecks,
  options: { readUserinfo: boolean },
): Promise<ProviderIdentity> {
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('the provider answered without an id_token');
  let claims: Record<string, unknown> = { ...idClaims };
  if (options.readUserinfo && configuration.serverMetadata().userinfo_endpoint) {
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...claims, ...userinfo, sub: idClaims.sub };
  }
  const email = textOf(claims.email) || null;
  const phone = textOf(claims.phone_number) || null;
  const profile = {
    sub: idClaims.sub,
    name: textOf(claims.name),
    picture: textOf(claims.picture),
    email: email ?? '',
    email_verified: isTrue(claims.email_verified),
    ...(phone ? { phone_number: phone, phone_number_verified: isTrue(claims.phone_number_verified) } : {}),
  };
  return {
    subject: idClaims.sub,
    name: textOf(claims.name) || textOf(claims.nickname) || textOf(claims.preferred_username),
    picture: textOf(claims.picture),
    email,
    isEmailVerified: email !== null && isTrue(claims.email_verified),
    phone,
    isPhoneVerified: phone !== null && isTrue(claims.phone_number_verified),
    profile,
  };
}

/**
 * Finishes a Google or Facebook login from the callback's query: checks `state`, exchanges the code
 * with the PKCE verifier, and for Google verifies the id_token (signature from the JWKS, iss, aud,
 * exp, nonce); for Facebook reads Graph `/me` with `appsecret_proof`.
 * @param query the callback's query string (without '?'), passed on as received
 * @throws whatever the provider or the checks refuse (the caller turns it into 'Login invalid')
 */
export async function oauthIdentity(
  config: Config,
  provider: 'google' | 'facebook',
  query: string,
  checks: AuthorizationChecks,
): Promise<ProviderIdentity> {
  const currentUrl = new URL(`${callbackUrl(config, provider)}?${query}`);
  if (provider === 'google') {
    // Google's id_token carries every claim we use; no userinfo call.
    const identity = await oidcIdentity(await googleConfiguration(config), currentUrl, checks, {
      readUserinfo: false,
    });
    return { ...identity, phone: null, isPhoneVerified: false };
  }
  const configuration = facebookConfiguration(config);
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    expectedState: checks.state,
    pkceCodeVerifier: checks.codeVerifier,
  });
  const me = new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '')}/me`);
  me.searchParams.set('fields', 'id,name,email,picture');
  // Graph calls signed with the app secret: a stolen token alone cannot be replayed by another app.
  me.searchParams.set(
    'appsecret_proof',
    createHmac('sha256', config.FACEBOOK_CLIENT_SECRET ?? '')
      .update(tokens.access_token)
      .digest('hex'),
  );
  const response = await oidc.fetchProtectedResource(configuration, tokens.access_token, me, 'GET');
  if (!response.ok) throw new Error(`Facebook Graph /me answered ${response.status}`);
  const body = (await response.json()) as {
    id?: unknown;
    name?: unknown;
    email?: unknown;
    picture?: { data?: { url?: unknown } };
  };
  if (typeof body.id !== 'string' || body.id === '') throw new Error('Facebook Graph /me answered no id');
  const name = typeof body.name === 'string' ? body.name : '';
  const picture = typeof body.picture?.data?.url === 'string' ? body.picture.data.url : '';
  const email = typeof body.email === 'string' && body.email !== '' ? body.email : null;
  return {
    subject: body.id,
    name,
    picture,
    email,
    // Graph returns only the confirmed primary e-mail of the account ("not returned if no valid
    // e-mail address is available"), so a returned e-mail counts as verified.
    isEmailVerified: email !== null,
    phone: null,
    isPhoneVerified: false,
    profile: { id: body.id, name, picture, email: email ?? '' },
  };
}

/** WeChat web authorization URL (snsapi_userinfo: asks for nickname and head image). */
export function wechatAuthorizationUrl(config: Config, state: string): string {
  assertSecure(config, config.WECHAT_AUTHORIZE_URL);
  const url = new URL(config.WECHAT_AUTHORIZE_URL);
  // WeChat wants its parameters in exactly this order and the #wechat_redirect fragment.
  url.search = new URLSearchParams({
    appid: config.WECHAT_APPID ?? '',
    redirect_uri: callbackUrl(config, 'wechat'),
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state,
  }).toString();
  url.hash = 'wechat_redirect';
  return url.toString();
}

/** GET a WeChat API path; WeChat answers HTTP 200 with `errcode`/`errmsg` on failure. */
async function wechatGet(config: Config, path: string, params: Record<string, string>) {
  const url = new URL(`${config.WECHAT_API_BASE.replace(/\/+$/, '')}${path}`);
  assertSecure(config, url.toString());
  url.search = new URLSearchParams(params).toString();
  const response = await fetch(url, { signal: AbortSignal.timeout(providerTimeoutSeconds * 1000) });
  if (!response.ok) throw new Error(`WeChat ${path} answered HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new Error(`WeChat ${path} refused: ${body.errcode} ${String(body.errmsg ?? '')}`);
  }
  return body;
}

/**
 * Exchanges a WeChat web OAuth code for the user's openid (and unionid when the account has one),
 * then reads nickname and head image from /sns/userinfo.
 * @throws on any WeChat error, e.g. 40029 invalid code, 40163 code been used
 */
export async function wechatIdentity(config: Config, code: string): Promise<WechatIdentity> {
  const token = await wechatGet(config, '/sns/oauth2/access_token', {
    appid: config.WECHAT_APPID ?? '',
    secret: config.WECHAT_SECRET ?? '',
    code,
    grant_type: 'authorization_code',
  });
  if (typeof token.access_token !== 'string' || typeof token.openid !== 'string' || token.openid === '') {
    throw new Error('WeChat answered no access_token or openid');
  }
  const info = await wechatGet(config, '/sns/userinfo', {
    access_token: token.access_token,
    openid: token.openid,
    lang: 'zh_CN',
  });
  const unionid =
    (typeof token.unionid === 'string' && token.unionid) ||
    (typeof info.unionid === 'string' && info.unionid) ||
    null;
  return {
    openid: token.openid,
    unionid,
    nickname: typeof info.nickname === 'string' ? info.nickname : '',
    headimgurl: typeof info.headimgurl === 'string' ? info.headimgurl : '',
  };
}
