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
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 for an entity that does not exist (or is not visible to the caller). */
export const notFound = (what: string) => new AppError(404, ErrorCode.notFound, `${what} not found`);

/** 400 for a malformed 24-hex id; its message is the one the client maps to /404 (§8). */
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
