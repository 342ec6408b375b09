import { ErrorCode, findUnsafeInput, isReservedKey, maxInputDepth, serverTimeHeader } from '@app/contracts';
import qs from 'qs';
import type { App } from '../app-types.ts';
import { AppError } from '../errors.ts';

/** Largest request body accepted, in bytes (1 MiB; uploads go to storage, not through JSON). */
export const bodyLimitBytes = 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body bytes as text; 400 invalid_input when they are not UTF-8 (PostgreSQL refuses such text). */
function utf8Text(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new AppError(400, ErrorCode.invalidInput, 'body: is not valid UTF-8');
  }
}

/** 400 invalid_input naming the first unsafe spot of a parsed input (contracts wire/input-guard.ts). */
function refuseUnsafe(value: unknown, root: string): void {
  const unsafe = findUnsafeInput(value, root);
  if (unsafe) {
    throw new AppError(400, ErrorCode.invalidInput, `${unsafe.path}: ${unsafe.problem}`, [
      { path: unsafe.path, message: unsafe.problem },
    ]);
  }
}

/** qs key decoder that refuses `__proto__` / `constructor` / `prototype` (qs would drop them silently). */
const formKeyDecoder: qs.IParseOptions['decoder'] = (text, decode, charset, type) => {
  const decoded = decode(text, decode, charset);
  if (type === 'key' && typeof decoded === 'string') {
    const reserved = decoded.split(/[[\]]+/).find(isReservedKey);
    if (reserved) {
      throw new AppError(400, ErrorCode.invalidInput, `body.${reserved}: is a reserved key`, [
        { path: `body.${reserved}`, message: 'is a reserved key' },
      ]);
    }
  }
  return decoded;
};

/**
 * The §7 wire format at the boundary: form-encoded bodies with `qs` brackets (`a[b]=1`) and JSON
 * bodies, both keeping the raw text for the Apikey body hash and both refused with 400 when they hold
 * what nothing may store (invalid UTF-8, NUL bytes, lone surrogates, reserved keys, nesting past 10 —
 * contracts wire/input-guard.ts, §9); the querystring and path parameters likewise; client headers (`device-id`,
 * `client-id`, `version`) resolved into `request.actor`; the server clock on every response.
 */
export function registerWireFormat(app: App): void {
  app.decorateRequest('rawBody', '');
  app.decorateRequest('actor', undefined as never);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      let parsed: unknown;
      try {
        const text = utf8Text(body as Buffer);
        request.rawBody = text;
        if (text.trim() === '') return done(null, undefined);
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new AppError(400, 'invalid_json', 'Request body is not valid JSON');
        }
        refuseUnsafe(parsed, 'body');
      } catch (error) {
        return done(error as AppError, undefined);
      }
      done(null, parsed);
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      let parsed: unknown;
      try {
        const text = utf8Text(body as Buffer);
        request.rawBody = text;
        // Depth, parameter and array limits bound what a body can make the parser build; a body over
        // them is refused (400), never cut short: a group batch of 200 members with their answers
        // needs a few thousand parameters and arrays of 200.
        try {
          parsed = qs.parse(text, {
            depth: maxInputDepth,
            strictDepth: true,
            parameterLimit: 5000,
            arrayLimit: 200,
            throwOnLimitExceeded: true,
            decoder: formKeyDecoder,
          });
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError(
            400,
            ErrorCode.validation,
            `Request body has too many fields or nests deeper than ${maxInputDepth} levels`,
          );
        }
        refuseUnsafe(parsed, 'body');
      } catch (error) {
        return done(error as AppError, undefined);
      }
      done(null, parsed);
    },
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new AppError(
        415,
        'unsupported_media_type',
        'Send application/x-www-form-urlencoded or application/json',
      ),
      undefined,
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value[0] : value;
      return text ? text.slice(0, 128) : null;
    };
    request.actor = {
      deviceId: header('device-id'),
      clientId: header('client-id'),
      version: header('version'),
      userId: null,
      sessionId: null,
      sessionMeetingId: null,
    };
    reply.header(serverTimeHeader, String(Math.floor(Date.now() / 1000)));
  });

  // The querystring and path parameters get the same check as bodies, before any contract reads them.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseUnsafe(request.query, 'query');
      refuseUnsafe(request.params, 'params');
    } catch (error) {
      return done(error as AppError);
    }
    done();
  });
}
