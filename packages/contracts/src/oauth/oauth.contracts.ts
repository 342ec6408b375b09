import { z } from 'zod';
import { LoginResult } from '../users/users.contracts.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Third-party login providers (§7 Login: WeChat, Google and Facebook login; §2 /oauth/chinaief: the
 * meeting's own OpenID Connect sign-in, configured per meeting in meeting_sso_providers).
 */
export const OAuthProvider = z.enum(['wechat', 'google', 'facebook', 'chinaief']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/**
 * An SPA route to open after a login, e.g. `/my/index?meeting_id=…`. Only routes of this app: a
 * relative path starting with one '/', never '//' or '/\' (both would leave the site in a browser),
 * no control characters.
 */
export const SpaRedirect = z
  .string()
  .max(textLimits.url)
  .refine(
    (value) =>
      value.startsWith('/') &&
      !value.startsWith('//') &&
      !value.startsWith('/\\') &&
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      !/[\u0000-\u001f\u007f]/.test(value),
    'redirect must be a route of this app starting with a single /',
  );

export const OAuthAuthorizationBody = z.object({
  meeting_id: ObjectIdString,
  /** SPA route to open after the login; the login page's `redirect` query. */
  redirect: SpaRedirect.optional(),
});
export type OAuthAuthorizationBody = z.infer<typeof OAuthAuthorizationBody>;

export const createOAuthAuthorization = defineRoute({
  method: 'POST',
  path: '/oauth/:provider/authorizations',
  summary:
    "Starts a third-party login: answers the identity provider's authorization URL to navigate to (state, PKCE S256 and nonce kept server-side for 10 minutes, single use). The provider sends the browser back to GET /api/oauth/{provider}/callback, which opens /#/oauth2/authorize with the session (Google, Facebook, chinaief) or /#/oauth/authorize with `code` + `state` for POST /tokens/wechat. 404 provider.not_configured (chinaief: the meeting has no enabled single sign-on), 403 login.method_disabled when the meeting switched the method off, 404 when the meeting does not exist.",
  spec: '§7 Login, §2 /login',
  tags: ['auth'],
  isPublic: true,
  params: z.object({ provider: OAuthProvider }),
  body: OAuthAuthorizationBody,
  response: z.object({ url: z.string() }),
});

export const WechatLoginBody = z.object({
  /** `wechat_code` the callback put into the /#/login query. */
  code: z.string().min(1).max(textLimits.token),
  /** `state` the callback put into the /#/login query. */
  state: z.string().min(1).max(textLimits.token),
  meeting_id: ObjectIdString,
});
export type WechatLoginBody = z.infer<typeof WechatLoginBody>;

/** The `data` of the 4260 answer of POST /tokens/wechat (§8): what /bind needs to continue. */
export const WechatBindHandBack = z.object({
  /** Single-use ticket for POST /tokens/wechat/bind, valid 15 minutes. */
  ticket: z.string(),
  nickname: z.string(),
  /** WeChat head image URL, '' when none. */
  avatar: z.string(),
});
export type WechatBindHandBack = z.infer<typeof WechatBindHandBack>;

export const loginWithWechat = defineRoute({
  method: 'POST',
  path: '/tokens/wechat',
  summary:
    'WeChat web login: exchanges the code of the WeChat callback. A WeChat identity linked to a user logs in (LoginResult); an unknown one answers 400 with code 4260 and `data: { ticket, nickname, avatar }` so the login page continues to /bind (§8). 401 login.invalid for a bad, used or expired state or a code WeChat refuses; 404 provider.not_configured.',
  spec: '§7 Login, §8 4260',
  tags: ['auth'],
  isPublic: true,
  body: WechatLoginBody,
  response: LoginResult,
});

export const WechatBindBody = z.object({
  /** `data.ticket` of the 4260 answer. */
  ticket: z.string().min(1).max(textLimits.token),
  phone: z.string().max(textLimits.phone),
  area_code: z.string().max(textLimits.areaCode).default('86'),
  /** SMS code sent with POST /texts/code purpose `bind`. */
  code: z.string().max(textLimits.code),
  meeting_id: ObjectIdString,
});
export type WechatBindBody = z.infer<typeof WechatBindBody>;

export const bindWechatPhone = defineRoute({
  method: 'POST',
  path: '/tokens/wechat/bind',
  summary:
    "Finishes a WeChat login that answered 4260: proves a phone with its SMS code (purpose `bind`), links the WeChat identity to that phone's user (created when new; name and avatar taken from WeChat when empty) and logs in. 400 phone.invalid / code.invalid; 401 login.invalid for an unknown, used, expired or other meeting's ticket; 403 login.method_disabled when the meeting switched WeChat login off.",
  spec: '§2 /bind, §7 Login, §8 4260',
  tags: ['auth'],
  isPublic: true,
  body: WechatBindBody,
  response: LoginResult,
});
