import { WechatProviderError } from './wechat.ts';

/** WeChat's documented answer time budget for our calls (DESIGN §8: 10 s, then 502 wechat.unavailable). */
export const wechatTimeoutMs = 10_000;

/**
 * The budget of a WeChat call made while a token/ticket row is locked (ms): shorter than the 10 s
 * default, so other replicas waiting on the row (3 s lock wait) are not held long.
 */
export const lockedCallTimeoutMs = 4_000;

/** `options` with at most lockedCallTimeoutMs per call (for fetches inside the cache's row lock). */
export const insideLock = <T extends WechatHttpOptions>(options: T): T & { timeoutMs: number } => ({
  ...options,
  timeoutMs: Math.min(options.timeoutMs ?? wechatTimeoutMs, lockedCallTimeoutMs),
});

/** errcodes meaning the access token is invalid or expired: drop it and retry once with a fresh one. */
export const staleTokenErrcodes: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/** True when `error` is WeChat saying the access token used is no longer valid. */
export function isStaleTokenError(error: unknown): boolean {
  return (
    error instanceof WechatProviderError && error.errcode !== null && staleTokenErrcodes.has(error.errcode)
  );
}

export type WechatHttpOptions = {
  /** e.g. https://api.weixin.qq.com (WECHAT_API_BASE), no trailing slash needed. */
  apiBase: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * Calls one WeChat server API and answers its JSON body.
 * - `path`: e.g. '/cgi-bin/ticket/getticket'; `query`: URL parameters (may hold the access token or
 *   the AppSecret — neither ever appears in an error);
 * - `body`: sent as JSON with POST when given, else GET.
 * @throws WechatProviderError on a network error, the timeout, an HTTP status ≠ 2xx, a body that is
 *   not a JSON object, or `errcode` ≠ 0 (carries errcode and WeChat's errmsg).
 */
export async function callWechat<T extends Record<string, unknown>>(
  options: WechatHttpOptions,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const url = new URL(options.apiBase.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? wechatTimeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new WechatProviderError(`WeChat ${path} ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new WechatProviderError(`WeChat ${path} answered HTTP ${response.status}`);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new WechatProviderError(`WeChat ${path} answered a body that is not JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new WechatProviderError(`WeChat ${path} answered a body that is not a JSON object`);
  const answer = parsed as Record<string, unknown>;
  const errcode = typeof answer.errcode === 'number' ? answer.errcode : 0;
  if (errcode !== 0) {
    const errmsg = typeof answer.errmsg === 'string' ? answer.errmsg.slice(0, 200) : '';
    throw new WechatProviderError(`WeChat ${path} errcode ${errcode}: ${errmsg}`, errcode);
  }
  return answer as T;
}

/** A string field of a WeChat answer, or a WechatProviderError naming what is missing. */
export function requireString(answer: Record<string, unknown>, field: string, path: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || value === '')
    throw new WechatProviderError(`WeChat ${path} answered without ${field}`);
  return value;
}

/** WeChat's `expires_in` (seconds) or its documented default 7200 when absent or not a number. */
export function expiresInOf(answer: Record<string, unknown>): number {
  const value = Number(answer.expires_in);
  return Number.isFinite(value) && value > 0 ? value : 7200;
}
