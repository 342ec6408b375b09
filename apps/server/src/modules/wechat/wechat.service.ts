import {
  ErrorCode,
  type MiniProgramPage,
  miniProgramPages,
  type WechatCardSignature,
  type WechatCredential,
  type WechatFollow,
  type WechatFollower,
  type WechatJssdkConfig,
  type WechatSecurityVerdict,
} from '@app/contracts';
import { isAllowedWebviewHost } from '@app/domain/webview';
import { AppError, notFound } from '../../errors.ts';
import { moderationProviderOf } from '../../providers/moderation/create-moderation-provider.ts';
import { createLocalModerationProvider } from '../../providers/moderation/local-moderation.ts';
import type { ModerationProvider } from '../../providers/moderation/moderation.ts';
import { createWechatModerationProvider } from '../../providers/moderation/wechat-moderation.ts';
import { cardSignature, jssdkSignature, signatureNonce } from '../../providers/wechat/jssdk-signature.ts';
import { withAccessToken } from '../../providers/wechat/official-api.ts';
import type { WechatMiniApi } from '../../providers/wechat/wechat.ts';
import { callWechat, requireString } from '../../providers/wechat/wechat-http.ts';
import { checkOneText } from '../moderation/moderation.service.ts';
import { webviewDomains } from '../site/site.static-lists.ts';
import { orWechatUnavailable, wechatUrlNotAllowed } from './wechat.errors.ts';
import {
  miniApiOfSettings,
  officialAccountOf,
  officialApiOfSettings,
  requireWechatMeeting,
  type WechatDeps,
  wechatHttpOf,
} from './wechat-of-meeting.ts';
import { componentAccessToken, requireComponent } from './wechat-platform.tokens.ts';
import { findOpenidOfUser, saveOpenid, type WechatMeeting } from './wechat-settings.repository.ts';

/** Unix seconds now (the JS-SDK and card signatures' timestamp). */
const unixSeconds = () => Math.floor(Date.now() / 1000);

/**
 * True when the JS-SDK may be signed for `url` (§7 POST /wechat/service/jssdk): an http(s) URL
 * without credentials whose host is this site's (PUBLIC_URL), the meeting's own domain, or on the
 * allowed web-view domains (WEBVIEW_DOMAINS, `*.` wildcards).
 */
export function isSignableUrl(
  deps: WechatDeps,
  meeting: Pick<WechatMeeting, 'domain'>,
  url: string,
): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these, so they could hide a host
  if (/[\u0000-\u0020\u007f\\]/.test(url) || !/^https?:\/\/[^/]/i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  const hosts = webviewDomains(deps.config);
  if (meeting.domain) hosts.push(meeting.domain.toLowerCase());
  return isAllowedWebviewHost(parsed.hostname, hosts);
}

/**
 * POST /wechat/service/jssdk: the `wx.config` pieces for a page of this site — the meeting's official
 * account's AppID, a unix-seconds timestamp, a random nonce and the SHA-1 signature over the cached
 * jsapi_ticket (15 minutes, §9) and the URL without its fragment.
 * @throws 404 not_found (meeting); 400 wechat.url_not_allowed; 409 wechat.not_configured; 403
 *   wechat.not_authorized; 502 wechat.unavailable
 */
export async function signJssdk(
  deps: WechatDeps,
  input: { meetingId: string; url: string },
): Promise<WechatJssdkConfig> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  if (!isSignableUrl(deps, meeting, input.url)) throw wechatUrlNotAllowed();
  const api = officialApiOfSettings(deps, meeting.settings);
  const jsapiTicket = await orWechatUnavailable(() => api.jsapiTicket());
  const timestamp = unixSeconds();
  const nonceStr = signatureNonce();
  return {
    appId: api.appid,
    timestamp,
    nonceStr,
    signature: jssdkSignature({ jsapiTicket, nonceStr, timestamp, url: input.url }),
  };
}

/**
 * GET /wechat/card/api/ticket: card API signature pieces — SHA-1 of the sorted api_ticket (wx_card,
 * cached 15 minutes), timestamp, nonce and card id when given. The ticket itself is not answered.
 * @throws 404 not_found; 409 wechat.not_configured; 403 wechat.not_authorized; 502 wechat.unavailable
 */
export async function signCard(
  deps: WechatDeps,
  input: { meetingId: string; cardId: string | null },
): Promise<WechatCardSignature> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  const api = officialApiOfSettings(deps, meeting.settings);
  const apiTicket = await orWechatUnavailable(() => api.cardTicket());
  const timestamp = unixSeconds();
  const nonceStr = signatureNonce();
  return {
    appId: api.appid,
    timestamp,
    nonceStr,
    cardId: input.cardId,
    signature: cardSignature([apiTicket, String(timestamp), nonceStr, input.cardId ?? '']),
  };
}

/**
 * POST /wechat/service/user: the logged-in caller as a follower of the meeting's official account,
 * from their openid of that AppID.
 * @throws 404 not_found (meeting, or the caller has no openid for the account); 409
 *   wechat.not_configured; 403 wechat.not_authorized; 502 wechat.unavailable
 */
export async function followerOfCaller(
  deps: WechatDeps,
  input: { meetingId: string; userId: string },
): Promise<WechatFollower> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  const api = officialApiOfSettings(deps, meeting.settings);
  const openid = await findOpenidOfUser(deps.db, {
    userId: input.userId,
    appid: api.appid,
    loginAppid: deps.config.WECHAT_APPID,
  });
  if (!openid) throw notFound('WeChat openid');
  const info = await orWechatUnavailable(() => api.userInfo(openid));
  return {
    appid: api.appid,
    openid,
    subscribe: info.subscribe,
    nickname: info.nickname,
    headimgurl: info.headimgurl,
  };
}

/**
 * GET /wechat/service/follow: the follow card — the account's name and uploaded follow QR image, and
 * whether the caller follows it. Public and forgiving: subscribe is 0 for an anonymous caller, a caller
 * without an openid for the account, a meeting without an account, or when WeChat fails.
 * @throws 404 not_found (meeting)
 */
export async function followCard(
  deps: WechatDeps,
  input: { meetingId: string; userId: string | null },
): Promise<WechatFollow> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  const settings = meeting.settings;
  const name = settings?.officialName || settings?.authorizerName || '';
  const card = { name, qrcode_url: settings?.officialQrcodeUrl ?? '' };
  if (!input.userId) return { subscribe: 0, ...card };
  try {
    const api = officialApiOfSettings(deps, settings);
    const openid = await findOpenidOfUser(deps.db, {
      userId: input.userId,
      appid: api.appid,
      loginAppid: deps.config.WECHAT_APPID,
    });
    if (!openid) return { subscribe: 0, ...card };
    const info = await api.userInfo(openid);
    return { subscribe: info.subscribe, ...card };
  } catch {
    // No account, not authorised, or WeChat failed: the card still shows (§7 GET /follow).
    return { subscribe: 0, ...card };
  }
}

/** The §2 mini-program page of `path` (a leading slash allowed), or null when it is not one of the six. */
export function miniProgramPageOf(path: string): MiniProgramPage | null {
  const page = path.replace(/^\/+/, '').split('?')[0] ?? '';
  return (miniProgramPages as readonly string[]).includes(page) ? (page as MiniProgramPage) : null;
}

/**
 * POST /wechat/mini/urlschemes: a `weixin://dl/business/?t=…` link opening one of the six §2
 * mini-program pages with `query`, valid `expireDays` (1 … 30).
 * @throws 400 validation_failed (another page, or a query with control characters); 404 not_found;
 *   409 wechat.not_configured (no mini-program); 502 wechat.unavailable
 */
export async function createUrlScheme(
  deps: WechatDeps,
  input: { meetingId: string; path: string; query: string; expireDays: number },
): Promise<{ openlink: string }> {
  const page = miniProgramPageOf(input.path);
  if (!page)
    throw new AppError(400, ErrorCode.validation, 'Not a mini-program page', [
      { path: 'path', message: `one of ${miniProgramPages.join(', ')}` },
    ]);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a query is printable text
  if (/[\u0000-\u001f\u007f\s#]/.test(input.query))
    throw new AppError(400, ErrorCode.validation, 'The query may not hold spaces, # or control characters', [
      { path: 'query', message: 'printable, without spaces or #' },
    ]);
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  const mini = miniApiOfSettings(deps, meeting.settings);
  const openlink = await orWechatUnavailable(() =>
    mini.generateScheme({ path: page, query: input.query, expireSeconds: input.expireDays * 86_400 }),
  );
  return { openlink };
}

/**
 * POST /wechat/securities: a text's verdict before it is posted (§5 sensitive content): the meeting's
 * own word lists and meaningless check, then the provider — with MODERATION_PROVIDER=wechat, WeChat's
 * msg_sec_check for the caller's openid of the mini-program (the local lists when the caller has none
 * or no mini-program is set up); otherwise the configured provider. A provider failure is 'review'.
 * allow → pass, review → review, reject → risky with its §5 category.
 * @throws 404 not_found (meeting)
 */
export async function checkSecurity(
  deps: WechatDeps,
  input: { meetingId: string; userId: string | null; content: string; scene: 1 | 2 | 3 | 4 },
): Promise<WechatSecurityVerdict> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  let provider: ModerationProvider = moderationProviderOf(deps.config);
  if (deps.config.MODERATION_PROVIDER === 'wechat') {
    let mini: WechatMiniApi | null = null;
    try {
      mini = miniApiOfSettings(deps, meeting.settings);
    } catch {
      mini = null;
    }
    const openid =
      mini && input.userId
        ? await findOpenidOfUser(deps.db, { userId: input.userId, appid: mini.appid, loginAppid: undefined })
        : null;
    provider = mini
      ? createWechatModerationProvider({
          mini,
          openid,
          scene: input.scene,
          fallback: createLocalModerationProvider(),
        })
      : createLocalModerationProvider();
  }
  const verdict = await checkOneText({ db: deps.db, provider }, meeting.id, input.content);
  if (verdict.verdict === 'allow') return { result: 'pass' };
  if (verdict.verdict === 'review') return { result: 'review' };
  return verdict.category ? { result: 'risky', category: verdict.category } : { result: 'risky' };
}

/**
 * POST /wechat/openid: exchanges a WeChat OAuth code (snsapi_base) of the meeting's official account
 * for the caller's openid of that AppID (sns/oauth2/access_token) and keeps it (§3
 * User.wechat_credentials). Keeping it again is a no-op.
 * @throws 409 conflict.already_used when the openid belongs to another user (nothing changed); 404
 *   not_found; 409 wechat.not_configured; 403 wechat.not_authorized; 502 wechat.unavailable for a code
 *   WeChat refuses
 */
export async function bindOpenid(
  deps: WechatDeps,
  input: { meetingId: string; userId: string; code: string },
): Promise<WechatCredential> {
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  const account = officialAccountOf(deps, meeting.settings);
  const { secret } = account;
  const http = wechatHttpOf(deps.config);
  const query = { appid: account.appid, code: input.code, grant_type: 'authorization_code' };
  // Our own account signs the exchange with its AppSecret; an account that authorised the third-party
  // platform exchanges through the platform (sns/oauth2/component/access_token).
  const path = secret ? '/sns/oauth2/access_token' : '/sns/oauth2/component/access_token';
  const answer = await orWechatUnavailable(async () => {
    if (secret) return callWechat(http, path, { ...query, secret });
    const component = requireComponent(deps.config);
    return withAccessToken(componentAccessToken(deps, component), (token) =>
      callWechat(http, path, { ...query, component_appid: component.appid, component_access_token: token }),
    );
  });
  const openid = await orWechatUnavailable(async () => requireString(answer, 'openid', path));
  const unionid = typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null;
  const owner = await saveOpenid(deps.db, { appid: account.appid, openid, userId: input.userId, unionid });
  if (owner !== input.userId)
    throw new AppError(409, ErrorCode.alreadyUsed, 'This WeChat account is linked to another user', [
      { path: 'code', message: 'the openid belongs to another user' },
    ]);
  return { appid: account.appid, openid };
}
