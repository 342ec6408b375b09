import { z } from 'zod';
import { LoginResult } from '../users/users.contracts.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Sign-in inside the mini-program (§7 Login, §2 mini-program pages, §8 4260): the web app in the
 * mini-program's web view opens the bridge page pages/webview/api/api?action=login, which hands back
 * `mp_code` (wx.login) and `mp_phone_code` (the phone-number button) in the web view's address; the
 * web app sends both here.
 */
export const WechatMiniLoginBody = z.object({
  meeting_id: ObjectIdString,
  /** The wx.login code (single use, 5 minutes). */
  code: z.string().min(1).max(128),
  /** The getPhoneNumber button's code: WeChat vouches for the phone it stands for. */
  phone_code: z.string().min(1).max(128).optional(),
});
export type WechatMiniLoginBody = z.infer<typeof WechatMiniLoginBody>;

export const loginWithWechatMini = defineRoute({
  method: 'POST',
  path: '/tokens/wechat/mini',
  summary:
    "Signs in inside the mini-program: exchanges the wx.login `code` with WeChat (sns/jscode2session, the meeting's mini-program) for the person's openid, and `phone_code` for the phone WeChat verified. The user linked to that openid (or WeChat identity) signs in; else the user holding the verified phone; else a new user with it — the openid is remembered either way (LoginResult, like the other /tokens/* logins). Without a phone and without a linked user: 400 with code 4260 and `data: { ticket, nickname, avatar }` exactly like POST /tokens/wechat (continue with POST /tokens/wechat/bind). 401 login.invalid for a bad or used code; 403 login.method_disabled when the meeting switched WeChat off; 409 wechat.not_configured when no mini-program is set up; 502 wechat.unavailable ('Request failed') when WeChat fails; 404 for an unknown meeting.",
  spec: '§7 Login, §2 mini-program pages, §8 4260',
  tags: ['auth', 'wechat'],
  isPublic: true,
  body: WechatMiniLoginBody,
  response: LoginResult,
});
