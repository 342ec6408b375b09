import type { Config } from '../../config.ts';
import {
  credentialsKeyOf,
  openSealedString,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';
import { type AccessTokenSource, withAccessToken } from '../../providers/wechat/official-api.ts';
import { callWechat, expiresInOf, insideLock, requireString } from '../../providers/wechat/wechat-http.ts';
import { officialAccountNotAuthorized, wechatSetupMissing } from './wechat.errors.ts';
import { updateAuthorizationOfAppid, type WechatSettingsRow } from './wechat-platform.repository.ts';
import {
  ticketStoreOf,
  type WechatCacheDeps,
  wechatHttpOf,
  wechatTicketCacheOf,
} from './wechat-tickets.repository.ts';

/**
 * Tokens of the WeChat third-party platform (§3 wechat_authorize; DESIGN §8 wechat), all through the
 * shared, row-locked cache (table wechat_tickets), so replicas never race to refresh them:
 * - `component_verify_ticket`: pushed by WeChat every 10 minutes to POST /wechat/component/events,
 *   stored as it comes (lives 12 hours);
 * - `component_access_token`: cgi-bin/component/api_component_token with the verify ticket;
 * - `authorizer_access_token` per authorised account: cgi-bin/component/api_authorizer_token with the
 *   account's sealed refresh token (a new refresh token WeChat answers is stored on every meeting of
 *   that account).
 */

type Deps = WechatCacheDeps;

/** The platform's credentials from the environment (WECHAT_COMPONENT_*). */
export type ComponentCredentials = { appid: string; secret: string; token: string; aesKey: string };

/** How long a pushed verify ticket is kept, in seconds (WeChat: valid 12 hours, pushed every 10 minutes). */
export const verifyTicketLifeSeconds = 12 * 60 * 60;

/** The platform's credentials, or null when WECHAT_COMPONENT_* are not all set. */
export function componentCredentialsOf(config: Config): ComponentCredentials | null {
  const {
    WECHAT_COMPONENT_APPID,
    WECHAT_COMPONENT_SECRET,
    WECHAT_COMPONENT_TOKEN,
    WECHAT_COMPONENT_AES_KEY,
  } = config;
  if (
    !WECHAT_COMPONENT_APPID ||
    !WECHAT_COMPONENT_SECRET ||
    !WECHAT_COMPONENT_TOKEN ||
    !WECHAT_COMPONENT_AES_KEY
  )
    return null;
  return {
    appid: WECHAT_COMPONENT_APPID,
    secret: WECHAT_COMPONENT_SECRET,
    token: WECHAT_COMPONENT_TOKEN,
    aesKey: WECHAT_COMPONENT_AES_KEY,
  };
}

/** @throws 409 wechat.not_configured when the platform is not set up on this server */
export function requireComponent(config: Config): ComponentCredentials {
  const credentials = componentCredentialsOf(config);
  if (!credentials) throw wechatSetupMissing('The WeChat third-party platform');
  return credentials;
}

/**
 * Stores the verify ticket WeChat pushed (replacing the previous one) under the row lock.
 */
export async function storeVerifyTicket(deps: Deps, componentAppid: string, ticket: string): Promise<void> {
  const key = credentialsKeyOf(deps.config);
  await ticketStoreOf(deps.db, deps.dbKind).withLock(componentAppid, 'component_verify_ticket', async () => ({
    store: {
      valueSealed: sealCredentials(ticket, key),
      expiresAt: new Date(Date.now() + verifyTicketLifeSeconds * 1000),
    },
    result: undefined,
  }));
}

/**
 * The platform's component_access_token (api_component_token), cached min(expires_in − 300 s, 2 h).
 * The verify ticket is read before the token's row lock is taken, so a refresh never waits on a
 * lock of its own (one connection on PGlite). `get` throws 409 wechat.not_configured while WeChat has
 * not pushed a verify ticket yet, and WechatProviderError when WeChat refuses.
 */
export function componentAccessToken(deps: Deps, component: ComponentCredentials): AccessTokenSource {
  const cache = wechatTicketCacheOf(deps);
  const path = '/cgi-bin/component/api_component_token';
  return {
    get: async () => {
      const cached = await cache.peek(component.appid, 'component_access_token');
      if (cached !== null) return cached;
      const verifyTicket = await cache.peek(component.appid, 'component_verify_ticket');
      if (verifyTicket === null) throw wechatSetupMissing("WeChat's component verify ticket");
      return cache.get(component.appid, 'component_access_token', async () => {
        const answer = await callWechat(
          insideLock(wechatHttpOf(deps.config, deps.wechatTimeoutMs)),
          path,
          {},
          {
            component_appid: component.appid,
            component_appsecret: component.secret,
            component_verify_ticket: verifyTicket,
          },
        );
        return {
          value: requireString(answer, 'component_access_token', path),
          expiresIn: expiresInOf(answer),
        };
      });
    },
    drop: () => cache.drop(component.appid, 'component_access_token'),
  };
}

/**
 * Calls a component API (`cgi-bin/component/…`) with the component access token, retrying once with a
 * fresh token when WeChat calls it invalid or expired.
 */
export function callComponent<T extends Record<string, unknown>>(
  deps: Deps,
  component: ComponentCredentials,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  return withAccessToken(componentAccessToken(deps, component), (token) =>
    callWechat<T>(
      wechatHttpOf(deps.config, deps.wechatTimeoutMs),
      path,
      { component_access_token: token },
      body,
    ),
  );
}

/**
 * The access token of the official account a meeting's settings row says authorised our platform
 * (api_authorizer_token with the sealed refresh token), cached per authorizer AppID; plug it into
 * createOfficialApi as `accessToken`. A new refresh token WeChat answers is sealed and stored on every
 * meeting of that account.
 * @throws 403 wechat.not_authorized when the row holds no authorisation; 409 wechat.not_configured
 *   when the platform is not set up on this server
 */
export function authorizerAccessToken(
  deps: Deps,
  settings: Pick<WechatSettingsRow, 'authorizerAppid' | 'authorizerRefreshTokenSealed'>,
): AccessTokenSource {
  const { authorizerAppid, authorizerRefreshTokenSealed } = settings;
  if (!authorizerAppid || !authorizerRefreshTokenSealed) throw officialAccountNotAuthorized();
  const component = requireComponent(deps.config);
  const key = credentialsKeyOf(deps.config);
  const cache = wechatTicketCacheOf(deps);
  const path = '/cgi-bin/component/api_authorizer_token';
  const componentToken = componentAccessToken(deps, component);
  return {
    get: async () => {
      const cached = await cache.peek(authorizerAppid, 'authorizer_access_token');
      if (cached !== null) return cached;
      // Sealed under another key: the account must authorise again.
      const refreshToken = openSealedString(authorizerRefreshTokenSealed, key);
      if (refreshToken === null) throw officialAccountNotAuthorized();
      let newRefresh: string | null = null;
      // The component token is fetched before the authorizer row is locked (never a lock inside a lock).
      const token = await withAccessToken(componentToken, async (componentAccess) =>
        cache.get(authorizerAppid, 'authorizer_access_token', async () => {
          const answer = await callWechat(
            insideLock(wechatHttpOf(deps.config, deps.wechatTimeoutMs)),
            path,
            { component_access_token: componentAccess },
            {
              component_appid: component.appid,
              authorizer_appid: authorizerAppid,
              authorizer_refresh_token: refreshToken,
            },
          );
          const answered = answer.authorizer_refresh_token;
          if (typeof answered === 'string' && answered !== '' && answered !== refreshToken)
            newRefresh = answered;
          return {
            value: requireString(answer, 'authorizer_access_token', path),
            expiresIn: expiresInOf(answer),
          };
        }),
      );
      if (newRefresh !== null)
        await updateAuthorizationOfAppid(deps.db, authorizerAppid, {
          authorizerRefreshTokenSealed: sealCredentials(newRefresh, key),
        });
      return token;
    },
    drop: () => cache.drop(authorizerAppid, 'authorizer_access_token'),
  };
}
