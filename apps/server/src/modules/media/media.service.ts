import { Readable } from 'node:stream';
import {
  fileUrl,
  type UploadBucket,
  type UploadResult,
  type UploadTokenResult,
  uploadKindsOf,
  uploadPath,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { notFound } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { readAll, type Storage, type StoredObject } from '../../providers/storage/storage.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { moderateImage } from '../moderation/moderation.service.ts';
import { uploadTokenInvalid, uploadTooLarge, uploadTypeRejected } from './media.errors.ts';
import {
  detectFileType,
  type ImageOperation,
  isAcceptableClaim,
  legacyOfficeType,
  parseImageSuffix,
  reencodeImage,
  renderVariant,
  variantName,
} from './media.images.ts';
import {
  isUploadKey,
  originalStorageKey,
  sanitiseFileName,
  uploadKey,
  variantStorageKey,
  withExtension,
} from './media.keys.ts';
import { insertUploadThen, markUploadDeleted, uploadExists } from './media.repository.ts';
import {
  signUploadToken,
  type UploadGrant,
  uploadTokenLifetimeSeconds,
  verifyUploadToken,
} from './media.token.ts';
import { deleteWebVariants, renderWebVariantsJob } from './media.variants.ts';
import { extractVideoFrame, isFfmpegAvailable, videoPlaceholderJpeg } from './media.video.ts';

/** `jobs`, when given, renders an uploaded image's web copies in the background (media.variants.ts). */
export type MediaDeps = { db: Database; config: Config; storage: Storage; jobs?: JobQueue };

/**
 * Issues a single-use upload token (§7 Upload, POST /tokens/qiniu) for a logged-in user.
 * Input: bucket, the original file name (only its sanitised base name is kept), the claimed MIME type
 * and size in bytes (both optional, only used to refuse early — the bytes decide at upload).
 * @returns `{ uptoken, key: '<24 hex>/<name>', upload_url, expires_at (unix s), max_bytes }`
 * @throws 413 upload.too_large (announced size over the limit), 415 upload.type_rejected (claimed
 *   type the bucket never accepts)
 */
export async function issueUploadToken(
  deps: Pick<MediaDeps, 'config'>,
  input: {
    userId: string;
    meetingId: string | null;
    bucket: UploadBucket;
    fileName?: string;
    claimedType?: string;
    claimedSize?: number;
  },
): Promise<UploadTokenResult> {
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;
  const kinds = [...uploadKindsOf[input.bucket]];
  if (input.claimedSize !== undefined && input.claimedSize > maxBytes) {
    throw uploadTooLarge(`The file is larger than ${maxBytes} bytes`);
  }
  if (input.claimedType !== undefined && !isAcceptableClaim(input.claimedType, kinds)) {
    throw uploadTypeRejected(`File type ${input.claimedType} is not accepted here`);
  }
  const id = newId();
  const key = uploadKey(id, sanitiseFileName(input.fileName ?? ''));
  const now = Math.floor(Date.now() / 1000);
  const grant: UploadGrant = {
    id,
    bucket: input.bucket,
    key,
    originalName: (input.fileName ?? '').slice(0, 255),
    maxBytes,
    kinds,
    userId: input.userId,
    meetingId: input.meetingId,
    expiresAt: now + uploadTokenLifetimeSeconds,
  };
  return {
    uptoken: await signUploadToken(deps.config.AUTH_SECRET, grant, now),
    key,
    upload_url: uploadPath,
    expires_at: grant.expiresAt,
    max_bytes: maxBytes,
  };
}

/**
 * Checks an upload token before its file is read: valid signature, not expired, not used yet.
 * @returns the grant, whose `maxBytes` bounds the file
 * @throws 400 upload.token_invalid
 */
export async function checkUploadToken(
  deps: Pick<MediaDeps, 'db' | 'config'>,
  token: string,
): Promise<UploadGrant> {
  const grant = await verifyUploadToken(deps.config.AUTH_SECRET, token);
  if (await uploadExists(deps.db, grant.id))
    throw uploadTokenInvalid('The upload token has already been used');
  return grant;
}

/**
 * Stores the file of a checked grant (§7 Upload): type from the magic bytes (never the name or the
 * claimed type), images re-encoded without metadata (EXIF orientation applied; animated GIF/WebP stay
 * animated in their format), documents kept as they are. The key keeps the grant's id and name with
 * the stored format's extension. Row and bytes are written together; a token used twice stores once.
 * An image's web copies (every §9 doubled size) are queued for rendering in the same transaction.
 * @returns `{ key, url: '/api/files/<bucket>/<key>', width, height (0 for documents), size (bytes), mime }`
 * @throws 400 upload.token_invalid (used meanwhile), 413 upload.too_large (bytes or pixels),
 *   415 upload.type_rejected, 400 content.sensitive (the moderation provider refused the image)
 */
export async function storeUpload(
  deps: MediaDeps,
  input: { grant: UploadGrant; bytes: Buffer },
): Promise<UploadResult> {
  const { grant } = input;
  if (input.bytes.length > Math.min(grant.maxBytes, deps.config.UPLOAD_MAX_BYTES)) {
    throw uploadTooLarge(`The file is larger than ${grant.maxBytes} bytes`);
  }
  if (input.bytes.length === 0) throw uploadTypeRejected('The file is empty');
  const type = legacyOfficeType(await detectFileType(input.bytes, grant.kinds), grant.originalName);
  const stored = type.imageFormat
    ? await reencodeImage(input.bytes, type.imageFormat)
    : { bytes: input.bytes, width: 0, height: 0 };
  // §5 sensitive content: images go through the moderation provider's image check (local: allowed).
  if (type.imageFormat) {
    await moderateImage(deps, {
      meetingId: grant.meetingId,
      userId: grant.userId,
      bytes: stored.bytes,
      mime: type.mime,
    });
  }
  const name = grant.key.slice(grant.key.indexOf('/') + 1);
  const key = uploadKey(grant.id, withExtension(name, type.extension));
  const storageKey = originalStorageKey(grant.bucket, key);
  let isWritten = false;
  try {
    const isInserted = await insertUploadThen(
      deps.db,
      {
        id: grant.id,
        bucket: grant.bucket,
        key,
        userId: grant.userId,
        meetingId: grant.meetingId,
        mime: type.mime,
        size: stored.bytes.length,
        width: type.imageFormat ? stored.width : null,
        height: type.imageFormat ? stored.height : null,
        originalName: grant.originalName,
      },
      async (tx) => {
        await deps.storage.put(storageKey, stored.bytes, type.mime);
        isWritten = true;
        if (type.imageFormat && deps.jobs) {
          await deps.jobs.enqueue(tx, renderWebVariantsJob, { bucket: grant.bucket, key });
        }
      },
    );
    if (isInserted && type.imageFormat) deps.jobs?.wake(renderWebVariantsJob);
    if (!isInserted) throw uploadTokenInvalid('The upload token has already been used');
  } catch (error) {
    // The commit failed after the bytes were written: remove them so nothing is left behind.
    if (isWritten) await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return {
    key,
    url: fileUrl(grant.bucket, key),
    width: stored.width,
    height: stored.height,
    size: stored.bytes.length,
    mime: type.mime,
  };
}

/**
 * Renders of resized copies per client IP (a stored copy is never counted): 60 a minute. Every
 * size the web asks for is rendered once at upload (media.variants.ts) and each variant is stored
 * for everyone, so only a client walking through sizes and qualities reaches it.
 */
export const renderLimit: LimitRule = { name: 'media-render-ip', points: 60, durationSeconds: 60 };

/** Renders under way in this process, per storage and variant key: a second ask for one waits for it. */
const rendersInFlight = new WeakMap<Storage, Map<string, Promise<void>>>();

/** Renders one resized copy into storage, counting it against the caller's IP. */
async function renderAndStore(
  deps: Pick<MediaDeps, 'storage' | 'config'>,
  input: { bucket: UploadBucket; key: string; cacheKey: string; operation: ImageOperation; ip: string },
): Promise<void> {
  const original = await deps.storage.get(originalStorageKey(input.bucket, input.key));
  if (!original) throw notFound('File');
  const isFrame = input.operation.frameAtSeconds !== undefined;
  try {
    if (isFrame && !original.mime.startsWith('video/')) {
      throw uploadTypeRejected('Video frames are taken from videos only');
    }
    if (!isFrame && !original.mime.startsWith('image/'))
      throw uploadTypeRejected('Only images can be resized');
    await rateLimitsFor(deps.config).consumeAll([{ rule: renderLimit, key: input.ip }]);
  } catch (error) {
    original.body.destroy();
    throw error;
  }
  let source = await readAll(original.body);
  if (isFrame) {
    const frame = await extractVideoFrame(source, input.operation.frameAtSeconds ?? 0);
    // No frame in the file: the generic picture, stored like a still (the bytes never change).
    source = frame ?? (await videoPlaceholderJpeg());
  }
  const variant = await renderVariant(source, { ...input.operation, frameAtSeconds: undefined });
  await deps.storage.put(input.cacheKey, variant.bytes, variant.mime);
}

/**
 * A file to send: the stored object and how the browser should treat it. `isFallback`: a stand-in
 * (the generic video picture while ffmpeg is missing) that must not be cached for long.
 */
export type FileToServe = { object: StoredObject; disposition: string; isFallback?: boolean };

function contentDisposition(mime: string, key: string): string {
  if (mime.startsWith('image/')) return 'inline';
  const name = key.slice(key.indexOf('/') + 1);
  const ascii = name.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file, or a resized copy of an image when the query carries a §9 suffix
 * (`imageView2/…`, `imageMogr2/thumbnail/…`, see parseImageSuffix; sizes from the §9 allow-list). A
 * resized copy is rendered once and kept in storage under a key derived from the file and the
 * normalised operation; later requests read it from there and are never limited. A render (a cache
 * miss) counts against `ip` under {@link renderLimit}; concurrent asks for the same copy in this
 * process share one render.
 * Does not touch the database. Documents are served as downloads.
 * A `vframe` suffix takes a video's still with ffmpeg (media.video.ts), stored like a resized copy;
 * without ffmpeg the generic video picture is answered (`isFallback`, not stored).
 * @throws 404 not_found (unknown bucket or key, or a key that is not one we generate — traversal
 *   attempts included), 400 validation_failed (bad suffix, w/h off the allow-list),
 *   415 upload.type_rejected (a resize of a document, a still of something that is not a video), 429 too_frequent ('Do not operate
 *   frequently!', Retry-After in seconds) when `ip` has rendered too many copies
 */
export async function openFile(
  deps: Pick<MediaDeps, 'storage' | 'config'>,
  input: { bucket: UploadBucket; key: string; rawQuery: string; ip: string },
): Promise<FileToServe> {
  const { bucket, key } = input;
  if (!isUploadKey(key)) throw notFound('File');
  const operation = parseImageSuffix(input.rawQuery);
  if (!operation) {
    const object = await deps.storage.get(originalStorageKey(bucket, key));
    if (!object) throw notFound('File');
    return { object, disposition: contentDisposition(object.mime, key) };
  }
  const cacheKey = variantStorageKey(bucket, key, variantName(operation));
  const cached = await deps.storage.get(cacheKey);
  if (cached) return { object: cached, disposition: 'inline' };
  if (operation.frameAtSeconds !== undefined && !(await isFfmpegAvailable())) {
    // §9 video frame without ffmpeg on this machine: the generic video picture, not an error.
    const original = await deps.storage.get(originalStorageKey(bucket, key));
    if (!original) throw notFound('File');
    original.body.destroy();
    if (!original.mime.startsWith('video/'))
      throw uploadTypeRejected('Video frames are taken from videos only');
    const bytes = await videoPlaceholderJpeg();
    return {
      object: {
        body: Readable.from([bytes]),
        mime: 'image/jpeg',
        size: bytes.length,
        etag: '"video-placeholder"',
      },
      disposition: 'inline',
      isFallback: true,
    };
  }
  let inFlight = rendersInFlight.get(deps.storage);
  if (!inFlight) {
    inFlight = new Map();
    rendersInFlight.set(deps.storage, inFlight);
  }
  const shared = inFlight.get(cacheKey);
  if (shared) {
    // Someone else's render: its outcome (say, their 429) is theirs; ours is decided below if it failed.
    await shared.catch(() => {});
    const rendered = await deps.storage.get(cacheKey);
    if (rendered) return { object: rendered, disposition: 'inline' };
  }
  const render = renderAndStore(deps, { bucket, key, cacheKey, operation, ip: input.ip });
  inFlight.set(cacheKey, render);
  try {
    await render;
  } finally {
    if (inFlight.get(cacheKey) === render) inFlight.delete(cacheKey);
  }
  const object = await deps.storage.get(cacheKey);
  if (!object) throw new Error('resized copy vanished after it was stored');
  return { object, disposition: 'inline' };
}

/**
 * Deletes an upload's files for good (§5/§7 ID recognition: a card photo is read once, then gone):
 * the original first — so no new copy can be rendered from it — then every web copy, and marks its
 * row (markUploadDeleted; the row stays so the single-use token stays used). A copy rendered on
 * demand in another size (GET /files/…?imageView2/…) while the original existed is not reachable
 * through the Storage interface (no listing) and stays; a web-copy job still running removes its
 * own copies when it finds the original gone (renderWebVariants).
 */
export async function deleteUploadFiles(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  input: { bucket: UploadBucket; key: string },
): Promise<void> {
  await deps.storage.delete(originalStorageKey(input.bucket, input.key));
  await deleteWebVariants(deps, input);
  await markUploadDeleted(deps.db, input.bucket, input.key);
}
