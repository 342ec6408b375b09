import { z } from 'zod';
import { type ImageEdge, imageEdges } from '../wire/image-sizes.ts';
import { textLimits } from '../wire/limits.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Where an upload goes (§7 Upload). `avatar` and `image` take images only; `attachment` also takes
 * PDF and Office documents (§9 file icons: pdf, docx, xlsx, pptx), stored unchanged and served as
 * downloads.
 */
export const UploadBucket = z.enum(['avatar', 'image', 'attachment']);
export type UploadBucket = z.infer<typeof UploadBucket>;

/** What a bucket accepts: re-encoded images, or documents stored as they are. */
export const UploadKind = z.enum(['image', 'document']);
export type UploadKind = z.infer<typeof UploadKind>;

/** The kinds each bucket accepts. */
export const uploadKindsOf: Record<UploadBucket, readonly UploadKind[]> = {
  avatar: ['image'],
  image: ['image'],
  attachment: ['image', 'document'],
};

/** Path of the multipart upload endpoint, as `upload_url` gives it. */
export const uploadPath = '/api/media/upload';

export const UploadTokenBody = z.object({
  bucket: UploadBucket.default('image'),
  /** The original file name; only a sanitised base name ends up in the key. */
  key: z.string().max(textLimits.fileName).optional(),
  /** MIME type the client claims; only used to refuse early, the bytes decide. */
  type: z.string().max(textLimits.mimeType).optional(),
  /** Size in bytes the client announces; refused early when above `max_bytes`. */
  size: z.coerce.number().int().nonnegative().optional(),
});
export type UploadTokenBody = z.infer<typeof UploadTokenBody>;

export const UploadTokenResult = z.object({
  /** Signed, single-use upload token: send it as the `token` field of the multipart upload. */
  uptoken: z.string(),
  /** Reserved key `<24 hex>/<sanitised name>`; its extension becomes the stored format's. */
  key: z.string(),
  /** Where to POST the multipart form (`token`, `file`). */
  upload_url: z.string(),
  /** Unix seconds when the token stops being accepted (10 minutes after issue). */
  expires_at: z.number().int(),
  /** Largest file accepted, in bytes. */
  max_bytes: z.number().int(),
});
export type UploadTokenResult = z.infer<typeof UploadTokenResult>;

export const requestUploadToken = defineRoute({
  method: 'POST',
  path: '/tokens/qiniu',
  summary:
    'Upload token for one file (bucket avatar | image | attachment): signed for the bucket, a generated key, the size limit, the accepted kinds and 10 minutes. 413 upload.too_large / 415 upload.type_rejected when the announced size or type cannot be accepted.',
  spec: '§7 Upload',
  tags: ['media'],
  isPublic: false,
  body: UploadTokenBody,
  response: UploadTokenResult,
});

export const UploadResult = z.object({
  /** Stored key `<24 hex>/<name>.<stored format>`. */
  key: z.string(),
  /** `/api/files/<bucket>/<key>`; add an `?imageView2/…` suffix for a resized copy (§9). */
  url: z.string(),
  /** Pixels after re-encoding (EXIF orientation applied); 0 for documents. */
  width: z.number().int(),
  height: z.number().int(),
  /** Stored bytes. */
  size: z.number().int(),
  /** Stored MIME type, detected from the bytes. */
  mime: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const uploadFile = defineRoute({
  method: 'POST',
  path: '/media/upload',
  summary:
    'multipart/form-data with `token` (the uptoken) and `file`. The bytes decide the type (images re-encoded without metadata). 400 upload.token_invalid (bad, expired or used token), 413 upload.too_large (bytes or pixels), 415 upload.type_rejected.',
  spec: '§7 Upload, §9',
  tags: ['media'],
  // The upload token is the proof: no Apikey, no Authorization needed.
  isPublic: true,
  response: UploadResult,
});

/**
 * URL of a stored file, each key segment percent-encoded: `/api/files/image/<id>/<name>`.
 */
export function fileUrl(bucket: UploadBucket, key: string): string {
  return `/api/files/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The §9 resize suffix in Qiniu's form, appended to a file url: `?imageView2/<mode>/w/<w>/h/<h>`
 * plus `/format/<f>` and `/q/<q>` when given. Mode 1 crops to cover w×h, mode 2 fits inside. Widths
 * and heights come from the §9 allow-list ({@link imageEdges}); the server refuses any other.
 */
export function imageViewSuffix(options: {
  mode: 1 | 2;
  width?: ImageEdge;
  height?: ImageEdge;
  format?: 'jpg' | 'png' | 'webp';
  quality?: number;
}): string {
  const parts = [`imageView2/${options.mode}`];
  if (options.width) parts.push(`w/${options.width}`);
  if (options.height) parts.push(`h/${options.height}`);
  if (options.format) parts.push(`format/${options.format}`);
  if (options.quality) parts.push(`q/${options.quality}`);
  return `?${parts.join('/')}`;
}

export const getFile = defineRoute({
  method: 'GET',
  path: '/files/:bucket/*',
  summary: `The bytes of an uploaded file (public, immutable: long Cache-Control, ETag, nosniff). An image URL may end in a resize suffix (§9, Qiniu syntax): \`?imageView2/<0-3>/w/<w>/h/<h>[/format/<jpg|png|webp>][/q/<1-100>]\` (mode 1 crops to cover, 2 fits inside) or \`?imageMogr2/thumbnail/<w>x<h>\`; w and h one of ${imageEdges.join(', ')} (the §9 sizes: the web's picture boxes doubled, and the share size), default output jpg. Rendered once, then served from storage; renders (not stored copies) are limited per IP. 404 unknown file, 400 bad suffix or size, 415 vframe or resizing a document, 429 too_frequent with Retry-After.`,
  spec: '§7 Upload, §9',
  tags: ['media'],
  isPublic: true,
  params: z.object({ bucket: z.string(), '*': z.string() }),
  response: z.unknown(),
});
