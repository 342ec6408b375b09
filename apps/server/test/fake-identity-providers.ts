import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * Local stand-ins for Google (OpenID Connect), Facebook (OAuth 2 + Graph), WeChat web OAuth and a
 * meeting's own single sign-on (`chinaief`, a generic OpenID Connect issuer at `{url}/chinaief` whose
 * id_token carries only `sub` and `nonce` — the person's claims come from its userinfo), in one
 * small HTTP server on a free port. They behave like the real ones where our server relies on them —
 * and refuse what the real ones refuse: wrong client credentials, another redirect_uri, a PKCE
 * verifier that does not match the S256 challenge, a replayed authorization code, a missing or wrong
 * `appsecret_proof`. Every authorization is approved at once (302 back to redirect_uri with code and
 * state) as the person set with `setProfile`.
 *
 * Used by the API tests (import `startFakeIdentityProviders`) and by the browser tests, which may not
 * import server code: they run this file as a process —
 * `node --import tsx apps/server/test/fake-identity-providers.ts` prints one JSON line
 * `{ "url": …, "env": { GOOGLE_ISSUER: … } }` — and set profiles with
 * `POST {url}/_fake/profiles/{provider}` (JSON body); `GET {url}/_fake/refusals` lists refusals.
 */

export type GoogleProfile = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};
export type FacebookProfile = { id: string; name?: string; email?: string; picture?: string };
export type WechatProfile = { openid: string; unionid?: string; nickname?: string; headimgurl?: string };
/** A single sign-on person: standard OIDC claims, served by the userinfo endpoint. */
export type OidcProfile = GoogleProfile & { phone_number?: string; phone_number_verified?: boolean };
export type FakeProfiles = {
  google: GoogleProfile;
  facebook: FacebookProfile;
  wechat: WechatProfile;
  chinaief: OidcProfile;
};
export type FakeProvider = keyof FakeProfiles;

/** Why a fake refused a request: which provider, which endpoint, the reason in words. */
export type FakeRefusal = { provider: FakeProvider; endpoint: string; reason: string };

/** The configuration variables pointing our server at the fakes (merge into its env). */
export type FakeIdentityEnv = {
  GOOGLE_ISSUER: string;
  GOOGLE_CLIENT_ID: string;
  GOOGLE_CLIENT_SECRET: string;
  FACEBOOK_CLIENT_ID: string;
  FACEBOOK_CLIENT_SECRET: string;
  FACEBOOK_AUTHORIZE_URL: string;
  FACEBOOK_TOKEN_URL: string;
  FACEBOOK_GRAPH_URL: string;
  WECHAT_APPID: string;
  WECHAT_SECRET: string;
  WECHAT_API_BASE: string;
  WECHAT_AUTHORIZE_URL: string;
};

export type FakeIdentityProviders = {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  env: FakeIdentityEnv;
  /** Who the next authorizations of `provider` approve as (a code carries the profile of its time). */
  setProfile: <P extends FakeProvider>(provider: P, profile: FakeProfiles[P]) => void;
  /** Every refusal so far, oldest first (tests assert the reason, e.g. 'code already used'). */
  refusals: FakeRefusal[];
  close: () => Promise<void>;
};

/** Client credentials the fakes accept (the `env` carries them). */
export const fakeCredentials = {
  google: { clientId: 'fake-google-client.apps.example', clientSecret: 'fake-google-secret' },
  facebook: { clientId: '1000000000000001', clientSecret: 'fake-facebook-app-secret' },
  wechat: { appId: 'wxfake0000000001', secret: 'fake-wechat-secret' },
  chinaief: { clientId: 'fake-sso-client', clientSecret: 'fake-sso-secret' },
} as const;

type IssuedCode = {
  provider: FakeProvider;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  nonce?: string;
  profile: GoogleProfile | FacebookProfile | WechatProfile | OidcProfile;
  isUsed: boolean;
  expiresAt: number;
};

type IssuedToken = { provider: FakeProvider; profile: IssuedCode['profile'] };

/** Seconds an authorization code lives (Google: 10 minutes; WeChat: 5). */
const codeLifeSeconds = 300;

const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

function redirectTo(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  response.writeHead(302, { location: url.toString() });
  response.end();
}

/**
 * Starts the fakes on `options.port` (default: a free port) of 127.0.0.1.
 * @returns the base URL, the env for our server, `setProfile`, the refusal log and `close`.
 */
export async function startFakeIdentityProviders(
  options: { port?: number; host?: string; profiles?: Partial<FakeProfiles> } = {},
): Promise<FakeIdentityProviders> {
  const host = options.host ?? '127.0.0.1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(8);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const refusals: FakeRefusal[] = [];
  let base = '';
  const profiles: FakeProfiles = {
    google: {
      sub: '110000000000000000001',
      email: 'google.person@example.com',
      email_verified: true,
      name: 'Google Person',
      picture: 'https://lh3.googleusercontent.com/a/fake-picture',
    },
    facebook: {
      id: '2000000000000001',
      name: 'Facebook Person',
      email: 'facebook.person@example.com',
      picture: 'https://platform-lookaside.fbsbx.com/fake-picture',
    },
    wechat: {
      openid: 'oFake0000000000000000000001',
      nickname: '微信用户',
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/fake/132',
    },
    chinaief: {
      sub: 'sso-person-0001',
      name: 'SSO Person',
      email: 'sso.person@example.com',
      email_verified: true,
    },
    ...options.profiles,
  };

  const refuse = (provider: FakeProvider, endpoint: string, reason: string) => {
    refusals.push({ provider, endpoint, reason });
    return reason;
  };

  /** Issues a code for an authorization request after checking it like the real provider. */
  const authorize = (
    provider: FakeProvider,
    query: URLSearchParams,
    response: ServerResponse,
    rules: { clientIdParam: string; clientId: string; needsPkce: boolean; needsNonce: boolean },
  ) => {
    const clientId = query.get(rules.clientIdParam) ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const problems: string[] = [];
    if (clientId !== rules.clientId) problems.push('unknown client');
    if (!/^https?:\/\//.test(redirectUri)) problems.push('redirect_uri missing');
    if (query.get('response_type') !== 'code') problems.push('response_type must be code');
    if (!query.get('state')) problems.push('state missing');
    if (rules.needsPkce && (!query.get('code_challenge') || query.get('code_challenge_method') !== 'S256')) {
      problems.push('PKCE S256 challenge missing');
    }
    if (rules.needsNonce && !query.get('nonce')) problems.push('nonce missing');
    if (problems.length > 0) {
      sendJson(response, 400, {
        error: 'invalid_request',
        error_description: refuse(provider, 'authorize', problems.join('; ')),
      });
      return;
    }
    const code = randomToken();
    codes.set(code, {
      provider,
      clientId,
      redirectUri,
      codeChallenge: query.get('code_challenge') ?? undefined,
      nonce: query.get('nonce') ?? undefined,
      profile: { ...profiles[provider] },
      isUsed: false,
      expiresAt: Date.now() + codeLifeSeconds * 1000,
    });
    redirectTo(response, redirectUri, { code, state: query.get('state') ?? '' });
  };

  /** Checks a code exchange; answers the issued code or the refusal reason. */
  const redeemCode = (
    provider: FakeProvider,
    input: { code: string; clientId: string; redirectUri?: string; codeVerifier?: string },
  ): IssuedCode | string => {
    const issued = codes.get(input.code);
    if (!issued || issued.provider !== provider) return refuse(provider, 'token', 'unknown code');
    if (issued.isUsed) return refuse(provider, 'token', 'code already used');
    // A code is spent by any attempt, as at the real providers.
    issued.isUsed = true;
    if (issued.expiresAt < Date.now()) return refuse(provider, 'token', 'code expired');
    if (issued.clientId !== input.clientId) return refuse(provider, 'token', 'code issued to another client');
    if (input.redirectUri !== undefined && issued.redirectUri !== input.redirectUri) {
      return refuse(provider, 'token', 'redirect_uri mismatch');
    }
    if (issued.codeChallenge !== undefined) {
      if (!input.codeVerifier) return refuse(provider, 'token', 'code_verifier missing');
      if (!safeEqual(s256(input.codeVerifier), issued.codeChallenge)) {
        return refuse(provider, 'token', 'PKCE verification failed');
      }
    }
    return issued;
  };

  /** client_secret_basic or client_secret_post credentials of a token request. */
  const clientCredentials = (request: IncomingMessage, form: URLSearchParams) => {
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return { clientId: decodeURIComponent(id), clientSecret: decodeURIComponent(secret) };
    }
    return { clientId: form.get('client_id') ?? '', clientSecret: form.get('client_secret') ?? '' };
  };

  /** An OpenID Connect issuer at `{base}/{provider}` (Google, or the single sign-on `chinaief`). */
  const openIdProvider =
    (provider: 'google' | 'chinaief') =>
    async (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => {
      const issuer = `${base}/${provider}`;
      const { clientId, clientSecret } = fakeCredentials[provider];
      const google = provider;
      if (path === '/.well-known/openid-configuration') {
        return sendJson(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile', 'phone'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          claims_supported: [
            'sub',
            'email',
            'email_verified',
            'name',
            'picture',
            'phone_number',
            'phone_number_verified',
            'nonce',
            'aud',
            'iss',
            'exp',
            'iat',
          ],
        });
      }
      if (path === '/jwks') return sendJson(response, 200, { keys: [publicJwk] });
      if (path === '/authorize' && request.method === 'GET') {
        return authorize(google, url.searchParams, response, {
          clientIdParam: 'client_id',
          clientId,
          needsPkce: true,
          needsNonce: true,
        });
      }
      if (path === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const credentials = clientCredentials(request, form);
        if (credentials.clientId !== clientId || !safeEqual(credentials.clientSecret, clientSecret)) {
          return sendJson(response, 401, {
            error: 'invalid_client',
            error_description: refuse(google, 'token', 'client authentication failed'),
          });
        }
        if (form.get('grant_type') !== 'authorization_code') {
          return sendJson(response, 400, {
            error: 'unsupported_grant_type',
            error_description: refuse(google, 'token', 'grant_type must be authorization_code'),
          });
        }
        const issued = redeemCode(google, {
          code: form.get('code') ?? '',
          clientId: credentials.clientId,
          redirectUri: form.get('redirect_uri') ?? '',
          codeVerifier: form.get('code_verifier') ?? undefined,
        });
        if (typeof issued === 'string') {
          return sendJson(response, 400, { error: 'invalid_grant', error_description: issued });
        }
        const profile = issued.profile as OidcProfile;
        const accessToken = `ya29.${randomToken()}`;
        // The single sign-on's id_token proves only who (sub) and which login (nonce).
        const idClaims =
          provider === 'google'
            ? {
                ...(profile.email !== undefined ? { email: profile.email } : {}),
                ...(profile.email_verified !== undefined ? { email_verified: profile.email_verified } : {}),
                ...(profile.name !== undefined ? { name: profile.name } : {}),
                ...(profile.picture !== undefined ? { picture: profile.picture } : {}),
              }
            : {};
        tokens.set(accessToken, { provider: google, profile });
        const idToken = await new SignJWT({
          ...(issued.nonce ? { nonce: issued.nonce } : {}),
          azp: clientId,
          ...idClaims,
        })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(profile.sub)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(privateKey);
        return sendJson(response, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3599,
          scope: provider === 'google' ? 'openid email profile' : 'openid profile email phone',
          id_token: idToken,
        });
      }
      if (path === '/userinfo') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const issued = tokens.get(token);
        if (issued?.provider !== google) {
          return sendJson(response, 401, {
            error: 'invalid_token',
            error_description: refuse(google, 'userinfo', 'unknown access token'),
          });
        }
        return sendJson(response, 200, issued.profile);
      }
      return sendJson(response, 404, { error: 'not_found' });
    };

  const facebookError = (response: ServerResponse, status: number, message: string) =>
    sendJson(response, status, {
      error: {
        message,
        type: 'OAuthException',
        code: status === 400 ? 100 : 190,
        fbtrace_id: randomToken(8),
      },
    });

  const facebook = async (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => {
    const { clientId, clientSecret } = fakeCredentials.facebook;
    if (path === '/dialog/oauth' && request.method === 'GET') {
      return authorize('facebook', url.searchParams, response, {
        clientIdParam: 'client_id',
        clientId,
        needsPkce: true,
        needsNonce: false,
      });
    }
    if (path === '/graph/oauth/access_token') {
      // Facebook takes the exchange as GET query or POST form alike.
      const form =
        request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
      const credentials = clientCredentials(request, form);
      if (credentials.clientId !== clientId || !safeEqual(credentials.clientSecret, clientSecret)) {
        return facebookError(response, 400, refuse('facebook', 'token', 'client authentication failed'));
      }
      const issued = redeemCode('facebook', {
        code: form.get('code') ?? '',
        clientId: credentials.clientId,
        redirectUri: form.get('redirect_uri') ?? '',
        codeVerifier: form.get('code_verifier') ?? undefined,
      });
      if (typeof issued === 'string') return facebookError(response, 400, issued);
      const accessToken = `EAAB${randomToken()}`;
      tokens.set(accessToken, { provider: 'facebook', profile: issued.profile });
      return sendJson(response, 200, {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: 5183944,
      });
    }
    if (path === '/graph/me' && request.method === 'GET') {
      const header = request.headers.authorization ?? '';
      const token = header.replace(/^(Bearer|OAuth)\s+/i, '') || (url.searchParams.get('access_token') ?? '');
      const issued = tokens.get(token);
      if (issued?.provider !== 'facebook') {
        return facebookError(response, 401, refuse('facebook', 'me', 'Invalid OAuth access token'));
      }
      const proof = url.searchParams.get('appsecret_proof') ?? '';
      const expected = createHmac('sha256', clientSecret).update(token).digest('hex');
      if (!safeEqual(proof, expected)) {
        return facebookError(
          response,
          400,
          refuse('facebook', 'me', 'Invalid appsecret_proof provided in the API argument'),
        );
      }
      const profile = issued.profile as FacebookProfile;
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const answer: Record<string, unknown> = { id: profile.id };
      if (fields.includes('name') && profile.name !== undefined) answer.name = profile.name;
      if (fields.includes('email') && profile.email !== undefined) answer.email = profile.email;
      if (fields.includes('picture') && profile.picture !== undefined) {
        answer.picture = { data: { height: 50, width: 50, is_silhouette: false, url: profile.picture } };
      }
      return sendJson(response, 200, answer);
    }
    return facebookError(response, 404, 'Unknown path components');
  };

  /** WeChat answers HTTP 200 with `errcode` / `errmsg` on failure. */
  const wechatError = (response: ServerResponse, endpoint: string, errcode: number, errmsg: string) =>
    sendJson(response, 200, {
      errcode,
      errmsg: `${refuse('wechat', endpoint, errmsg)}, rid: ${randomToken(6)}`,
    });

  const wechat = async (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => {
    const { appId, secret } = fakeCredentials.wechat;
    const query = url.searchParams;
    if (path === '/connect/oauth2/authorize' && request.method === 'GET') {
      const scope = query.get('scope');
      if (scope !== 'snsapi_userinfo' && scope !== 'snsapi_base') {
        return sendJson(response, 400, {
          errcode: 10005,
          errmsg: refuse('wechat', 'authorize', 'scope invalid'),
        });
      }
      return authorize('wechat', query, response, {
        clientIdParam: 'appid',
        clientId: appId,
        needsPkce: false,
        needsNonce: false,
      });
    }
    if (path === '/sns/oauth2/access_token') {
      if (query.get('appid') !== appId) return wechatError(response, 'access_token', 40013, 'invalid appid');
      if (!safeEqual(query.get('secret') ?? '', secret)) {
        return wechatError(response, 'access_token', 40125, 'invalid appsecret');
      }
      if (query.get('grant_type') !== 'authorization_code') {
        return wechatError(response, 'access_token', 40002, 'invalid grant_type');
      }
      const issued = codes.get(query.get('code') ?? '');
      if (issued?.provider !== 'wechat') return wechatError(response, 'access_token', 40029, 'invalid code');
      if (issued.isUsed) return wechatError(response, 'access_token', 40163, 'code been used');
      issued.isUsed = true;
      if (issued.expiresAt < Date.now()) return wechatError(response, 'access_token', 40029, 'invalid code');
      const profile = issued.profile as WechatProfile;
      const accessToken = randomToken(48);
      tokens.set(accessToken, { provider: 'wechat', profile });
      return sendJson(response, 200, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomToken(48),
        openid: profile.openid,
        scope: 'snsapi_userinfo',
        is_snapshotuser: 0,
        ...(profile.unionid ? { unionid: profile.unionid } : {}),
      });
    }
    if (path === '/sns/userinfo') {
      const issued = tokens.get(query.get('access_token') ?? '');
      if (issued?.provider !== 'wechat')
        return wechatError(response, 'userinfo', 40001, 'invalid credential');
      const profile = issued.profile as WechatProfile;
      if (query.get('openid') !== profile.openid)
        return wechatError(response, 'userinfo', 40003, 'invalid openid');
      return sendJson(response, 200, {
        openid: profile.openid,
        nickname: profile.nickname ?? '',
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: profile.headimgurl ?? '',
        privilege: [],
        ...(profile.unionid ? { unionid: profile.unionid } : {}),
      });
    }
    return sendJson(response, 404, { errcode: 404, errmsg: 'not found' });
  };

  const setProfile = <P extends FakeProvider>(provider: P, profile: FakeProfiles[P]) => {
    profiles[provider] = { ...profile };
  };

  const control = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const match = /^\/profiles\/(google|facebook|wechat|chinaief)$/.exec(path);
    if (match && request.method === 'POST') {
      setProfile(match[1] as FakeProvider, JSON.parse(await readBody(request)));
      return sendJson(response, 200, { ok: 1 });
    }
    if (path === '/refusals') return sendJson(response, 200, refusals);
    return sendJson(response, 404, { error: 'not_found' });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const [, provider = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const handlers: Record<string, () => Promise<void>> = {
      google: () => openIdProvider('google')(request, response, url, path),
      chinaief: () => openIdProvider('chinaief')(request, response, url, path),
      facebook: () => facebook(request, response, url, path),
      wechat: () => wechat(request, response, url, path),
      _fake: () => control(request, response, path),
    };
    const handler = handlers[provider] ?? (async () => sendJson(response, 404, { error: 'not_found' }));
    handler().catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { error: 'server_error', error_description: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;

  return {
    url: base,
    env: {
      GOOGLE_ISSUER: `${base}/google`,
      GOOGLE_CLIENT_ID: fakeCredentials.google.clientId,
      GOOGLE_CLIENT_SECRET: fakeCredentials.google.clientSecret,
      FACEBOOK_CLIENT_ID: fakeCredentials.facebook.clientId,
      FACEBOOK_CLIENT_SECRET: fakeCredentials.facebook.clientSecret,
      FACEBOOK_AUTHORIZE_URL: `${base}/facebook/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${base}/facebook/graph/oauth/access_token`,
      FACEBOOK_GRAPH_URL: `${base}/facebook/graph`,
      WECHAT_APPID: fakeCredentials.wechat.appId,
      WECHAT_SECRET: fakeCredentials.wechat.secret,
      WECHAT_API_BASE: `${base}/wechat`,
      WECHAT_AUTHORIZE_URL: `${base}/wechat/connect/oauth2/authorize`,
    },
    setProfile,
    refusals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// Run as a process (browser tests): print the env as one JSON line, serve until terminated.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fakes = await startFakeIdentityProviders({ port: Number(process.env.FAKE_IDP_PORT ?? 0) });
  process.stdout.write(`${JSON.stringify({ url: fakes.url, env: fakes.env })}\n`);
  const stop = () => {
    void fakes.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
