import type { Readable } from 'node:stream';
import {
  ErrorCode,
  getFile as getFileContract,
  requestUploadToken as requestUploadTokenContract,
  UploadBucket,
  uploadFile as uploadFileContract,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { useRateLimits } from '../../plugins/rate-limit.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { mediaBadRequest, uploadTokenInvalid, uploadTooLarge } from './media.errors.ts';
import {
  checkUploadToken,
  issueUploadToken,
  type MediaDeps,
  openFile,
  storeUpload,
} from './media.service.ts';
import type { UploadGrant } from './media.token.ts';
import { renderWebVariants, renderWebVariantsJob } from './media.variants.ts';

/** Bytes of multipart framing (boundaries, part headers, the token) allowed on top of the file. */
const multipartOverheadBytes = 64 * 1024;

/** A year: stored files never change (every upload gets a new key). */
const immutableCacheControl = 'public, max-age=31536000, immutable';

/** Reads a file part into memory, refusing more than `maxBytes`. @throws 413 upload.too_large */
async function readFilePart(file: Readable & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of file) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      file.resume();
      throw uploadTooLarge(`The file is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  if (file.truncated) throw uploadTooLarge(`The file is larger than ${maxBytes} bytes`);
  return Buffer.concat(chunks);
}

/** Messages of @fastify/busboy when the multipart bytes themselves are malformed. */
const busboyParseError = /unexpected end of multipart data|Boundary not found|Malformed part header/i;

/** @fastify/multipart's own errors as our error codes. */
function multipartError(error: unknown): unknown {
  const code = (error as FastifyError)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge('The file is too large');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, ErrorCode.unsupportedMediaType, 'Send multipart/form-data with token and file');
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return mediaBadRequest(`Send one token field and one file (${(error as Error).message})`);
  }
  // Busboy's own parse errors carry no code: a body cut short or without its boundary is the
  // client's mistake (400, §9), not a server fault.
  if (error instanceof Error && busboyParseError.test(error.message)) {
    return mediaBadRequest(`The multipart body is malformed (${error.message})`);
  }
  return error;
}

/**
 * Uploads (§7 Upload, §9), as an encapsulated plugin so multipart/form-data is parsed in its upload
 * scope only (the wire format answers 415 to it everywhere else):
 * - POST /tokens/qiniu (login required, Apikey-signed) → upload token;
 * - POST /media/upload (no Apikey, no login: the token is the proof), multipart `token` + `file`;
 * - GET /files/:bucket/* (no Apikey, public) → the bytes, resized by query suffix (§9 sizes only;
 *   renders, not stored copies, limited per IP: 429 too_frequent with Retry-After).
 * `storage` defaults to the configured driver (createStorage).
 */
export async function mediaRoutes(app: App, options: { storage?: Storage } = {}): Promise<void> {
  const { db, config, jobs } = app.deps;
  const deps: MediaDeps = { db, config, jobs, storage: options.storage ?? createStorage(config) };
  // Web copies of new uploads, one image at a time per process (media.variants.ts).
  jobs.work(renderWebVariantsJob, async (data) => {
    await renderWebVariants(deps, data);
  });
  useRateLimits(app); // closes the Redis connection of the render limit with the app

  app.route({
    ...contractRoute(requestUploadTokenContract),
    config: { auth: 'required' },
    handler: async (request) =>
      issueUploadToken(deps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        bucket: request.body.bucket,
        fileName: request.body.key,
        claimedType: request.body.type,
        claimedSize: request.body.size,
      }),
  });

  await app.register(async (scope: App) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.route({
      ...contractRoute(uploadFileContract),
      config: { skipApikey: true },
      handler: async (request) => {
        const fileLimit = config.UPLOAD_MAX_BYTES;
        if (Number(request.headers['content-length'] ?? 0) > fileLimit + multipartOverheadBytes) {
          throw uploadTooLarge(`The file is larger than ${fileLimit} bytes`);
        }
        let grant: UploadGrant | undefined;
        let bytes: Buffer | undefined;
        try {
          const parts = request.parts({
            limits: { fileSize: fileLimit, files: 1, fields: 5, parts: 6, fieldSize: 8192, headerPairs: 50 },
          });
          for await (const part of parts) {
            if (part.type === 'field') {
              if (part.fieldname === 'token' && typeof part.value === 'string') {
                grant = await checkUploadToken(deps, part.value);
              }
              continue;
            }
            if (part.fieldname !== 'file') throw mediaBadRequest('The file goes in the field named file');
            // Qiniu clients send the token first; a file before its token is bounded by the server limit.
            bytes = await readFilePart(part.file, Math.min(grant?.maxBytes ?? fileLimit, fileLimit));
          }
        } catch (error) {
          throw multipartError(error);
        }
        if (!grant) throw uploadTokenInvalid('The upload token is missing');
        if (!bytes) throw mediaBadRequest('The file is missing');
        return storeUpload(deps, { grant, bytes });
      },
    });
  });

  app.route({
    ...contractRoute(getFileContract),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const bucket = UploadBucket.safeParse(request.params.bucket);
      if (!bucket.success) throw notFound('File');
      const queryAt = request.url.indexOf('?');
      const { object, disposition, isFallback } = await openFile(deps, {
        bucket: bucket.data,
        key: request.params['*'],
        rawQuery: queryAt === -1 ? '' : request.url.slice(queryAt + 1),
        ip: request.ip,
      });
      reply.header('cache-control', isFallback ? 'no-store' : immutableCacheControl);
      reply.header('etag', object.etag);
      reply.header('x-content-type-options', 'nosniff');
      // Should a browser ever render the bytes as a document, it runs nothing.
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.etag)) {
        object.body.destroy();
        // The contract types 200 only; 304 carries no body.
        return (reply as unknown as FastifyReply).status(304).send();
      }
      reply.header('content-type', object.mime);
      reply.header('content-length', object.size);
      reply.header('content-disposition', disposition);
      return reply.send(object.body);
    },
  });
}
