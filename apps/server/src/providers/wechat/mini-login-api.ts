import { type AccessTokenSource, withAccessToken } from './official-api.ts';
import { WechatProviderError } from './wechat.ts';
import { callWechat, requireString, type WechatHttpOptions } from './wechat-http.ts';

/** errcodes of sns/jscode2session and getuserphonenumber meaning the code is bad, used or expired. */
export const refusedCodeErrcodes: ReadonlySet<number> = new Set([40029, 40163, 40226, 45011]);

/** True when WeChat refused the person's code itself (→ 401 'Login invalid'), not failed as a service. */
export function isRefusedCode(error: unknown): boolean {
  return (
    error instanceof WechatProviderError && error.errcode !== null && refusedCodeErrcodes.has(error.errcode)
  );
}

/** Who a mini-program login code (wx.login) belongs to. */
export type MiniSession = { openid: string; unionid: string | null };

/** The phone WeChat verified for the person (getPhoneNumber button). */
export type MiniPhone = { purePhoneNumber: string; countryCode: string };

/**
 * sns/jscode2session (§7 Login in the mini-program): exchanges a `wx.login` code of the mini-program
 * `appid` (with its AppSecret) for the person's openid and, when the mini-program is bound to an
 * open-platform account, unionid. The session_key is not kept: the server never decrypts
 * client-side data (the phone comes from getuserphonenumber).
 * @throws WechatProviderError (errcode 40029 / 40163 for a bad or used code: see isRefusedCode)
 */
export async function miniCodeSession(
  http: WechatHttpOptions,
  credentials: { appid: string; secret: string },
  code: string,
): Promise<MiniSession> {
  const path = '/sns/jscode2session';
  const answer = await callWechat(http, path, {
    appid: credentials.appid,
    secret: credentials.secret,
    js_code: code,
    grant_type: 'authorization_code',
  });
  const unionid = typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null;
  return { openid: requireString(answer, 'openid', path), unionid };
}

/**
 * wxa/business/getuserphonenumber: the phone number WeChat verified for the person who tapped the
 * mini-program's phone button (its one-time `code`), with the mini-program's access token (shared
 * ticket cache; a stale token is dropped and retried once).
 * @throws WechatProviderError (errcode 40029 for a bad code: see isRefusedCode)
 */
export function miniPhoneNumber(
  http: WechatHttpOptions,
  accessToken: AccessTokenSource,
  code: string,
): Promise<MiniPhone> {
  const path = '/wxa/business/getuserphonenumber';
  return withAccessToken(accessToken, async (token) => {
    const answer = await callWechat(http, path, { access_token: token }, { code });
    const info = answer.phone_info as Record<string, unknown> | undefined;
    const pure = typeof info?.purePhoneNumber === 'string' ? info.purePhoneNumber : '';
    const country =
      typeof info?.countryCode === 'string' ? info.countryCode : String(info?.countryCode ?? '');
    if (pure === '' || country === '')
      throw new WechatProviderError(`WeChat ${path} answered without phone_info`);
    return { purePhoneNumber: pure, countryCode: country };
  });
}
