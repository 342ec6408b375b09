import { ErrorCode, invalidObjectIdMessage, ListQueryError } from '@app/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';
import { pgErrorOf } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';

function valueAt(request: FastifyRequest, context: string, path: string): unknown {
  const source =
    context === 'params' ? request.params : context === 'querystring' ? request.query : request.body;
  return path
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      source,
    );
}

type ValidationIssue = { keyword: string; message?: string; params?: Record<string, unknown> };

/** The limit of a text longer than its contract allows (zod `too_big` on a string), else undefined. */
function textLimitOf(issue: ValidationIssue): number | undefined {
  if (issue.keyword !== 'too_big' || issue.params?.origin !== 'string') return undefined;
  const max = issue.params.maximum;
  return typeof max === 'number' ? max : undefined;
}

/**
 * One detail of a contract failure: where (`body/username`, `querystring/keyword`) and why; a text
 * over its limit (textLimits, §5) reads 'at most 64 characters' and carries `max`.
 */
function validationDetail(context: string, issue: ValidationIssue & { instancePath: string }) {
  const path = `${context}${issue.instancePath}`;
  const max = textLimitOf(issue);
  if (max === undefined) return { path, message: issue.message ?? 'invalid' };
  return { path, message: `at most ${max} characters`, max };
}

/**
 * The one error handler (DESIGN §4.5). Answers `{ code, message, details? }`:
 * - input that fails its contract → 400 `validation_failed` whose message names each field and,
 *   for a text over its limit, the limit (`body/username: at most 64 characters`); or
 *   `invalid_object_id` with the "Invalid ObjectId" message when an id is malformed (§8: the client
 *   opens /404) — 404 instead of 400 for an id in the path of a GET (no such resource, §2);
 * - a bad JSON query object → 400 `invalid_query` / `limit_too_large` / `invalid_object_id`;
 * - AppError → its own status and code;
 * - Fastify's own 4xx → their status: 413 `body_too_large`, 415 `unsupported_media_type`, else their code;
 * - a PostgreSQL data exception (SQLSTATE class 22: NUL in text, invalid UTF-8, a number or time out
 *   of range) → 400 `invalid_input`, the last line behind the boundary checks (§9), without the
 *   database's message;
 * - anything else → 500 `internal_error`, details only in the log.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) =>
        validationDetail(error.validationContext ?? '', issue as ValidationIssue & { instancePath: string }),
      );
      const badId = error.validation.find((issue) => issue.message === 'Invalid ObjectId');
      if (badId) {
        const value = valueAt(request, error.validationContext ?? '', badId.instancePath);
        // A GET of a path that names a malformed id asks for what cannot exist: 404, like an unknown
        // id (§2: malformed and unknown ids both open /404). Elsewhere (query, body, writes) it is 400.
        const isMissingResource = request.method === 'GET' && error.validationContext === 'params';
        return reply
          .status(isMissingResource ? 404 : 400)
          .send({ code: ErrorCode.invalidObjectId, message: invalidObjectIdMessage(String(value)), details });
      }
      const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return reply
        .status(400)
        .send({ code: ErrorCode.validation, message: `Invalid request: ${summary}`, details });
    }
    if (error instanceof ListQueryError) {
      return reply.status(400).send({ code: error.code, message: error.message });
    }
    if (error instanceof AppError) {
      if (error.extra?.headers) reply.headers(error.extra.headers);
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.extra?.data ? { data: error.extra.data } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send({ code: ErrorCode.internal, message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (body too large, bad content length …): keep its message, it names the cause.
      const code =
        status === 413
          ? ErrorCode.bodyTooLarge
          : status === 415
            ? ErrorCode.unsupportedMediaType
            : (error.code ?? 'bad_request');
      return reply.status(status).send({ code, message: error.message });
    }
    if (pgErrorOf(error)?.code.startsWith('22')) {
      request.log.warn({ err: error }, 'input the database refused');
      return reply.status(400).send({
        code: ErrorCode.invalidInput,
        message: 'The request holds a value the database cannot store',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.internal, message: 'Internal server error' });
  });
}
