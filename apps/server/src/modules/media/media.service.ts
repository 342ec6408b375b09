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
import { readAll, type Storage, type StoredObject } from '../../providers/storage/storage.ts';
import { uploadTokenInvalid, uploadTooLarge, uploadTypeRejected } from './media.errors.ts';
import {
  detectFileType,
  isAcceptableClaim,
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
import { insertUploadThen, uploadExists } from './media.repository.ts';
import {
  signUploadToken,
  type UploadGrant,
  uploadTokenLifetimeSeconds,
  verifyUploadToken,
} from './media.token.ts';

export type MediaDeps = { db: Database; config: Config; storage: Storage };

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
 * @returns `{ key, url: '/api/files/<bucket>/<key>', width, height (0 for documents), size (bytes), mime }`
 * @throws 400 upload.token_invalid (used meanwhile), 413 upload.too_large (bytes or pixels),
 *   415 upload.type_rejected
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
  const type = await detectFileType(input.bytes, grant.kinds);
  const stored = type.imageFormat
    ? await reencodeImage(input.bytes, type.imageFormat)
    : { bytes: input.bytes, width: 0, height: 0 };
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
      async () => {
        await deps.storage.put(storageKey, stored.bytes, type.mime);
        isWritten = true;
      },
    );
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

/** A file to send: the stored object and how the browser should treat it. */
export type FileToServe = { object: StoredObject; disposition: string };

function contentDisposition(mime: string, key: string): string {
  if (mime.startsWith('image/')) return 'inline';
  const name = key.slice(key.indexOf('/') + 1);
  const ascii = name.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file, or a resized copy of an image when the query carries a §9 suffix
 * (`imageView2/…`, `imageMogr2/thumbnail/…`, see parseImageSuffix). A resized copy is rendered once
 * and kept in storage under a derived key; later requests read it from there.
 * Does not touch the database. Documents are served as downloads.
 * @throws 404 not_found (unknown bucket or key, or a key that is not one we generate — traversal
 *   attempts included), 400 validation_failed (bad suffix, w/h outside 1..4096),
 *   415 upload.type_rejected (vframe, or a resize of a document)
 */
export async function openFile(
  deps: Pick<MediaDeps, 'storage'>,
  input: { bucket: UploadBucket; key: string; rawQuery: string },
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
  const original = await deps.storage.get(originalStorageKey(bucket, key));
  if (!original) throw notFound('File');
  if (!original.mime.startsWith('image/')) {
    original.body.destroy();
    throw uploadTypeRejected('Only images can be resized');
  }
  const variant = await renderVariant(await readAll(original.body), operation);
  await deps.storage.put(cacheKey, variant.bytes, variant.mime);
  const object = await deps.storage.get(cacheKey);
  if (!object) throw new Error('resized copy vanished after it was stored');
  return { object, disposition: 'inline' };
}
