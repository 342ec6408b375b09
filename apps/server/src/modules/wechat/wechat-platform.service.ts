import { randomBytes } from 'node:crypto';
import type { WechatAuthorization } from '@app/contracts';
import { AppError, notFound } from '../../errors.ts';
import { credentialsKeyOf, sealCredentials } from '../../providers/payment/credentials-box.ts';
import { WechatProviderError } from '../../providers/wechat/wechat.ts';
import { requireString } from '../../providers/wechat/wechat-http.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { consumeOAuthState, insertOAuthState } from '../oauth/oauth.repository.ts';
import { requireCan } from '../roles/roles.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { orWechatUnavailable } from './wechat.errors.ts';
import {
  nowSeconds,
  openPush,
  type PushAnswer,
  PushRejected,
  plainAnswer as plain,
} from './wechat-events.crypto.ts';
import type { PushRefusal } from './wechat-events.service.ts';
import {
  clearAuthorizationOfAppid,
  findAuthorizedRowOfAppid,
  findMeetingIdsUsingAppid,
  findWechatSettingsRow,
  saveAuthorization,
  updateAuthorizationOfAppid,
} from './wechat-platform.repository.ts';
import {
  type ComponentCredentials,
  callComponent,
  componentCredentialsOf,
  requireComponent,
  storeVerifyTicket,
} from './wechat-platform.tokens.ts';
import { type WechatCacheDeps, wechatTicketCacheOf } from './wechat-tickets.repository.ts';

/**
 * WeChat third-party platform (§3 wechat_authorize.authorizer_appid; §7 GET/POST /wechat/authorizes;
 * §8 'The official account is not authorized'): the organiser sends the meeting's official account to
 * WeChat's authorisation page; WeChat returns the browser to GET /wechat/component/callback with an
 * authorisation code, which we exchange (api_query_auth) for the account's AppID and refresh token
 * (sealed), and WeChat keeps us informed by encrypted pushes to POST /wechat/component/events
 * (verify tickets every 10 minutes, authorised / updated / revoked).
 */

type Deps = WechatCacheDeps;

/** oauth_states.provider of an authorisation in progress (single-use state, 10 minutes). */
export const componentStateProvider = 'wechat:component';
const stateLifeSeconds = 10 * 60;

/** The permission-set ids of WeChat's `func_info` ([{ funcscope_category: { id } }]). */
function funcInfoIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => Number((item as { funcscope_category?: { id?: unknown } })?.funcscope_category?.id))
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, 200);
}

/**
 * POST /wechat/authorizes: the URL of WeChat's authorisation page for the meeting (pre-auth code from
 * api_create_preauthcode; redirect `${PUBLIC_URL}/api/wechat/component/callback?state=…` with a
 * single-use state kept 10 minutes).
 * @returns { url }
 * @throws 403 no_permission without console action wechat.settings; 404 meeting; 409
 *   wechat.not_configured (platform not set up, or no verify ticket pushed yet); 502 wechat.unavailable
 */
export async function startPlatformAuthorization(
  deps: Deps,
  input: { userId: string; meetingId: string },
): Promise<{ url: string }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'wechat.settings' });
  if (!(await findLiveMeetingById(deps.db, input.meetingId))) throw notFound('Meeting');
  const component = requireComponent(deps.config);
  const path = '/cgi-bin/component/api_create_preauthcode';
  const answer = await orWechatUnavailable(() =>
    callComponent(deps, component, path, { component_appid: component.appid }),
  );
  const preAuthCode = await orWechatUnavailable(async () => requireString(answer, 'pre_auth_code', path));
  const state = randomBytes(32).toString('hex');
  await insertOAuthState(
    deps.db,
    {
      id: state,
      provider: componentStateProvider,
      meetingId: input.meetingId,
      redirect: '',
      // Who started it: the way back only stores what this organiser may manage.
      pending: { userId: input.userId },
    },
    stateLifeSeconds,
  );
  const url = new URL(deps.config.WECHAT_COMPONENT_LOGIN_URL);
  url.searchParams.set('component_appid', component.appid);
  url.searchParams.set('pre_auth_code', preAuthCode);
  url.searchParams.set('redirect_uri', publicLink(deps.config, '/api/wechat/component/callback', { state }));
  // 1: official accounts only (not mini-programs).
  url.searchParams.set('auth_type', '1');
  return { url: url.toString() };
}

/**
 * GET /wechat/component/callback?auth_code&state: uses the state once, exchanges the code
 * (api_query_auth) for the account's AppID, refresh token (sealed) and permission sets, reads its name
 * (api_get_authorizer_info), stores them on the meeting and switches it to platform mode — only when
 * the organiser who started it still manages this meeting's WeChat settings and those of every other
 * meeting already using that account (else `error=wechat.not_authorized`, nothing stored).
 * @returns where to send the browser: the console's WeChat screen with `authorized=1`, or with
 *   `error=<code>` (state unknown, used or expired; WeChat refused), and the failure for the log
 */
export async function finishPlatformAuthorization(
  deps: Deps,
  query: Record<string, unknown>,
): Promise<{ location: string; failure?: unknown }> {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const state = text('state');
  const row = /^[0-9a-f]{64}$/.test(state)
    ? await consumeOAuthState(deps.db, state, componentStateProvider)
    : undefined;
  if (!row) return { location: publicLink(deps.config, '/#/console', { error: 'wechat.state_invalid' }) };
  const starterId = typeof row.pending?.userId === 'string' ? row.pending.userId : '';
  const screen = `/#/console/meetings/${row.meetingId}/wechat`;
  const component = componentCredentialsOf(deps.config);
  const authCode = text('auth_code');
  if (!component || authCode === '' || authCode.length > 512)
    return {
      location: publicLink(deps.config, screen, { error: 'wechat.not_authorized' }),
      failure: 'no component or auth_code',
    };
  try {
    const authorization = await queryAuthorization(deps, component, authCode);
    if (!(await starterManagesAppid(deps, starterId, row.meetingId, authorization.appid))) {
      // WeChat's answer still renews the account's refresh token: the meetings already authorised by
      // it keep working with the new one (as after an `updateauthorized` push).
      await updateAuthorizationOfAppid(deps.db, authorization.appid, {
        authorizerRefreshTokenSealed: sealCredentials(
          authorization.refreshToken,
          credentialsKeyOf(deps.config),
        ),
      });
      await wechatTicketCacheOf(deps).drop(authorization.appid, 'authorizer_access_token');
      return {
        location: publicLink(deps.config, screen, { error: 'wechat.not_authorized' }),
        failure: `account ${authorization.appid} is used by a meeting its starter does not manage`,
      };
    }
    let name = '';
    try {
      const info = await callComponent(deps, component, '/cgi-bin/component/api_get_authorizer_info', {
        component_appid: component.appid,
        authorizer_appid: authorization.appid,
      });
      const nick = (info.authorizer_info as { nick_name?: unknown } | undefined)?.nick_name;
      name = typeof nick === 'string' ? nick.slice(0, 200) : '';
    } catch {
      // The name is cosmetic: the authorisation stands without it.
    }
    await saveAuthorization(deps.db, row.meetingId, {
      authorizerAppid: authorization.appid,
      authorizerRefreshTokenSealed: sealCredentials(
        authorization.refreshToken,
        credentialsKeyOf(deps.config),
      ),
      authorizerName: name,
      authorizerFuncInfo: authorization.funcInfo,
    });
    await wechatTicketCacheOf(deps).drop(authorization.appid, 'authorizer_access_token');
    return { location: publicLink(deps.config, screen, { authorized: '1' }) };
  } catch (error) {
    // 409 (no verify ticket yet) keeps its code; WeChat's refusals are 'wechat.unavailable'.
    if (error instanceof AppError)
      return { location: publicLink(deps.config, screen, { error: String(error.code) }), failure: error };
    if (!(error instanceof WechatProviderError)) throw error;
    return { location: publicLink(deps.config, screen, { error: 'wechat.unavailable' }), failure: error };
  }
}

/**
 * True when the organiser who started an authorisation may still manage the meeting's WeChat settings
 * and those of every other meeting already using the authorised account. The callback is WeChat
 * sending a browser back without our session, so whoever approves a link someone else started could
 * otherwise hand an account another organiser's meetings use to the starter's meeting.
 */
async function starterManagesAppid(
  deps: Deps,
  starterId: string,
  meetingId: string,
  appid: string,
): Promise<boolean> {
  if (starterId === '') return false;
  const meetingIds = new Set([meetingId, ...(await findMeetingIdsUsingAppid(deps.db, appid))]);
  for (const id of meetingIds) {
    try {
      await requireCan(deps, { userId: starterId, meetingId: id, action: 'wechat.settings' });
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
  return true;
}

/** api_query_auth: the account an authorisation code stands for. @throws WechatProviderError */
async function queryAuthorization(
  deps: Deps,
  component: ComponentCredentials,
  authCode: string,
): Promise<{ appid: string; refreshToken: string; funcInfo: number[] }> {
  const path = '/cgi-bin/component/api_query_auth';
  const answer = await callComponent(deps, component, path, {
    component_appid: component.appid,
    authorization_code: authCode,
  });
  const info = (answer.authorization_info ?? {}) as Record<string, unknown>;
  return {
    appid: requireString(info, 'authorizer_appid', path),
    refreshToken: requireString(info, 'authorizer_refresh_token', path),
    funcInfo: funcInfoIds(info.func_info),
  };
}

/**
 * GET /wechat/authorizes?meeting_id: the meeting's live authorisation, `[{ authorizer_appid, name,
 * authorized: 1 }]`, or `[]`.
 * @throws 404 meeting
 */
export async function listPlatformAuthorizations(
  deps: Deps,
  meetingId: string,
): Promise<{ results: WechatAuthorization[] }> {
  if (!(await findLiveMeetingById(deps.db, meetingId))) throw notFound('Meeting');
  const row = await findWechatSettingsRow(deps.db, meetingId);
  if (!row?.authorizerAppid || !row.authorizerRefreshTokenSealed) return { results: [] };
  return { results: [{ authorizer_appid: row.authorizerAppid, name: row.authorizerName, authorized: 1 }] };
}

/**
 * POST /wechat/component/events: an authorisation event WeChat pushes to the platform (always in safe
 * mode, encrypted for the platform's AppID; refused when plain, forged or older than 5 minutes):
 * - `component_verify_ticket`: stored (12 hours) for api_component_token;
 * - `unauthorized`: every meeting of that account forgets the authorisation ('not authorized', §8);
 * - `authorized` / `updateauthorized`: meetings already holding that account take the new refresh token
 *   and permission sets (api_query_auth); a first authorisation is stored by the callback instead.
 * Answers 'success' (WeChat's acknowledgement); 401 for a refused push; 404 when the platform is not
 * set up on this server. Never 5xx for any input; a failing WeChat call is logged and acknowledged.
 */
export async function answerComponentPush(
  deps: Deps,
  input: { query: Record<string, unknown>; body: string },
  onRefused: (refusal: PushRefusal) => void,
): Promise<PushAnswer> {
  const component = componentCredentialsOf(deps.config);
  if (!component) return plain(404, 'not set up');
  let message: Record<string, string>;
  try {
    const opened = openPush(
      { token: component.token, aesKey: component.aesKey, appid: component.appid },
      input.query,
      input.body,
      nowSeconds(),
    );
    if (!opened.isEncrypted) throw new PushRejected('plain push to the platform');
    message = opened.message;
  } catch (error) {
    if (!(error instanceof PushRejected)) throw error;
    onRefused({ reason: error.message });
    return plain(401, 'invalid signature');
  }
  const authorizerAppid = (message.AuthorizerAppid ?? '').slice(0, 64);
  switch (message.InfoType) {
    case 'component_verify_ticket': {
      const ticket = message.ComponentVerifyTicket ?? '';
      if (ticket !== '' && ticket.length <= 512) await storeVerifyTicket(deps, component.appid, ticket);
      break;
    }
    case 'unauthorized':
      if (authorizerAppid !== '') {
        await clearAuthorizationOfAppid(deps.db, authorizerAppid);
        await wechatTicketCacheOf(deps).drop(authorizerAppid, 'authorizer_access_token');
      }
      break;
    case 'authorized':
    case 'updateauthorized': {
      const code = message.AuthorizationCode ?? '';
      if (authorizerAppid === '' || code === '' || code.length > 512) break;
      if (!(await findAuthorizedRowOfAppid(deps.db, authorizerAppid))) break;
      try {
        const authorization = await queryAuthorization(deps, component, code);
        if (authorization.appid !== authorizerAppid) break;
        await updateAuthorizationOfAppid(deps.db, authorizerAppid, {
          authorizerRefreshTokenSealed: sealCredentials(
            authorization.refreshToken,
            credentialsKeyOf(deps.config),
          ),
          authorizerFuncInfo: authorization.funcInfo,
        });
        await wechatTicketCacheOf(deps).drop(authorizerAppid, 'authorizer_access_token');
      } catch (error) {
        if (!(error instanceof WechatProviderError)) throw error;
        onRefused({ reason: `updateauthorized not applied: ${error.message}` });
      }
      break;
    }
    default:
      break;
  }
  return plain(200, 'success');
}
