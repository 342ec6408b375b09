import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for WeChat's server API (https://api.weixin.qq.com) for tests and benches (never
 * imported by the running server): client_credential access tokens, JS-SDK and card tickets,
 * follower info, string-scene QR codes, mini-program URL schemes, text security checks and web OAuth
 * code exchange (snsapi_base / snsapi_userinfo). It refuses what WeChat refuses — a wrong AppSecret
 * (40125), an unknown or expired access token (40001 / 42001), a used or unknown OAuth code (40029 /
 * 40163) — so the adapters' error paths are real.
 *
 * Tests prove caching with `calls` (requests per path) and switch failures with `fail(path, …)`:
 * a WeChat errcode, an HTTP 500 or a hang (no answer until closed). The third-party platform's endpoints plug in
 * through `extraRoutes`.
 *
 * As a process (browser tests may not import server code):
 * `node --import tsx apps/server/src/providers/wechat/fake-wechat-server.ts` prints one JSON line
 * `{ "url": …, "env": { WECHAT_APPID: … } }` and serves until terminated; control endpoints:
 * `POST {url}/_fake/followers` ({appid, openid, subscribe, nickname?, unionid?}),
 * `POST {url}/_fake/codes` ({appid, openid, unionid?} → {code}), `GET {url}/_fake/calls`.
 */

/** One parsed request as an extra route sees it. */
export type FakeWechatRequest = {
  method: string;
  url: URL;
  /** The raw body ('' for GET). */
  body: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  server: FakeWechatServer;
};

/** What a route answers: a JSON value (status 200 unless said) or a raw text. */
export type FakeWechatReply = { status?: number; json?: unknown; text?: string; contentType?: string };

export type FakeWechatHandler = (request: FakeWechatRequest) => FakeWechatReply | Promise<FakeWechatReply>;

/** A switched failure of one path: a WeChat errcode (HTTP 200), an HTTP status, or no answer. */
export type FakeWechatFailure = { errcode: number; errmsg?: string } | { status: number } | { hang: true };

/** A follower of an official account as cgi-bin/user/info answers it. */
export type FakeFollower = {
  openid: string;
  subscribe: 0 | 1;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
};

export type FakeWechatEnv = {
  WECHAT_APPID: string;
  WECHAT_SECRET: string;
  WECHAT_API_BASE: string;
  WECHAT_MINI_APPID: string;
  WECHAT_MINI_SECRET: string;
};

export type FakeWechatServer = {
  /** Base URL, e.g. http://127.0.0.1:41234 (the WECHAT_API_BASE). */
  url: string;
  env: FakeWechatEnv;
  /** Requests per path (e.g. calls['/cgi-bin/ticket/getticket']), since start or the last resetCalls(). */
  calls: Record<string, number>;
  /** Every request so far: path, query and parsed JSON body (secrets included: it is a fake). */
  requests: { path: string; query: Record<string, string>; json: unknown }[];
  resetCalls: () => void;
  /** Accept `appid` with `secret` for client_credential tokens and OAuth code exchange. */
  addApp: (appid: string, secret: string) => void;
  /** Make the next `times` requests to `path` fail (default: until clearFailures()). */
  fail: (path: string, failure: FakeWechatFailure, times?: number) => void;
  clearFailures: () => void;
  /** Invalidate every access token issued so far (the next API call with one answers 40001). */
  expireAccessTokens: () => void;
  /** How long tokens and tickets say they live (WeChat: 7200). */
  setExpiresIn: (seconds: number) => void;
  setFollower: (appid: string, follower: FakeFollower) => void;
  /** An OAuth code of `appid` for this WeChat user (single use, 5 minutes). */
  issueCode: (appid: string, user: { openid: string; unionid?: string; nickname?: string }) => string;
  /** msg_sec_check answers `risky` (label 20001) for a text containing any of these words. */
  riskyWords: string[];
  /** msg_sec_check answers `review` (label 21000) for a text containing any of these words. */
  reviewWords: string[];
  /** The string scenes QR codes were created for, oldest first. */
  qrScenes: string[];
  /** The token `appid` was last issued (for extra routes that check it). */
  accessTokenOf: (appid: string) => string | undefined;
  /** The AppID of a valid access token, or null (unknown / expired). */
  appidOfToken: (token: string) => string | null;
  close: () => Promise<void>;
};

export type StartFakeWechatOptions = {
  port?: number;
  host?: string;
  /** More routes by exact path (e.g. '/cgi-bin/component/api_component_token'); checked first. */
  extraRoutes?: Record<string, FakeWechatHandler>;
};

/** The fake's default official account and mini-program. */
export const fakeWechatApps = {
  official: { appid: 'wxfakeofficial0001', secret: 'fake-official-secret' },
  mini: { appid: 'wxfakemini0000001', secret: 'fake-mini-secret' },
} as const;

const randomToken = (bytes = 16) => randomBytes(bytes).toString('hex');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Starts the fake on a free port (or `port`). */
export async function startFakeWechatServer(options: StartFakeWechatOptions = {}): Promise<FakeWechatServer> {
  const host = options.host ?? '127.0.0.1';
  const secrets = new Map<string, string>([
    [fakeWechatApps.official.appid, fakeWechatApps.official.secret],
    [fakeWechatApps.mini.appid, fakeWechatApps.mini.secret],
  ]);
  const tokens = new Map<string, { appid: string; expiresAt: number }>();
  const latestToken = new Map<string, string>();
  const followers = new Map<string, FakeFollower>();
  const codes = new Map<
    string,
    { appid: string; openid: string; unionid?: string; nickname?: string; expiresAt: number; isUsed: boolean }
  >();
  const snsTokens = new Map<string, { openid: string; unionid?: string; nickname?: string }>();
  const failures = new Map<string, { failure: FakeWechatFailure; remaining: number }>();
  const hanging = new Set<ServerResponse>();
  let expiresIn = 7200;

  const err = (errcode: number, errmsg: string): FakeWechatReply => ({
    json: { errcode, errmsg: `${errmsg} rid: ${randomToken(4)}` },
  });
  const tokenApp = (token: string | null): string | null => {
    const issued = token ? tokens.get(token) : undefined;
    return issued && issued.expiresAt > Date.now() ? issued.appid : null;
  };
  /** The API call's AppID, or the 40001 / 42001 refusal. */
  const requireToken = (url: URL): string | FakeWechatReply => {
    const token = url.searchParams.get('access_token');
    const issued = token ? tokens.get(token) : undefined;
    if (!issued) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (issued.expiresAt <= Date.now()) return err(42001, 'access_token expired');
    return issued.appid;
  };

  const routes: Record<string, FakeWechatHandler> = {
    '/cgi-bin/token': ({ url }) => {
      const appid = url.searchParams.get('appid') ?? '';
      if (url.searchParams.get('grant_type') !== 'client_credential') return err(40002, 'invalid grant_type');
      const secret = secrets.get(appid);
      if (secret === undefined) return err(40013, 'invalid appid');
      if (url.searchParams.get('secret') !== secret) return err(40125, 'invalid appsecret');
      const token = `AT_${randomToken()}`;
      tokens.set(token, { appid, expiresAt: Date.now() + expiresIn * 1000 });
      latestToken.set(appid, token);
      return { json: { access_token: token, expires_in: expiresIn } };
    },
    '/cgi-bin/ticket/getticket': ({ url }) => {
      const appid = requireToken(url);
      if (typeof appid !== 'string') return appid;
      const type = url.searchParams.get('type');
      if (type !== 'jsapi' && type !== 'wx_card') return err(40097, 'invalid args');
      return {
        json: { errcode: 0, errmsg: 'ok', ticket: `${type}_${randomToken(24)}`, expires_in: expiresIn },
      };
    },
    '/cgi-bin/user/info': ({ url }) => {
      const appid = requireToken(url);
      if (typeof appid !== 'string') return appid;
      const openid = url.searchParams.get('openid') ?? '';
      if (!openid) return err(40003, 'invalid openid');
      const follower = followers.get(`${appid}:${openid}`);
      if (!follower) return err(40003, 'invalid openid');
      if (follower.subscribe === 0)
        return { json: { subscribe: 0, openid, ...(follower.unionid ? { unionid: follower.unionid } : {}) } };
      return {
        json: {
          subscribe: 1,
          openid,
          nickname: follower.nickname ?? '',
          headimgurl: follower.headimgurl ?? '',
          language: 'zh_CN',
          subscribe_time: Math.floor(Date.now() / 1000),
          ...(follower.unionid ? { unionid: follower.unionid } : {}),
        },
      };
    },
    '/cgi-bin/qrcode/create': ({ url, json }) => {
      const appid = requireToken(url);
      if (typeof appid !== 'string') return appid;
      const body = json as {
        expire_seconds?: number;
        action_name?: string;
        action_info?: { scene?: { scene_str?: string } };
      } | null;
      const scene = body?.action_info?.scene?.scene_str;
      if (body?.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64)
        return err(40097, 'invalid args');
      const expire = Math.min(Math.max(Number(body.expire_seconds ?? 30), 60), 2_592_000);
      const ticket = `gQ${randomToken(20)}`;
      state.qrScenes.push(scene);
      return { json: { ticket, expire_seconds: expire, url: `http://weixin.qq.com/q/${ticket}` } };
    },
    '/wxa/generatescheme': ({ url, json }) => {
      const appid = requireToken(url);
      if (typeof appid !== 'string') return appid;
      const body = json as {
        jump_wxa?: { path?: string; query?: string; env_version?: string };
        expire_type?: number;
        expire_interval?: number;
        is_expire?: boolean;
      } | null;
      if (!body?.jump_wxa?.path || body.jump_wxa.path.startsWith('/'))
        return err(40165, 'invalid weapp pagepath');
      if ((body.jump_wxa.query ?? '').length > 512) return err(40212, 'invalid query');
      if (
        body.expire_type === 1 &&
        !(Number(body.expire_interval) >= 1 && Number(body.expire_interval) <= 30)
      )
        return err(85400, 'invalid expire_interval');
      return { json: { errcode: 0, errmsg: 'ok', openlink: `weixin://dl/business/?t=${randomToken(6)}` } };
    },
    '/wxa/msg_sec_check': ({ url, json }) => {
      const appid = requireToken(url);
      if (typeof appid !== 'string') return appid;
      const body = json as { content?: string; version?: number; scene?: number; openid?: string } | null;
      if (body?.version !== 2 || !body.openid || ![1, 2, 3, 4].includes(Number(body.scene)))
        return err(40003, 'invalid args');
      const content = body.content ?? '';
      const verdict = state.riskyWords.some((word) => content.includes(word))
        ? { suggest: 'risky', label: 20001 }
        : state.reviewWords.some((word) => content.includes(word))
          ? { suggest: 'review', label: 21000 }
          : { suggest: 'pass', label: 100 };
      return {
        json: { errcode: 0, errmsg: 'ok', result: verdict, detail: [], trace_id: randomToken(8) },
      };
    },
    '/sns/oauth2/access_token': ({ url }) => {
      const appid = url.searchParams.get('appid') ?? '';
      const secret = secrets.get(appid);
      if (secret === undefined) return err(40013, 'invalid appid');
      if (url.searchParams.get('secret') !== secret) return err(40125, 'invalid appsecret');
      if (url.searchParams.get('grant_type') !== 'authorization_code')
        return err(40002, 'invalid grant_type');
      const code = codes.get(url.searchParams.get('code') ?? '');
      if (!code || code.appid !== appid || code.expiresAt < Date.now()) return err(40029, 'invalid code');
      if (code.isUsed) return err(40163, 'code been used');
      code.isUsed = true;
      const token = `SNS_${randomToken()}`;
      snsTokens.set(token, { openid: code.openid, unionid: code.unionid, nickname: code.nickname });
      return {
        json: {
          access_token: token,
          expires_in: 7200,
          refresh_token: `R_${randomToken()}`,
          openid: code.openid,
          scope: 'snsapi_base',
          ...(code.unionid ? { unionid: code.unionid } : {}),
        },
      };
    },
    '/sns/userinfo': ({ url }) => {
      const issued = snsTokens.get(url.searchParams.get('access_token') ?? '');
      if (!issued) return err(40001, 'invalid credential');
      if (url.searchParams.get('openid') !== issued.openid) return err(40003, 'invalid openid');
      return {
        json: {
          openid: issued.openid,
          nickname: issued.nickname ?? '',
          headimgurl: '',
          ...(issued.unionid ? { unionid: issued.unionid } : {}),
        },
      };
    },
  };

  const control: Record<string, FakeWechatHandler> = {
    '/_fake/followers': ({ json }) => {
      const { appid, ...follower } = json as FakeFollower & { appid: string };
      state.setFollower(appid, follower);
      return { json: { ok: 1 } };
    },
    '/_fake/codes': ({ json }) => {
      const { appid, ...user } = json as { appid: string; openid: string; unionid?: string };
      return { json: { code: state.issueCode(appid, user) } };
    },
    '/_fake/calls': () => ({ json: state.calls }),
  };

  let base = '';
  const state: FakeWechatServer = {
    url: '',
    env: {} as FakeWechatEnv,
    calls: {},
    requests: [],
    resetCalls: () => {
      for (const key of Object.keys(state.calls)) delete state.calls[key];
      state.requests.length = 0;
    },
    addApp: (appid, secret) => {
      secrets.set(appid, secret);
    },
    fail: (path, failure, times = Number.POSITIVE_INFINITY) => {
      failures.set(path, { failure, remaining: times });
    },
    clearFailures: () => failures.clear(),
    expireAccessTokens: () => tokens.clear(),
    setExpiresIn: (seconds) => {
      expiresIn = seconds;
    },
    setFollower: (appid, follower) => {
      followers.set(`${appid}:${follower.openid}`, { ...follower });
    },
    issueCode: (appid, user) => {
      const code = `CODE_${randomToken(10)}`;
      codes.set(code, { appid, ...user, expiresAt: Date.now() + 300_000, isUsed: false });
      return code;
    },
    riskyWords: ['FAKE_RISKY'],
    reviewWords: ['FAKE_REVIEW'],
    qrScenes: [],
    accessTokenOf: (appid) => latestToken.get(appid),
    appidOfToken: (token) => tokenApp(token),
    close: async () => {},
  };

  const send = (response: ServerResponse, reply: FakeWechatReply) => {
    const body = reply.text ?? JSON.stringify(reply.json ?? {});
    response.writeHead(reply.status ?? 200, {
      'content-type': reply.contentType ?? (reply.text === undefined ? 'application/json' : 'text/plain'),
    });
    response.end(body);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const body = await readBody(request);
      const json = parseJson(body);
      const path = url.pathname;
      if (path.startsWith('/_fake/')) {
        const handler = control[path];
        return send(
          response,
          handler
            ? await handler({ method: request.method ?? 'GET', url, body, json, server: state })
            : { status: 404, json: { error: 'not_found' } },
        );
      }
      state.calls[path] = (state.calls[path] ?? 0) + 1;
      state.requests.push({ path, query: Object.fromEntries(url.searchParams), json });
      const failing = failures.get(path);
      if (failing && failing.remaining > 0) {
        failing.remaining -= 1;
        if (failing.remaining <= 0) failures.delete(path);
        const { failure } = failing;
        if ('hang' in failure) {
          hanging.add(response);
          response.on('close', () => hanging.delete(response));
          return;
        }
        if ('status' in failure)
          return send(response, { status: failure.status, text: 'Internal Server Error' });
        return send(response, err(failure.errcode, failure.errmsg ?? 'failure'));
      }
      const handler = options.extraRoutes?.[path] ?? routes[path];
      if (!handler) return send(response, { status: 404, text: 'Not Found' });
      send(response, await handler({ method: request.method ?? 'GET', url, body, json, server: state }));
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, { status: 500, text: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;
  state.url = base;
  state.env = {
    WECHAT_APPID: fakeWechatApps.official.appid,
    WECHAT_SECRET: fakeWechatApps.official.secret,
    WECHAT_API_BASE: base,
    WECHAT_MINI_APPID: fakeWechatApps.mini.appid,
    WECHAT_MINI_SECRET: fakeWechatApps.mini.secret,
  };
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}

// Run as a process (browser tests): print the env as one JSON line, serve until terminated.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeWechatServer({ port: Number(process.env.FAKE_WECHAT_PORT ?? 0) });
  process.stdout.write(`${JSON.stringify({ url: fake.url, env: fake.env })}\n`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
