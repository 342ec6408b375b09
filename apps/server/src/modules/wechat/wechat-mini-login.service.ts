import type { LoginResult } from '@app/contracts';
import { type NormalisedPhone, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  isRefusedCode,
  type MiniSession,
  miniCodeSession,
  miniPhoneNumber,
} from '../../providers/wechat/mini-login-api.ts';
import { clientCredentialToken } from '../../providers/wechat/official-api.ts';
import { loginInvalid } from '../oauth/oauth.errors.ts';
import { findWechatUser, wechatBindHandBack } from '../oauth/oauth.service.ts';
import { assertLoginMethodOn } from '../oauth/sso.service.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { findOrCreateUserByPhone, signIn } from '../users/users.service.ts';
import { orWechatUnavailable, wechatSetupMissing } from './wechat.errors.ts';
import { findUserIdOfOpenid, rememberOpenid } from './wechat-login.repository.ts';
import {
  openSecret,
  requireWechatMeeting,
  type WechatDeps,
  wechatHttpOf,
  wechatTicketCacheOf,
} from './wechat-of-meeting.ts';
import type { MeetingWechatSettings } from './wechat-settings.repository.ts';

type Deps = WechatDeps;

/** Where the /bind page continues after a mini-program 4260 (the web app's own landing). */
const bindRedirect = '/';

/**
 * The meeting's mini-program AppID and AppSecret, chosen as miniApiOfMeeting chooses them: the
 * meeting's mini_appid with its opened secret, else WECHAT_MINI_APPID / WECHAT_MINI_SECRET.
 * @throws 409 wechat.not_configured
 */
function miniCredentialsOf(
  config: Config,
  settings: MeetingWechatSettings | null,
): { appid: string; secret: string } {
  const own = settings?.miniAppid ? openSecret(settings.miniSecretSealed, config) : null;
  const appid = own ? settings?.miniAppid : config.WECHAT_MINI_APPID;
  const secret = own ?? config.WECHAT_MINI_SECRET;
  if (!appid || !secret) throw wechatSetupMissing('The mini-program');
  return { appid, secret };
}

/** A WeChat call whose refused code is 401 'Login invalid' and whose other failures are 502 wechat.unavailable. */
async function askWechat<T>(work: () => Promise<T>): Promise<T> {
  return orWechatUnavailable(async () => {
    try {
      return await work();
    } catch (error) {
      if (!isRefusedCode(error)) throw error;
      const refused = loginInvalid();
      (refused as Error & { cause?: unknown }).cause = error;
      throw refused;
    }
  });
}

/** The user linked to this mini-program openid, or to its WeChat identity (unionid / a /bind link). */
async function linkedUser(db: Database, appid: string, session: MiniSession): Promise<UserRow | undefined> {
  const userId = await findUserIdOfOpenid(db, appid, session.openid);
  if (userId) {
    const user = await findUserById(db, userId);
    if (user) return user;
  }
  return findWechatUser(db, {
    openid: session.openid,
    unionid: session.unionid,
    nickname: '',
    headimgurl: '',
  });
}

/**
 * POST /tokens/wechat/mini (§7 Login inside the mini-program, §8 4260): signs in with the codes the
 * bridge page pages/webview/api/api hands back.
 * 1. WeChat first, nothing stored before: sns/jscode2session (meeting's mini-program) → openid,
 *    unionid; with `phoneCode`, wxa/business/getuserphonenumber → the phone WeChat verified (E.164
 *    via libphonenumber; a number our phone rule refuses counts as no phone).
 * 2. The user: the one linked to (mini appid, openid) or to the WeChat identity, else the holder of the
 *    verified phone — WeChat vouches for it — else a new user with that phone. The openid is then
 *    remembered (user_wechat_openids; the first link wins, so concurrent first logins of one openid
 *    end in one user).
 * 3. No linked user and no phone: the 4260 bind hand-back of POST /tokens/wechat.
 * @returns LoginResult (a session like the other /tokens/* logins)
 * @throws 404 not_found (meeting), 403 login.method_disabled, 409 wechat.not_configured, 401
 *   login.invalid (bad or used code), 502 wechat.unavailable, 400 code 4260, 403 account.disabled
 */
export async function loginWithWechatMini(
  deps: Deps,
  input: {
    meetingId: string;
    code: string;
    phoneCode: string | null;
    deviceId: string | null;
    userAgent: string | null;
  },
): Promise<LoginResult> {
  const { db, config } = deps;
  const meeting = await requireWechatMeeting(deps, input.meetingId);
  await assertLoginMethodOn(db, input.meetingId, 'wechat');
  const credentials = miniCredentialsOf(config, meeting.settings);
  const http = wechatHttpOf(config);
  const session = await askWechat(() => miniCodeSession(http, credentials, input.code));
  let phone: NormalisedPhone | null = null;
  if (input.phoneCode) {
    const token = clientCredentialToken(http, wechatTicketCacheOf(deps), credentials, 'mini_access_token');
    const verified = await askWechat(() => miniPhoneNumber(http, token, input.phoneCode ?? ''));
    phone = normalisePhone(verified.purePhoneNumber, verified.countryCode);
  }

  let user = await linkedUser(db, credentials.appid, session);
  if (!user && phone) user = await findOrCreateUserByPhone(db, phone);
  if (!user) {
    throw await wechatBindHandBack(db, {
      meetingId: input.meetingId,
      redirect: bindRedirect,
      identity: {
        openid: session.openid,
        unionid: session.unionid,
        nickname: '',
        headimgurl: '',
        appid: credentials.appid,
      },
    });
  }
  await rememberOpenid(db, {
    appid: credentials.appid,
    openid: session.openid,
    userId: user.id,
    unionid: session.unionid,
  });
  // Two first logins at once: the openid's primary key kept the first link; sign in its user.
  const ownerId = await findUserIdOfOpenid(db, credentials.appid, session.openid);
  if (ownerId && ownerId !== user.id) user = (await findUserById(db, ownerId)) ?? user;
  return signIn(deps, {
    user,
    meetingId: input.meetingId,
    method: 'wechat',
    deviceId: input.deviceId,
    userAgent: input.userAgent,
  });
}
