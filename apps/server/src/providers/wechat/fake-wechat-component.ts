import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { XMLBuilder } from 'fast-xml-parser';
import { buildPush, eventXml, type PushKeys } from '../../modules/wechat/wechat-events.crypto.ts';
import type { FakeWechatHandler, FakeWechatReply, FakeWechatServer } from './fake-wechat-server.ts';

/**
 * The WeChat third-party platform ("component") side of the fake WeChat server, for tests (never
 * imported by the running server): plug `extraRoutes` into startFakeWechatServer. It refuses what
 * WeChat refuses — a wrong component secret or verify ticket, an unknown or expired component token
 * (40001), a used authorisation code, a wrong refresh token — and counts calls like the rest of the fake.
 *
 * The authorisation page itself (mp.weixin.qq.com) is a person's click: `approve(preAuthCode,
 * account)` stands for it and answers the `auth_code` WeChat appends to the redirect URI. Authorizer
 * access tokens are real tokens of the fake server (issued through its cgi-bin/token for the account),
 * so the official-account calls (qrcode/create, user/info) accept them.
 *
 * As a process (browser tests may not import server code), it prints one push as JSON
 * `{ "query": …, "body": … }` to POST to `/api/wechat/events/{appid}?{query}`:
 * `node --import tsx apps/server/src/providers/wechat/fake-wechat-component.ts scan <token> <appid>
 * <login_id> <openid> [aes_key]` (with an AES key: safe mode).
 */

/** The fake platform's credentials (WECHAT_COMPONENT_*), the AES key a valid 43-character key. */
export const fakeComponent = {
  appid: 'wxfakecomponent001',
  secret: 'fake-component-secret',
  token: 'fakecomponenttoken',
  aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
} as const;

/** The WECHAT_COMPONENT_* environment of the fake platform. */
export const fakeComponentEnv = {
  WECHAT_COMPONENT_APPID: fakeComponent.appid,
  WECHAT_COMPONENT_SECRET: fakeComponent.secret,
  WECHAT_COMPONENT_TOKEN: fakeComponent.token,
  WECHAT_COMPONENT_AES_KEY: fakeComponent.aesKey,
};

/** An official account that authorises the platform in a test. */
export type FakeAuthorizer = { appid: string; name: string; funcInfo?: number[]; userName?: string };

export type FakeWechatComponent = {
  extraRoutes: Record<string, FakeWechatHandler>;
  /** The verify ticket WeChat last pushed (api_component_token accepts only it). */
  verifyTicket: string;
  /** A fresh verify ticket as WeChat pushes it every 10 minutes (the one api_component_token accepts). */
  newVerifyTicket: () => string;
  /** The person approved `account` on WeChat's authorisation page: answers the `auth_code`. */
  approve: (preAuthCode: string, account: FakeAuthorizer) => string;
  /** Pre-auth codes issued, oldest first. */
  preAuthCodes: string[];
  /** The refresh token WeChat holds for an authorised account (undefined once revoked). */
  refreshTokenOf: (authorizerAppid: string) => string | undefined;
  /** Revoke the account's authorisation (api_authorizer_token then answers 61003). */
  revoke: (authorizerAppid: string) => void;
  /** Answer a new refresh token on the next api_authorizer_token of this account. */
  rotateRefreshToken: (authorizerAppid: string) => void;
  /** Invalidate every component access token issued so far. */
  expireComponentTokens: () => void;
};

const random = (bytes = 12) => randomBytes(bytes).toString('hex');
const err = (errcode: number, errmsg: string): FakeWechatReply => ({ json: { errcode, errmsg } });
const body = (json: unknown) => (json ?? {}) as Record<string, unknown>;

/** The component endpoints for startFakeWechatServer({ extraRoutes }). */
export function createFakeWechatComponent(credentials = fakeComponent): FakeWechatComponent {
  const componentTokens = new Set<string>();
  const preAuthCodes = new Set<string>();
  const authCodes = new Map<string, { account: FakeAuthorizer; isUsed: boolean }>();
  const accounts = new Map<string, FakeAuthorizer & { refreshToken: string; rotate: boolean }>();
  const secrets = new Map<string, string>();

  const requireComponentToken = (url: URL): FakeWechatReply | null => {
    const token = url.searchParams.get('component_access_token') ?? '';
    return componentTokens.has(token) ? null : err(40001, 'invalid component_access_token');
  };
  /** A real access token of the fake server for the authorised account. */
  const authorizerToken = async (server: FakeWechatServer, appid: string): Promise<string> => {
    let secret = secrets.get(appid);
    if (!secret) {
      secret = `authorizer-${random()}`;
      secrets.set(appid, secret);
      server.addApp(appid, secret);
    }
    const query = new URLSearchParams({ grant_type: 'client_credential', appid, secret });
    const answer = (await (await fetch(`${server.url}/cgi-bin/token?${query}`)).json()) as {
      access_token: string;
    };
    return answer.access_token;
  };
  const funcInfo = (account: FakeAuthorizer) =>
    (account.funcInfo ?? [1, 2, 3]).map((id) => ({ funcscope_category: { id } }));

  const state: FakeWechatComponent = {
    verifyTicket: `ticket@@@${random()}`,
    newVerifyTicket: () => {
      state.verifyTicket = `ticket@@@${random()}`;
      return state.verifyTicket;
    },
    approve: (preAuthCode, account) => {
      if (!preAuthCodes.has(preAuthCode)) throw new Error('unknown pre_auth_code');
      preAuthCodes.delete(preAuthCode);
      const code = `queryauthcode@@@${random()}`;
      authCodes.set(code, { account, isUsed: false });
      return code;
    },
    preAuthCodes: [],
    refreshTokenOf: (appid) => accounts.get(appid)?.refreshToken,
    revoke: (appid) => {
      accounts.delete(appid);
    },
    rotateRefreshToken: (appid) => {
      const account = accounts.get(appid);
      if (account) account.rotate = true;
    },
    expireComponentTokens: () => componentTokens.clear(),
    extraRoutes: {},
  };

  state.extraRoutes = {
    '/cgi-bin/component/api_component_token': ({ json }) => {
      const input = body(json);
      if (input.component_appid !== credentials.appid) return err(61004, 'invalid component_appid');
      if (input.component_appsecret !== credentials.secret) return err(40125, 'invalid appsecret');
      if (input.component_verify_ticket !== state.verifyTicket)
        return err(61006, 'component ticket is invalid');
      const token = `CAT_${random()}`;
      componentTokens.add(token);
      return { json: { component_access_token: token, expires_in: 7200 } };
    },
    '/cgi-bin/component/api_create_preauthcode': ({ url, json }) => {
      const refused = requireComponentToken(url);
      if (refused) return refused;
      if (body(json).component_appid !== credentials.appid) return err(61004, 'invalid component_appid');
      const code = `preauthcode@@@${random()}`;
      preAuthCodes.add(code);
      state.preAuthCodes.push(code);
      return { json: { pre_auth_code: code, expires_in: 1800 } };
    },
    '/cgi-bin/component/api_query_auth': async ({ url, json, server }) => {
      const refused = requireComponentToken(url);
      if (refused) return refused;
      const code = authCodes.get(String(body(json).authorization_code ?? ''));
      if (!code || code.isUsed) return err(61010, 'invalid authorization_code');
      code.isUsed = true;
      const refreshToken = `refreshtoken@@@${random()}`;
      accounts.set(code.account.appid, { ...code.account, refreshToken, rotate: false });
      return {
        json: {
          authorization_info: {
            authorizer_appid: code.account.appid,
            authorizer_access_token: await authorizerToken(server, code.account.appid),
            expires_in: 7200,
            authorizer_refresh_token: refreshToken,
            func_info: funcInfo(code.account),
          },
        },
      };
    },
    '/cgi-bin/component/api_authorizer_token': async ({ url, json, server }) => {
      const refused = requireComponentToken(url);
      if (refused) return refused;
      const input = body(json);
      const account = accounts.get(String(input.authorizer_appid ?? ''));
      if (!account) return err(61003, 'component is not authorized by this account');
      if (input.authorizer_refresh_token !== account.refreshToken)
        return err(61023, 'refresh_token is invalid');
      if (account.rotate) {
        account.refreshToken = `refreshtoken@@@${random()}`;
        account.rotate = false;
      }
      return {
        json: {
          authorizer_access_token: await authorizerToken(server, account.appid),
          expires_in: 7200,
          authorizer_refresh_token: account.refreshToken,
        },
      };
    },
    '/cgi-bin/component/api_get_authorizer_info': ({ url, json }) => {
      const refused = requireComponentToken(url);
      if (refused) return refused;
      const account = accounts.get(String(body(json).authorizer_appid ?? ''));
      if (!account) return err(61003, 'component is not authorized by this account');
      return {
        json: {
          authorizer_info: {
            nick_name: account.name,
            head_img: '',
            service_type_info: { id: 2 },
            verify_type_info: { id: 0 },
            user_name: account.userName ?? `gh_${account.appid.slice(-8)}`,
            principal_name: account.name,
            qrcode_url: '',
          },
          authorization_info: { authorizer_appid: account.appid, func_info: funcInfo(account) },
        },
      };
    },
  };
  return state;
}

const builder = new XMLBuilder({ cdataPropName: '__cdata' });

/** The keys WeChat uses for the fake platform's pushes. */
export const fakeComponentKeys: PushKeys = {
  token: fakeComponent.token,
  aesKey: fakeComponent.aesKey,
  appid: fakeComponent.appid,
};

/**
 * An authorisation-event push to POST /api/wechat/component/events, encrypted and signed as WeChat
 * sends it: `infoType` component_verify_ticket (with `ComponentVerifyTicket`), authorized,
 * updateauthorized (with `AuthorizerAppid`, `AuthorizationCode`) or unauthorized (`AuthorizerAppid`).
 * Answers the query string and the body.
 */
export function componentPush(
  infoType: 'component_verify_ticket' | 'authorized' | 'updateauthorized' | 'unauthorized',
  fields: Record<string, string>,
  options: { timestamp?: number; keys?: PushKeys } = {},
): { query: string; body: string } {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const keys = options.keys ?? fakeComponentKeys;
  const xml = builder.build({
    xml: {
      AppId: { __cdata: keys.appid },
      CreateTime: timestamp,
      InfoType: { __cdata: infoType },
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { __cdata: value }])),
    },
  }) as string;
  const push = buildPush(keys, xml, { isEncrypted: true, timestamp });
  return { query: new URLSearchParams(push.query).toString(), body: push.body };
}

/**
 * A scan push of a sign-in QR code to POST /api/wechat/events/{appid}, as WeChat sends it to the
 * official account's server: `SCAN` (a follower: EventKey `login_<id>`) or `subscribe` (a new
 * follower: `qrscene_login_<id>`), plain or in safe mode. Answers the query string and the body.
 */
export function scanPush(
  keys: PushKeys,
  input: {
    loginId: string;
    openid: string;
    isSubscribe?: boolean;
    isEncrypted?: boolean;
    timestamp?: number;
  },
): { query: string; body: string } {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const xml = eventXml({
    toUserName: 'gh_fakeaccount',
    fromUserName: input.openid,
    event: input.isSubscribe ? 'subscribe' : 'SCAN',
    eventKey: input.isSubscribe ? `qrscene_login_${input.loginId}` : `login_${input.loginId}`,
    createTime: timestamp,
  });
  // Like WeChat: an account with an EncodingAESKey (safe mode) pushes encrypted unless told otherwise.
  const push = buildPush(keys, xml, { isEncrypted: input.isEncrypted ?? Boolean(keys.aesKey), timestamp });
  return { query: new URLSearchParams(push.query).toString(), body: push.body };
}

// Run as a process: print one scan push (see the module comment).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, token, appid, loginId, openid, aesKey] = process.argv.slice(2);
  if (command !== 'scan' || !token || !appid || !loginId || !openid) {
    process.stderr.write(
      'usage: fake-wechat-component.ts scan <token> <appid> <login_id> <openid> [aes_key]\n',
    );
    process.exit(2);
  }
  const push = scanPush(
    { token, appid, aesKey: aesKey ?? null },
    { loginId, openid, isEncrypted: Boolean(aesKey) },
  );
  process.stdout.write(`${JSON.stringify(push)}\n`);
}
