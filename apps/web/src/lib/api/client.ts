import type { ErrorCode } from '@app/contracts/wire/errors.ts';
import { isInvalidObjectIdMessage } from '@app/contracts/wire/ids.ts';
import { appVersion, timing } from '@app/contracts/wire/limits.ts';
import { signRequest } from './sign-request.ts';

/**
 * The one HTTP client of the web app (§7, DESIGN §3): signs every request (`Apikey`), adds the device,
 * client, version and token headers, serialises JSON `query`/`sort` objects, unwraps `{ results }`,
 * applies the first-item rule of GETs by `_id`, de-duplicates GET /demand/meetings for 5 s, times out
 * after 30 s, retries once on a skewed clock and reports 403 and invalid-ObjectId errors to the app.
 */

/** 403 codes that refuse one object, not the session: they must not log the user out (§6). */
const objectRefusals = new Set([
  'no_permission',
  'appointment.participant_required',
  'activity.invitation_required',
  'activity.invitation_invalid',
  'moderation.banned',
  'participant.required',
  // Card exchange refused for this person (§6 special identity, or their setting).
  'card.special_identity',
  'card.exchange_disabled',
  // A live's moderator muted or banned the caller there (§7 Lives): about that room only.
  'live.muted',
  'live.banned',
  // Not on the meeting's reception staff list (§8 'receptionist not found'): about the desk only.
  'reception.receptionist_not_found',
]);

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Record<string, unknown>
  | readonly unknown[];
export type QueryParams = Record<string, QueryValue>;
export type BodyValue = string | number | boolean | null | undefined;
export type RequestBody = Record<string, BodyValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A failed call: HTTP status (0 when no answer), the body's `code` and `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | number;
  /** Extra answer data, e.g. the WeChat 4260 hand-back (§8). */
  readonly data: Record<string, unknown> | undefined;
  /** Seconds from Retry-After on a 429. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: string | number,
    message: string,
    extra: { data?: Record<string, unknown> | undefined; retryAfter?: number | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = extra.data;
    this.retryAfter = extra.retryAfter;
  }
}

export type ApiClientDeps = {
  /** Prefix of every call, `/api`. */
  baseUrl: string;
  /** Salt of the Apikey signature. */
  salt: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Device clock in epoch ms. */
  now: () => number;
  deviceId: () => string;
  session: () => { token?: string | undefined; userId?: string | undefined };
  /** The stored `source` query value, added to POSTs of views (§7). */
  source: () => string | undefined;
  clockOffset: { get: () => number; set: (ms: number) => void };
  /** A 403 answer: the token is invalid (§8: toast token.invalid and log out). */
  onForbidden?: (error: ApiError) => void;
  /** An error naming an invalid ObjectId (§8: open /404). */
  onInvalidObjectId?: (error: ApiError) => void;
  timeoutMs?: number;
  dedupWindowMs?: number;
  /** The `stage-version` header (§7), set by production builds only. */
  stageVersion?: string | undefined;
};

/** Paths that carry no Authorization header (§7 public lists). */
const publicPaths = ['/demand/meetings', '/meeting/blocks', '/navigation/categories', '/lives'];
/** The only GETs that are de-duplicated (§7). */
const dedupPaths = ['/demand/meetings'];
/** POST bodies whose empty `user_id` becomes the device id (§7). */
const userIdDefaultPath = /\/(credential|invites|views|logs|search[-_]?keywords?)(\/|$)/;
const viewsPath = /\/views$/;
const expiredCode: ErrorCode = 'apikey_expired';
/**
 * The server clock header (contracts' `serverTimeHeader`, §7), written out: the contracts' apikey
 * module carries the hashing library, which only the WebCrypto-less fallback of signRequest loads.
 */
const serverTimeHeader = 'x-server-time';
const formType = 'application/x-www-form-urlencoded';

/** `a=1&query=%7B…%7D`: objects become JSON, everything is percent-encoded so the browser sends it as is. */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** Form-encoded body (§7 "bodies are form-encoded"). */
export function serializeBody(body: RequestBody): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(key, String(value));
  }
  return form.toString();
}

/** True when a list query filters one `_id` (not a list): the GET then answers its first item (§7). */
export function isSingleIdQuery(params: QueryParams | undefined): boolean {
  let query: unknown = params?.query;
  if (typeof query === 'string') {
    try {
      query = JSON.parse(query);
    } catch {
      return false;
    }
  }
  if (!query || typeof query !== 'object' || Array.isArray(query)) return false;
  const id = (query as Record<string, unknown>)._id;
  if (typeof id === 'string') return true;
  if (id && typeof id === 'object' && !Array.isArray(id)) {
    const record = id as Record<string, unknown>;
    return typeof record.$id === 'string' || typeof record.$eq === 'string';
  }
  return false;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFields(
  payload: unknown,
  response: Response,
): { code: string | number; message: string; data?: Record<string, unknown> } {
  if (payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>;
    const code =
      typeof record.code === 'string' || typeof record.code === 'number' ? record.code : response.status;
    const message = typeof record.message === 'string' ? record.message : response.statusText;
    const data =
      record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : undefined;
    return data ? { code, message, data } : { code, message };
  }
  return { code: response.status, message: typeof payload === 'string' ? payload : response.statusText };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(deps: ApiClientDeps) {
  const timeoutMs = deps.timeoutMs ?? timing.httpTimeoutMs;
  const dedupWindowMs = deps.dedupWindowMs ?? timing.getDedupWindowMs;
  const recent = new Map<string, { at: number; promise: Promise<unknown> }>();

  function prepareBody(
    method: HttpMethod,
    path: string,
    body: RequestBody | undefined,
  ): RequestBody | undefined {
    if (method !== 'POST') return body;
    let prepared = body;
    if (viewsPath.test(path)) {
      const source = deps.source();
      if (source && prepared?.source_id === undefined) prepared = { ...prepared, source_id: source };
    }
    if (prepared && userIdDefaultPath.test(path) && prepared.user_id === '') {
      prepared = { ...prepared, user_id: deps.deviceId() };
    }
    return prepared;
  }

  async function send(
    method: HttpMethod,
    pathWithQuery: string,
    path: string,
    bodyText: string | undefined,
    isRetry: boolean,
    contentType: string = formType,
  ): Promise<unknown> {
    const deviceId = deps.deviceId();
    const session = deps.session();
    const timestamp = Math.floor((deps.now() + deps.clockOffset.get()) / 1000);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Apikey: await signRequest({
        salt: deps.salt,
        method,
        pathWithQuery,
        timestamp,
        deviceId,
        body: bodyText,
      }),
      'device-id': deviceId,
      'client-id': session.userId || deviceId,
      version: appVersion,
    };
    if (deps.stageVersion) headers['stage-version'] = deps.stageVersion;
    if (bodyText !== undefined) headers['Content-Type'] = contentType;
    if (session.token && !publicPaths.includes(path)) headers.Authorization = `Bearer ${session.token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let payload: unknown;
    try {
      response = await deps.fetch(pathWithQuery, {
        method,
        headers,
        body: bodyText,
        signal: controller.signal,
      });
      payload = await readPayload(response);
    } catch (cause) {
      if (controller.signal.aborted)
        throw new ApiError(0, 'timeout', `Request timed out after ${timeoutMs} ms`);
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
    } finally {
      clearTimeout(timer);
    }

    if (response.ok) return payload;
    const { code, message, data } = errorFields(payload, response);
    if (response.status === 401 && code === expiredCode && !isRetry) {
      const serverSeconds = Number(response.headers.get(serverTimeHeader));
      if (Number.isFinite(serverSeconds) && serverSeconds > 0) {
        deps.clockOffset.set(serverSeconds * 1000 - deps.now());
        return send(method, pathWithQuery, path, bodyText, true, contentType);
      }
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    const error = new ApiError(response.status, code, message, {
      data,
      retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    });
    // A 403 forces logout (§6, §8), except a refusal on one object ('no permission', a private
    // activity without an invitation), which is not about the session.
    if (response.status === 403 && !objectRefusals.has(String(code))) deps.onForbidden?.(error);
    if (isInvalidObjectIdMessage(message)) deps.onInvalidObjectId?.(error);
    throw error;
  }

  /**
   * Sends one call and returns its unwrapped answer: the `results` array of a list (its first item, or
   * null, for a GET by `_id`), else the body as it is.
   */
  function request(
    method: HttpMethod,
    path: string,
    options: {
      params?: QueryParams | undefined;
      body?: RequestBody | undefined;
      /** Answer the body as it is, even when it has `results` (an answer with more fields beside them). */
      whole?: boolean;
      /** A JSON body instead of the form body (typed numbers in nested lists: the reception desk's queue). */
      json?: unknown;
    } = {},
  ): Promise<unknown> {
    const query = serializeQuery(options.params);
    const pathWithQuery = `${deps.baseUrl}${path}${query ? `?${query}` : ''}`;
    const body = prepareBody(method, path, options.body);
    const bodyText =
      options.json !== undefined
        ? JSON.stringify(options.json)
        : body === undefined
          ? undefined
          : serializeBody(body);
    const contentType = options.json !== undefined ? 'application/json' : formType;
    const takesFirst = method === 'GET' && isSingleIdQuery(options.params);
    const run = () =>
      send(method, pathWithQuery, path, bodyText, false, contentType).then((payload) => {
        if (
          !options.whole &&
          payload &&
          typeof payload === 'object' &&
          Array.isArray((payload as { results?: unknown }).results)
        ) {
          const results = (payload as { results: unknown[] }).results;
          return takesFirst ? (results[0] ?? null) : results;
        }
        return payload;
      });

    if (method !== 'GET' || !dedupPaths.includes(path)) return run();
    const now = deps.now();
    for (const [key, entry] of recent) if (now - entry.at >= dedupWindowMs) recent.delete(key);
    const shared = recent.get(pathWithQuery);
    if (shared) return shared.promise;
    const promise = run();
    recent.set(pathWithQuery, { at: now, promise });
    promise.catch(() => {
      if (recent.get(pathWithQuery)?.promise === promise) recent.delete(pathWithQuery);
    });
    return promise;
  }

  return {
    request,
    /** GET of a list: the `results` array. */
    list: <T>(path: string, params?: QueryParams) => request('GET', path, { params }) as Promise<T[]>,
    /** GET of a list filtered by one `_id`: its first item, or null. */
    one: <T>(path: string, params: QueryParams) => request('GET', path, { params }) as Promise<T | null>,
    /** GET of anything else (a count, a detail object). */
    get: <T>(path: string, params?: QueryParams) => request('GET', path, { params }) as Promise<T>,
    /** GET whose answer carries fields beside `results` (a chat page and its pinned message): not unwrapped. */
    whole: <T>(path: string, params?: QueryParams) =>
      request('GET', path, { params, whole: true }) as Promise<T>,
    post: <T>(path: string, body?: RequestBody) => request('POST', path, { body: body ?? {} }) as Promise<T>,
    put: <T>(path: string, body?: RequestBody) => request('PUT', path, { body: body ?? {} }) as Promise<T>,
    delete: <T>(path: string) => request('DELETE', path) as Promise<T>,
  };
}
