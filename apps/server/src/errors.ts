import { ErrorCode } from '@app/contracts';

/**
 * An expected failure with a stable code and an HTTP status (DESIGN §4.5). The error handler turns
 * it into `{ code, message }`; anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    /** Offending fields; `max` is the limit in characters of a text that is too long. */
    readonly details?: { path: string; message: string; max?: number }[],
    /** Response headers (e.g. Retry-After) and extra body data (e.g. the 4260 hand-back). */
    readonly extra?: { headers?: Record<string, string>; data?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 for an entity that does not exist (or is not visible to the caller). */
export const notFound = (what: string) => new AppError(404, ErrorCode.notFound, `${what} not found`);

/** 400 for a malformed 24-hex id; its message is the one the client maps to /404 (§8). */
export const badRequest = (code: string, message: string) => new AppError(400, code, message);

/** 401: the call needs a logged-in user (the client sends the person to /login). */
export const loginRequired = () => new AppError(401, ErrorCode.loginRequired, 'Please log in first');

/** 403 'token invalid' (§8): the client clears its session and goes to /login. */
export const tokenInvalid = () => new AppError(403, ErrorCode.tokenInvalid, 'token invalid');

/** 403 on an object the caller may not touch (§6). */
export const noPermission = () =>
  new AppError(403, ErrorCode.noPermission, 'the current user has no permission');

/** 429 'Do not operate frequently!' (§8) with Retry-After in whole seconds. */
export const tooFrequent = (retryAfterSeconds: number) =>
  new AppError(429, ErrorCode.tooFrequent, 'Do not operate frequently!', undefined, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
