import { createHash } from 'node:crypto';
import type { TicketCache, TicketKind } from './ticket-cache.ts';
import type { WechatOfficialApi, WechatUserInfo } from './wechat.ts';
import { WechatProviderError } from './wechat.ts';
import {
  callWechat,
  expiresInOf,
  insideLock,
  isStaleTokenError,
  requireString,
  type WechatHttpOptions,
} from './wechat-http.ts';

/**
 * Where an adapter gets the access token of its AppID: `get` answers a usable token (cached);
 * `drop` forgets it after WeChat called it invalid or expired (errcode 40001 / 42001), so the retry
 * fetches a new one.
 */
export type AccessTokenSource = {
  get: () => Promise<string>;
  drop: () => Promise<void>;
  /**
   * The credential this token comes from (first 16 hex of sha256(AppSecret)) when it is fetched with
   * a secret: the AppID's tickets are cached under it too, so a meeting that typed another meeting's
   * AppID with a wrong secret never gets that account's token or tickets.
   */
  scope?: string;
};

/** The cache scope of a client-credential secret: the first 16 hex of its SHA-256 (never the secret). */
export const secretScopeOf = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16);

/**
 * The access token of an AppID from its AppSecret (cgi-bin/token, grant_type client_credential),
 * through the shared cache under `kind:<secret scope>` ('access_token' for an official account,
 * 'mini_access_token' for a mini-program; keyed by the secret's hash too, see secretScopeOf):
 * min(expires_in − 300 s, 7,200 s).
 */
export function clientCredentialToken(
  http: WechatHttpOptions,
  cache: TicketCache,
  credentials: { appid: string; secret: string },
  kind: Extract<TicketKind, 'access_token' | 'mini_access_token'> = 'access_token',
): AccessTokenSource {
  const path = '/cgi-bin/token';
  const scope = secretScopeOf(credentials.secret);
  const scopedKind: TicketKind = `${kind}:${scope}`;
  return {
    scope,
    get: () =>
      cache.get(credentials.appid, scopedKind, async () => {
        const answer = await callWechat(insideLock(http), path, {
          grant_type: 'client_credential',
          appid: credentials.appid,
          secret: credentials.secret,
        });
        return { value: requireString(answer, 'access_token', path), expiresIn: expiresInOf(answer) };
      }),
    drop: () => cache.drop(credentials.appid, scopedKind),
  };
}

/**
 * Runs `call` with the current access token; when WeChat answers that the token is invalid or
 * expired (40001 / 40014 / 42001), drops it and retries once with a fresh one.
 */
export async function withAccessToken<T>(
  source: AccessTokenSource,
  call: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(await source.get());
  } catch (error) {
    if (!isStaleTokenError(error)) throw error;
    await source.drop();
    return call(await source.get());
  }
}

export type OfficialApiOptions = WechatHttpOptions & {
  appid: string;
  accessToken: AccessTokenSource;
  ticketCache: TicketCache;
};

/**
 * The real official-account adapter (WechatOfficialApi) for one AppID against `apiBase`
 * (WECHAT_API_BASE). Tickets (cgi-bin/ticket/getticket, type jsapi / wx_card) live in the shared cache
 * for min(expires_in − 300 s, 900 s) (§9). The access token is fetched before a ticket's row lock is
 * taken (it has its own row), so a refresh never waits on a lock it holds. Every failure is a
 * WechatProviderError (the routes answer 502 wechat.unavailable).
 */
export function createOfficialApi(options: OfficialApiOptions): WechatOfficialApi {
  const { appid, accessToken, ticketCache } = options;
  const ticket = (base: 'jsapi' | 'wx_card') => async (): Promise<string> => {
    const kind: TicketKind = accessToken.scope ? `${base}:${accessToken.scope}` : base;
    const cached = await ticketCache.peek(appid, kind);
    if (cached !== null) return cached;
    return withAccessToken(accessToken, async (token) =>
      ticketCache.get(appid, kind, async () => {
        const path = '/cgi-bin/ticket/getticket';
        const answer = await callWechat(insideLock(options), path, { access_token: token, type: base });
        return { value: requireString(answer, 'ticket', path), expiresIn: expiresInOf(answer) };
      }),
    );
  };
  return {
    appid,
    jsapiTicket: ticket('jsapi'),
    cardTicket: ticket('wx_card'),
    userInfo: (openid) =>
      withAccessToken(accessToken, async (token): Promise<WechatUserInfo> => {
        const answer = await callWechat(options, '/cgi-bin/user/info', {
          access_token: token,
          openid,
          lang: 'zh_CN',
        });
        return {
          openid: typeof answer.openid === 'string' ? answer.openid : openid,
          subscribe: answer.subscribe === 1 ? 1 : 0,
          unionid: typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null,
          nickname: typeof answer.nickname === 'string' ? answer.nickname : '',
          headimgurl: typeof answer.headimgurl === 'string' ? answer.headimgurl : '',
        };
      }),
    createQrCode: (scene, expireSeconds) => {
      if (scene === '' || scene.length > 64)
        return Promise.reject(new WechatProviderError('A QR scene is 1 to 64 characters'));
      const expire = Math.min(Math.max(Math.floor(expireSeconds), 60), 2_592_000);
      return withAccessToken(accessToken, async (token) => {
        const path = '/cgi-bin/qrcode/create';
        const answer = await callWechat(
          options,
          path,
          { access_token: token },
          {
            expire_seconds: expire,
            action_name: 'QR_STR_SCENE',
            action_info: { scene: { scene_str: scene } },
          },
        );
        return {
          ticket: requireString(answer, 'ticket', path),
          url: requireString(answer, 'url', path),
          expireSeconds: Number(answer.expire_seconds) > 0 ? Number(answer.expire_seconds) : expire,
        };
      });
    },
  };
}
