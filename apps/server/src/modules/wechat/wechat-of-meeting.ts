import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';
import { credentialsKeyOf, openSealedString } from '../../providers/payment/credentials-box.ts';
import { createMiniApi } from '../../providers/wechat/mini-api.ts';
import {
  type AccessTokenSource,
  clientCredentialToken,
  createOfficialApi,
} from '../../providers/wechat/official-api.ts';
import type { WechatMiniApi, WechatOfficialApi } from '../../providers/wechat/wechat.ts';
import { officialAccountNotAuthorized, wechatSetupMissing } from './wechat.errors.ts';
import { authorizerAccessToken } from './wechat-platform.tokens.ts';
import {
  getMeetingWechatSettings,
  type MeetingWechatSettings,
  type WechatMeeting,
} from './wechat-settings.repository.ts';
import { type WechatCacheDeps, wechatHttpOf, wechatTicketCacheOf } from './wechat-tickets.repository.ts';

export { wechatHttpOf, wechatTicketCacheOf };

/** What resolving a meeting's WeChat account needs. */
export type WechatDeps = WechatCacheDeps;

/** A sealed secret opened to its string, or null when absent or unopenable (another key). */
export const openSecret = (sealed: string | null | undefined, config: Config): string | null =>
  openSealedString(sealed, credentialsKeyOf(config));

/**
 * The meeting and its settings.
 * @throws 404 not_found when the meeting does not exist
 */
export async function requireWechatMeeting(deps: WechatDeps, meetingId: string): Promise<WechatMeeting> {
  const meeting = await getMeetingWechatSettings(deps.db, meetingId);
  if (!meeting) throw notFound('meeting');
  return meeting;
}

/**
 * An official account as the server reaches it: its AppID, its access token and — when we hold it
 * (server and own modes) — its AppSecret, which web OAuth code exchange needs (platform mode uses the
 * platform's component token instead).
 */
export type OfficialAccount = { appid: string; secret: string | null; accessToken: AccessTokenSource };

/**
 * The AppID and access-token source of a meeting's official account (§3 wechat_authorize):
 * - no settings row or mode `server`: the deployment's account (WECHAT_APPID / WECHAT_SECRET);
 * - `own`: the organiser's AppID and opened AppSecret;
 * - `platform`: the authorised account (authorizer_appid) — 403 'The official account is not
 *   authorized' until an account has authorised the platform.
 * @throws 409 wechat.not_configured when the chosen mode lacks its credentials
 */
export function officialAccountOf(deps: WechatDeps, settings: MeetingWechatSettings | null): OfficialAccount {
  const cache = wechatTicketCacheOf(deps);
  const http = wechatHttpOf(deps.config, deps.wechatTimeoutMs);
  const mode = settings?.officialMode ?? 'server';
  if (mode === 'own') {
    const appid = settings?.officialAppid;
    const secret = openSecret(settings?.officialSecretSealed, deps.config);
    if (!appid || !secret) throw wechatSetupMissing("The meeting's official account");
    return { appid, secret, accessToken: clientCredentialToken(http, cache, { appid, secret }) };
  }
  if (mode === 'platform') {
    const appid = settings?.authorizerAppid;
    if (!appid || !settings) throw officialAccountNotAuthorized();
    return { appid, secret: null, accessToken: authorizerAccessToken(deps, settings) };
  }
  const { WECHAT_APPID: appid, WECHAT_SECRET: secret } = deps.config;
  if (!appid || !secret) throw wechatSetupMissing('The official account');
  return { appid, secret, accessToken: clientCredentialToken(http, cache, { appid, secret }) };
}

/**
 * The official-account API of a meeting (see officialAccountOf for how the account is chosen).
 * @throws 404 not_found (meeting), 409 wechat.not_configured, 403 wechat.not_authorized
 */
export async function officialApiOfMeeting(deps: WechatDeps, meetingId: string): Promise<WechatOfficialApi> {
  const meeting = await requireWechatMeeting(deps, meetingId);
  return officialApiOfSettings(deps, meeting.settings);
}

/** The official-account API for a settings row already read (null: server defaults). */
export function officialApiOfSettings(
  deps: WechatDeps,
  settings: MeetingWechatSettings | null,
): WechatOfficialApi {
  const account = officialAccountOf(deps, settings);
  return createOfficialApi({
    ...wechatHttpOf(deps.config, deps.wechatTimeoutMs),
    appid: account.appid,
    accessToken: account.accessToken,
    ticketCache: wechatTicketCacheOf(deps),
  });
}

/**
 * The mini-program API of a meeting (§2 mini-program pages): the meeting's mini_appid with its opened
 * secret, else the deployment's WECHAT_MINI_APPID / WECHAT_MINI_SECRET.
 * @throws 404 not_found (meeting), 409 wechat.not_configured when neither is set
 */
export async function miniApiOfMeeting(deps: WechatDeps, meetingId: string): Promise<WechatMiniApi> {
  const meeting = await requireWechatMeeting(deps, meetingId);
  return miniApiOfSettings(deps, meeting.settings);
}

/** The mini-program API for a settings row already read (null: server defaults). */
export function miniApiOfSettings(deps: WechatDeps, settings: MeetingWechatSettings | null): WechatMiniApi {
  const own = settings?.miniAppid ? openSecret(settings.miniSecretSealed, deps.config) : null;
  const appid = own ? settings?.miniAppid : deps.config.WECHAT_MINI_APPID;
  const secret = own ?? deps.config.WECHAT_MINI_SECRET;
  if (!appid || !secret) throw wechatSetupMissing('The mini-program');
  const http = wechatHttpOf(deps.config, deps.wechatTimeoutMs);
  return createMiniApi({
    ...http,
    appid,
    accessToken: clientCredentialToken(
      http,
      wechatTicketCacheOf(deps),
      { appid, secret },
      'mini_access_token',
    ),
    envVersion: settings?.miniEnvVersion ?? 'release',
  });
}
