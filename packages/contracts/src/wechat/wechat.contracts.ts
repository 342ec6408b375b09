import { z } from 'zod';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The public WeChat API (§7 WeChat): JS-SDK and card signatures, follower info, the follow card,
 * mini-program URL schemes, text security checks and the openid of the meeting's AppID. Failures
 * common to all: 404 not_found (unknown meeting), 409 wechat.not_configured (no official account /
 * mini-program for the meeting), 403 wechat.not_authorized ('The official account is not
 * authorized', platform mode before an account authorised us), 502 wechat.unavailable ('Request
 * failed': WeChat answered an error or nothing within 10 s; nothing stored).
 */

/** The six §2 mini-program pages (app.json order), without a leading slash. */
export const miniProgramPages = [
  'pages/fu-h5/index',
  'pages/demand/pages/meeting/meeting',
  'pages/demand/pages/detail/detail',
  'pages/enterprise/pages/detail/detail',
  'pages/thread/pages/detail/detail',
  'pages/webview/api/api',
] as const;
export type MiniProgramPage = (typeof miniProgramPages)[number];

/** A page URL the JS-SDK is asked to sign: at most 2,048 characters (a fragment is ignored). */
export const wechatSignedUrlMax = 2_048;
/** The longest text POST /wechat/securities checks (WeChat's msg_sec_check takes ≤ 2,500 characters). */
export const wechatSecurityContentMax = 2_500;

export const WechatJssdkBody = z.object({
  meeting_id: ObjectIdString,
  /** The page's full URL (http or https), as `location.href`; the part after `#` is ignored. */
  url: z.string().min(1).max(wechatSignedUrlMax),
});
export type WechatJssdkBody = z.infer<typeof WechatJssdkBody>;

/** What `wx.config` needs (WeChat JS-SDK): AppID, unix-seconds timestamp, nonce, SHA-1 signature. */
export const WechatJssdkConfig = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type WechatJssdkConfig = z.infer<typeof WechatJssdkConfig>;

export const signWechatJssdk = defineRoute({
  method: 'POST',
  path: '/wechat/service/jssdk',
  summary:
    "The JS-SDK configuration for a page of this site inside WeChat: `{ appId, timestamp, nonceStr, signature }` signed with the meeting's official account's jsapi_ticket (cached 15 minutes, shared by every server). The URL must be http(s) on this site's host, the meeting's domain or an allowed web-view domain (400 wechat.url_not_allowed otherwise). Rate-limited per IP (429).",
  spec: '§7 WeChat POST /wechat/service/jssdk (cached 15 min), §9',
  tags: ['wechat'],
  isPublic: true,
  body: WechatJssdkBody,
  response: WechatJssdkConfig,
});

export const WechatCardTicketQuery = z.object({
  meeting_id: ObjectIdString,
  /** The card being added (addCard's cardExt); signed with the rest when given. */
  card_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'card_id is 1 to 64 letters, digits, _ or -')
    .optional(),
});
export type WechatCardTicketQuery = z.infer<typeof WechatCardTicketQuery>;

/**
 * The card API signature pieces (WeChat card JS-SDK): `signature` = SHA-1 of the sorted
 * concatenation of api_ticket, timestamp, nonce_str and card_id (when given); the ticket itself is
 * never sent.
 */
export const WechatCardSignature = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  cardId: z.string().nullable(),
  signature: z.string(),
});
export type WechatCardSignature = z.infer<typeof WechatCardSignature>;

export const getWechatCardTicket = defineRoute({
  method: 'GET',
  path: '/wechat/card/api/ticket',
  summary:
    "Card API signature pieces for the meeting's official account (`{ appId, timestamp, nonceStr, cardId, signature }`, signed with the wx_card api_ticket, cached 15 minutes; the ticket is not sent). Rate-limited per IP (429).",
  spec: '§7 WeChat GET /card/api/ticket',
  tags: ['wechat'],
  isPublic: true,
  querystring: WechatCardTicketQuery,
  response: WechatCardSignature,
});

export const WechatMeetingBody = z.object({ meeting_id: ObjectIdString });
export const WechatMeetingQuery = z.object({ meeting_id: ObjectIdString });

/** The caller as a follower of the meeting's official account (cgi-bin/user/info). */
export const WechatFollower = z.object({
  appid: z.string(),
  openid: z.string(),
  /** 1 follows the account, 0 does not. */
  subscribe: z.union([z.literal(0), z.literal(1)]),
  nickname: z.string(),
  headimgurl: z.string(),
});
export type WechatFollower = z.infer<typeof WechatFollower>;

export const getWechatServiceUser = defineRoute({
  method: 'POST',
  path: '/wechat/service/user',
  summary:
    "The logged-in caller as a follower of the meeting's official account: `{ appid, openid, subscribe, nickname, headimgurl }`, from the openid the caller has for that AppID (POST /wechat/openid, or their WeChat login). 401 without a session; 404 not_found when the caller has no openid for the account.",
  spec: '§7 WeChat POST /wechat/service/user, §3 User.wechat_credentials',
  tags: ['wechat'],
  isPublic: false,
  body: WechatMeetingBody,
  response: WechatFollower,
});

/** The follow card of a meeting (§7 GET /follow). */
export const WechatFollow = z.object({
  /** 1 when the logged-in caller follows the account; 0 when not, unknown or anonymous. */
  subscribe: z.union([z.literal(0), z.literal(1)]),
  /** The account's display name ('' when not set). */
  name: z.string(),
  /** The uploaded image of the account's follow QR code ('' when none). */
  qrcode_url: z.string(),
});
export type WechatFollow = z.infer<typeof WechatFollow>;

export const getWechatFollow = defineRoute({
  method: 'GET',
  path: '/wechat/service/follow',
  summary:
    "Whether the caller follows the meeting's official account, with the account's name and follow QR image for a follow card: `{ subscribe, name, qrcode_url }`. Open to visitors (the session is optional): subscribe is 0 for an anonymous caller, a caller without an openid for the account, or when WeChat cannot be asked (never an error for that).",
  spec: '§7 WeChat GET /follow',
  tags: ['wechat'],
  // Session optional: a caller's token is read (to know whether they follow), never required.
  isPublic: false,
  querystring: WechatMeetingQuery,
  response: WechatFollow,
});

export const WechatUrlSchemeBody = z.object({
  meeting_id: ObjectIdString,
  /** One of the six §2 mini-program pages (a leading slash is accepted). */
  path: z.string().max(128),
  /** The page's query string without `?` (≤ 512 characters, WeChat's limit). */
  query: z.string().max(512).default(''),
  /** Days the link stays valid (1 … 30, WeChat's longest; default 30). */
  expire_days: z.number().int().min(1).max(30).default(30),
});
export type WechatUrlSchemeBody = z.input<typeof WechatUrlSchemeBody>;

export const WechatUrlScheme = z.object({
  /** `weixin://dl/business/?t=…`: opens the mini-program page from a phone browser. */
  openlink: z.string(),
});
export type WechatUrlScheme = z.infer<typeof WechatUrlScheme>;

export const createWechatUrlScheme = defineRoute({
  method: 'POST',
  path: '/wechat/mini/urlschemes',
  summary:
    "A URL scheme (`weixin://dl/business/?t=…`) opening one of the six §2 mini-program pages of the meeting's mini-program: `{ openlink }`, valid `expire_days` (≤ 30). 400 validation for another path. Rate-limited per IP (429).",
  spec: '§7 WeChat POST /wechat/mini/urlschemes, §2 mini-program pages',
  tags: ['wechat'],
  isPublic: true,
  body: WechatUrlSchemeBody,
  response: WechatUrlScheme,
});

export const WechatSecurityBody = z.object({
  meeting_id: ObjectIdString,
  content: z.string().min(1).max(wechatSecurityContentMax),
  /** WeChat's scene: 1 profile, 2 comment, 3 forum post, 4 social log (default 2). */
  scene: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(2),
});
export type WechatSecurityBody = z.input<typeof WechatSecurityBody>;

export const WechatSecurityVerdict = z.object({
  result: z.enum(['pass', 'review', 'risky']),
  /** The §5 category of a risky text, when known. */
  category: z.string().optional(),
});
export type WechatSecurityVerdict = z.infer<typeof WechatSecurityVerdict>;

export const checkWechatSecurity = defineRoute({
  method: 'POST',
  path: '/wechat/securities',
  summary:
    "Checks a text before it is posted, through the moderation provider (WeChat's msg_sec_check with the caller's openid when MODERATION_PROVIDER=wechat, else the configured one) and the meeting's own word lists: `{ result: pass | review | risky, category? }`. Content ≤ 2,500 characters (400 validation). Rate-limited per IP (429).",
  spec: '§7 WeChat POST /wechat/securities, §5 sensitive content',
  tags: ['wechat'],
  // Session optional: the caller's openid is used when they are logged in.
  isPublic: false,
  body: WechatSecurityBody,
  response: WechatSecurityVerdict,
});

export const WechatOpenidBody = z.object({
  meeting_id: ObjectIdString,
  /** The `code` WeChat's OAuth page (snsapi_base) returned for the meeting's official account. */
  code: z.string().min(1).max(128),
});
export type WechatOpenidBody = z.infer<typeof WechatOpenidBody>;

/** One openid of the user (§3 User.wechat_credentials item). */
export const WechatCredential = z.object({ appid: z.string(), openid: z.string() });
export type WechatCredential = z.infer<typeof WechatCredential>;

export const bindWechatOpenid = defineRoute({
  method: 'POST',
  path: '/wechat/openid',
  summary:
    "Exchanges a WeChat OAuth code (snsapi_base) of the meeting's official account for the caller's openid of that AppID and keeps it (§3 User.wechat_credentials), as WeChat Pay and follower checks need: `{ appid, openid }`. 401 without a session; 409 conflict.already_used when the openid already belongs to another user; 502 wechat.unavailable for a code WeChat refuses (used, expired, forged).",
  spec: '§7 WeChat POST /wechat/openid, §3 User.wechat_credentials',
  tags: ['wechat'],
  isPublic: false,
  body: WechatOpenidBody,
  response: WechatCredential,
});
