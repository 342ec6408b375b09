import { z } from 'zod';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Login methods of a meeting and its own single sign-on (§2 /login, /oauth/chinaief; §7 Login).
 * The meeting's console switches (meeting_wechat_settings.login_methods) decide what the login page
 * shows; the server refuses a switched-off method with 403 login.method_disabled.
 */

/** `1` shown, `0` hidden (switched off, or the method has no credentials on this server). */
const Shown = z.union([z.literal(0), z.literal(1)]);

/** The meeting's single sign-on button: its label per language (`{ zh, en, … }`). */
export const SsoButton = z.object({
  /** Button label by language code; the page picks its language, then en, then zh. */
  name: z.record(z.string(), z.string()),
});
export type SsoButton = z.infer<typeof SsoButton>;

/**
 * GET /oauth/providers: the methods the login page shows. Without `meeting_id` every method is
 * considered switched on and only server credentials decide (the answer of earlier versions).
 */
export const LoginMethodsShown = z.object({
  phone: Shown,
  email: Shown,
  exhibitor: Shown,
  /** WeChat web login inside WeChat (needs WECHAT_APPID / WECHAT_SECRET). */
  wechat: Shown,
  /**
   * Desktop "scan with WeChat" (§7 GET /wechat/service/qrcodes): the meeting offers WeChat and has an
   * official account to make the QR code (its own, the platform's authorised one, or the server's).
   */
  wechat_qr: Shown,
  google: Shown,
  facebook: Shown,
  /** The meeting's OpenID Connect sign-in (§2 /oauth/chinaief), or 0. */
  chinaief: z.union([z.literal(0), SsoButton]),
});
export type LoginMethodsShown = z.infer<typeof LoginMethodsShown>;

export const LoginMethodsQuery = z.object({ meeting_id: ObjectIdString.optional() });

/** The login methods a meeting can switch (console) and the server can refuse. */
export const LoginMethod = z.enum([
  'phone',
  'email',
  'exhibitor',
  'wechat',
  'google',
  'facebook',
  'chinaief',
]);
export type LoginMethod = z.infer<typeof LoginMethod>;

export const listLoginMethods = defineRoute({
  method: 'GET',
  path: '/oauth/providers',
  summary:
    "The login methods the meeting's login page shows: `{ phone, email, exhibitor, wechat, wechat_qr, google, facebook }` each 0 or 1, and `chinaief` = `{ name }` of the meeting's single sign-on or 0. A method is 1 when the meeting has it switched on and the server or meeting has its credentials. Without meeting_id only credentials decide. 404 when the meeting does not exist.",
  spec: '§7 Login, §2 /login, /oauth/chinaief',
  tags: ['auth'],
  isPublic: true,
  querystring: LoginMethodsQuery,
  response: LoginMethodsShown,
});
