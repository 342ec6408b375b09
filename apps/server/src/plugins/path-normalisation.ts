import { ErrorCode } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import { AppError } from '../errors.ts';

/**
 * One reading of a request path for every path-based rule (§7 wire format: the API lives under
 * `/api`). The router decodes percent escapes (`/%61pi/users/me` reaches `/api/users/me`), so a
 * rule that looks at the raw URL could be walked around; instead each rule reads
 * `request.normalisedPath` — percent-decoded, slashes collapsed, dot segments resolved — and an
 * API-looking path that is not already in that form is refused before routing.
 */

/** Result of reading a raw path. `path` is the normalised form, or null when it cannot be decoded. */
export type NormalisedPath = {
  path: string | null;
  /** True when the raw path already is its normalised form with a literal `/api` first segment (or no API at all). */
  isCanonical: boolean;
  /** The normalised path's first segment is `api` in any letter case. */
  isApi: boolean;
};

// Anything that can make the raw path differ from its normalised form.
const needsDecoding = /[%\\]|\/\/|\/\.|\p{Cc}/u;
const apiFirstSegment = /^\/api(?:\/|$)/i;

/** True when a normalised path is the API's (`/api` or below). Case-insensitive: `/API` looks like the API too. */
export function isApiPath(path: string): boolean {
  return apiFirstSegment.test(path);
}

/**
 * Reads a raw request path (no query): percent-decodes it, turns `\` into `/`, collapses repeated
 * slashes and resolves `.` and `..` segments (never above the root).
 *
 * @returns the normalised path (null when an escape is malformed or decodes to invalid UTF-8, or the
 *   path holds a control character such as NUL), whether it is an API path, and whether the raw
 *   path was already canonical (a literal lower-case `/api/` prefix for API paths).
 */
export function normalisePath(rawPath: string): NormalisedPath {
  if (!needsDecoding.test(rawPath)) {
    const isApi = apiFirstSegment.test(rawPath);
    return { path: rawPath, isApi, isCanonical: !isApi || rawPath.startsWith('/api') };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { path: null, isApi: apiFirstSegment.test(rawPath), isCanonical: false };
  }
  // decodeURIComponent already refuses invalid UTF-8 (encoded surrogates included).
  if (/\p{Cc}/u.test(decoded)) {
    return { path: null, isApi: apiFirstSegment.test(decoded), isCanonical: false };
  }
  const segments: string[] = [];
  let hasDotSegment = false;
  for (const segment of decoded.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') {
      hasDotSegment ||= segment === '.';
      continue;
    }
    if (segment === '..') {
      hasDotSegment = true;
      segments.pop();
    } else segments.push(segment);
  }
  const trailing = decoded.endsWith('/') && segments.length > 0 ? '/' : '';
  const path = `/${segments.join('/')}${trailing}`;
  const isApi = apiFirstSegment.test(path);
  // An escape of an ordinary character (`/api/us%65rs`, `%40` in an e-mail) routes like its decoded
  // form, so it is harmless once the prefix is literal; separators and dot segments are not.
  const isCanonical =
    !isApi ||
    ((rawPath.startsWith('/api/') || rawPath === '/api') &&
      !hasDotSegment &&
      !/\/\/|%2f|%5c|\\/i.test(rawPath));
  return { path, isApi, isCanonical };
}

/** The path part of a request URL (before `?`). */
function rawPathOf(request: FastifyRequest): string {
  const url = request.url;
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/**
 * Decorates every request with `normalisedPath` and refuses, before routing runs any handler:
 * - an API-looking path that is not canonical (`//api/…`, `/%61pi/…`, `/API/…`, `/api/../…`,
 *   `/api/%2e%2e/…`, `/api//…`) → 400 `invalid_path` naming the canonical path to call instead;
 * - a path that cannot be decoded or holds a control character (`/api/users/me%00`) → 400
 *   `invalid_path`.
 * Non-API paths that are merely unusual (`//assets/x.js`) are left to the static files, which never
 * serve outside their folder.
 */
export function registerPathNormalisation(app: App): void {
  app.decorateRequest('normalisedPath', '');
  // Callback style: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    const { path, isCanonical } = normalisePath(rawPathOf(request));
    if (path === null) {
      return done(
        new AppError(
          400,
          ErrorCode.invalidPath,
          'The request path has a malformed escape or a control character',
        ),
      );
    }
    if (!isCanonical) {
      return done(new AppError(400, ErrorCode.invalidPath, `Use the canonical path /api${path.slice(4)}`));
    }
    request.normalisedPath = path;
    done();
  });
}

/** The cache key of a request: its normalised path and the query exactly as sent. */
export function normalisedUrlOf(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  return queryAt === -1 ? request.normalisedPath : `${request.normalisedPath}${request.url.slice(queryAt)}`;
}
