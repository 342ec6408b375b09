import { ErrorCode, serverTimeHeader } from '@app/contracts';
import qs from 'qs';
import type { App } from '../app-types.ts';
import { AppError } from '../errors.ts';

/** Largest request body accepted, in bytes (1 MiB; uploads go to storage, not through JSON). */
export const bodyLimitBytes = 1024 * 1024;

/**
 * The §7 wire format at the boundary: form-encoded bodies with `qs` brackets (`a[b]=1`) and JSON
 * bodies, both keeping the raw text for the Apikey body hash; client headers (`device-id`,
 * `client-id`, `version`) resolved into `request.actor`; the server clock on every response.
 */
export function registerWireFormat(app: App): void {
  app.decorateRequest('rawBody', '');
  app.decorateRequest('actor', undefined as never);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError(400, 'invalid_json', 'Request body is not valid JSON'), undefined);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      // Depth, parameter and array limits bound what a body can make the parser build; a body over
      // them is refused (400), never cut short: a group batch of 200 members with their answers
      // needs a few thousand parameters and arrays of 200.
      try {
        done(
          null,
          qs.parse(text, { depth: 5, parameterLimit: 5000, arrayLimit: 200, throwOnLimitExceeded: true }),
        );
      } catch {
        done(new AppError(400, ErrorCode.validation, 'Request body has too many fields'), undefined);
      }
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
}
