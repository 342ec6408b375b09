import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  type FakeWechatHandler,
  type FakeWechatReply,
  fakeWechatApps,
  startFakeWechatServer,
} from './fake-wechat-server.ts';

/**
 * The mini-program sign-in endpoints of the fake WeChat (tests only, never imported by the running
 * server): sns/jscode2session (a wx.login code → openid/unionid, single use, refusing a wrong
 * AppSecret with 40125 and a bad or used code with 40029 / 40163) and wxa/business/getuserphonenumber
 * (a phone button's code → phone_info, with the mini-program's access token). Plug `extraRoutes`
 * into startFakeWechatServer.
 *
 * As a process (browser tests): `node --import tsx …/fake-wechat-mini.ts` prints one JSON line
 * `{ url, env }` like fake-wechat-server.ts; `POST {url}/_mini/codes` ({appid?, openid, unionid?,
 * phone?: {purePhoneNumber, countryCode}}) → {code, phone_code?}.
 */

export type FakeMiniUser = { openid: string; unionid?: string };
export type FakeMiniPhone = { purePhoneNumber: string; countryCode: string };

export type FakeWechatMini = {
  extraRoutes: Record<string, FakeWechatHandler>;
  /** A wx.login code of `appid` for this person (single use). */
  issueLoginCode: (user: FakeMiniUser, appid?: string) => string;
  /** A phone button code for this verified phone (single use). */
  issuePhoneCode: (phone: FakeMiniPhone) => string;
};

const err = (errcode: number, errmsg: string): FakeWechatReply => ({ json: { errcode, errmsg } });
const randomCode = () => randomBytes(12).toString('hex');

/** The fake mini-program sign-in; `secrets` are the AppSecrets jscode2session accepts. */
export function createFakeWechatMini(
  secrets: Record<string, string> = { [fakeWechatApps.mini.appid]: fakeWechatApps.mini.secret },
): FakeWechatMini {
  const loginCodes = new Map<string, FakeMiniUser & { appid: string; isUsed: boolean }>();
  const phoneCodes = new Map<string, FakeMiniPhone & { isUsed: boolean }>();
  const mini: FakeWechatMini = {
    issueLoginCode: (user, appid = fakeWechatApps.mini.appid) => {
      const code = randomCode();
      loginCodes.set(code, { ...user, appid, isUsed: false });
      return code;
    },
    issuePhoneCode: (phone) => {
      const code = randomCode();
      phoneCodes.set(code, { ...phone, isUsed: false });
      return code;
    },
    extraRoutes: {
      '/sns/jscode2session': ({ url }) => {
        const appid = url.searchParams.get('appid') ?? '';
        if (secrets[appid] === undefined) return err(40013, 'invalid appid');
        if (url.searchParams.get('secret') !== secrets[appid]) return err(40125, 'invalid appsecret');
        if (url.searchParams.get('grant_type') !== 'authorization_code')
          return err(40002, 'invalid grant_type');
        const entry = loginCodes.get(url.searchParams.get('js_code') ?? '');
        if (!entry || entry.appid !== appid) return err(40029, 'invalid code');
        if (entry.isUsed) return err(40163, 'code been used');
        entry.isUsed = true;
        return {
          json: {
            openid: entry.openid,
            session_key: randomBytes(16).toString('base64'),
            ...(entry.unionid ? { unionid: entry.unionid } : {}),
          },
        };
      },
      '/wxa/business/getuserphonenumber': ({ url, json, server }) => {
        const appid = server.appidOfToken(url.searchParams.get('access_token') ?? '');
        if (!appid) return err(40001, 'invalid credential');
        const code = (json as { code?: unknown } | null)?.code;
        const entry = typeof code === 'string' ? phoneCodes.get(code) : undefined;
        if (!entry || entry.isUsed) return err(40029, 'invalid code');
        entry.isUsed = true;
        const { purePhoneNumber, countryCode } = entry;
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            phone_info: {
              phoneNumber: countryCode === '86' ? purePhoneNumber : `+${countryCode}${purePhoneNumber}`,
              purePhoneNumber,
              countryCode,
              watermark: { timestamp: Math.floor(Date.now() / 1000), appid },
            },
          },
        };
      },
      '/_mini/codes': ({ json }) => {
        const body = json as (FakeMiniUser & { appid?: string; phone?: FakeMiniPhone }) | null;
        if (!body?.openid) return { status: 400, json: { error: 'openid required' } };
        return {
          json: {
            code: mini.issueLoginCode({ openid: body.openid, unionid: body.unionid }, body.appid),
            ...(body.phone ? { phone_code: mini.issuePhoneCode(body.phone) } : {}),
          },
        };
      },
    },
  };
  return mini;
}

// Run as a process (browser tests): the fake WeChat with the mini-program routes, env as one JSON line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mini = createFakeWechatMini();
  const fake = await startFakeWechatServer({ extraRoutes: mini.extraRoutes });
  process.stdout.write(`${JSON.stringify({ url: fake.url, env: fake.env })}\n`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
