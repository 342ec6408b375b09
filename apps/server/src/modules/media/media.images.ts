import type { UploadKind } from '@app/contracts';
import { imageEdges, isImageEdge } from '@app/contracts/wire/image-sizes.ts';
import { decode as decodeBmp } from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { mediaBadRequest, uploadTooLarge, uploadTypeRejected } from './media.errors.ts';

/**
 * Most pixels an uploaded image may have, all frames of an animation together (50 megapixels):
 * a 30000×30000 "pixel bomb" is refused from its header, before anything is decoded.
 */
export const maxInputPixels = 50_000_000;

/** Quality of re-encoded JPEG/WebP uploads and of resized copies when the suffix names none. */
export const defaultQuality = 85;

/** Decoded formats of uploaded images; `bmp` is decoded by bmp-ts and stored as PNG. */
type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp';

/**
 * A file type we accept, detected from the bytes: its kind, the extension and MIME type it is STORED
 * with, the image decoder to use, and other MIME types a client may claim for it.
 */
export type DetectedType = {
  kind: UploadKind;
  extension: string;
  mime: string;
  imageFormat?: ImageFormat;
  claimedAs?: readonly string[];
};

// Keyed by file-type's extension of the bytes received.
const acceptedTypes: Record<string, DetectedType> = {
  jpg: { kind: 'image', extension: 'jpg', mime: 'image/jpeg', imageFormat: 'jpeg', claimedAs: ['image/jpg'] },
  png: { kind: 'image', extension: 'png', mime: 'image/png', imageFormat: 'png' },
  webp: { kind: 'image', extension: 'webp', mime: 'image/webp', imageFormat: 'webp' },
  gif: { kind: 'image', extension: 'gif', mime: 'image/gif', imageFormat: 'gif' },
  // §9 lists bmp among image types; sharp cannot read it, so it is decoded here and kept as PNG.
  bmp: {
    kind: 'image',
    extension: 'png',
    mime: 'image/png',
    imageFormat: 'bmp',
    claimedAs: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'],
  },
  pdf: { kind: 'document', extension: 'pdf', mime: 'application/pdf' },
  docx: {
    kind: 'document',
    extension: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    kind: 'document',
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    kind: 'document',
    extension: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  // The Office 97–2003 formats share one container (CFB); the upload's name tells doc, xls or ppt
  // apart (legacyOfficeType), defaulting to doc.
  cfb: { kind: 'document', extension: 'doc', mime: 'application/msword' },
  // Videos (§9 file icons, video-frame suffix): stored as they are.
  mp4: { kind: 'document', extension: 'mp4', mime: 'video/mp4' },
  mov: { kind: 'document', extension: 'mov', mime: 'video/quicktime' },
  webm: { kind: 'document', extension: 'webm', mime: 'video/webm' },
};

/**
 * The stored type of an Office 97–2003 file (a CFB container) from its original name: xls and ppt
 * by extension, doc otherwise; any other detected type is returned as it is.
 */
export function legacyOfficeType(type: DetectedType, originalName: string): DetectedType {
  if (type.mime !== 'application/msword') return type;
  const extension = /\.([A-Za-z]{3})$/.exec(originalName)?.[1]?.toLowerCase();
  if (extension === 'xls') return { ...type, extension: 'xls', mime: 'application/vnd.ms-excel' };
  if (extension === 'ppt') return { ...type, extension: 'ppt', mime: 'application/vnd.ms-powerpoint' };
  return type;
}

/** MIME types of {@link acceptedTypes} by kind, to refuse a claimed type early. */
export function isAcceptableClaim(claimedMime: string, kinds: readonly UploadKind[]): boolean {
  const mime = claimedMime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime === '' || mime === 'application/octet-stream') return true;
  return Object.values(acceptedTypes).some(
    (type) => kinds.includes(type.kind) && (type.mime === mime || type.claimedAs?.includes(mime)),
  );
}

/**
 * The type of a file from its magic bytes (file-type), never from a name or a claimed type.
 * Images: JPEG, PNG, WebP, GIF, BMP (stored as PNG). Documents: PDF, DOCX, XLSX, PPTX. TIFF, HEIC,
 * SVG and the rest are refused.
 * @throws 415 upload.type_rejected — unknown type, or a kind `kinds` does not include
 */
export async function detectFileType(bytes: Buffer, kinds: readonly UploadKind[]): Promise<DetectedType> {
  const found = await fileTypeFromBuffer(bytes);
  const type = found ? acceptedTypes[found.ext] : undefined;
  const accepted = Object.entries(acceptedTypes)
    .filter(([, t]) => kinds.includes(t.kind))
    .map(([extension]) => extension);
  if (!type || !kinds.includes(type.kind)) {
    throw uploadTypeRejected(
      `File type ${found ? found.mime : 'unknown'} is not accepted here (accepted: ${accepted.join(', ')})`,
    );
  }
  return type;
}

/** A re-encoded image. `height` is one frame's height for animations. */
export type EncodedImage = { bytes: Buffer; width: number; height: number };

// BMP file layout (BITMAPFILEHEADER + BITMAPINFOHEADER), little-endian byte offsets.
const bmp = { dataOffset: 10, width: 18, height: 22, bitsPerPixel: 28, compression: 30, minHeader: 54 };
/** BI_RGB, BI_BITFIELDS, BI_ALPHA_BITFIELDS: pixels stored uncompressed, so their size is known. */
const uncompressedBmp = new Set([0, 3, 6]);

function pixelLimitMessage(width: number, height: number, pages = 1): string {
  return `The image has too many pixels (${width}×${height}${pages > 1 ? `×${pages} frames` : ''}; at most ${maxInputPixels / 1_000_000} megapixels)`;
}

/**
 * A BMP (§9 image types) as PNG: the header is checked first (size, pixel limit, and for uncompressed
 * files that the pixel rows are all there), then bmp-ts decodes it (1 to 32 bits, paletted, bit
 * fields, RLE; bottom-up or top-down rows) and sharp encodes its pixels. bmp-ts gives A,B,G,R bytes
 * per pixel; alpha is kept only for 16- and 32-bit files, and a file whose alpha is 0 everywhere is
 * taken as opaque (writers often leave the fourth byte unused; browsers read it so too).
 * @throws 413 upload.too_large (width × height over {@link maxInputPixels}), 415 upload.type_rejected
 *   (malformed or truncated)
 */
async function bmpToPng(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length < bmp.minHeader) throw uploadTypeRejected('The BMP image is truncated');
  const width = bytes.readInt32LE(bmp.width);
  const height = Math.abs(bytes.readInt32LE(bmp.height));
  const bitsPerPixel = bytes.readUInt16LE(bmp.bitsPerPixel);
  if (width <= 0 || height <= 0 || ![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) {
    throw uploadTypeRejected('The BMP image cannot be read');
  }
  if (width * height > maxInputPixels) throw uploadTooLarge(pixelLimitMessage(width, height));
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (
    uncompressedBmp.has(bytes.readUInt32LE(bmp.compression)) &&
    bytes.readUInt32LE(bmp.dataOffset) + rowBytes * height > bytes.length
  ) {
    // Refused before the decoder allocates width × height × 4 bytes for rows that are not there.
    throw uploadTypeRejected('The BMP image is truncated');
  }
  let abgr: Buffer;
  try {
    const decoded = decodeBmp(bytes);
    if (decoded.width !== width || decoded.height !== height) throw new Error('size mismatch');
    abgr = decoded.data;
  } catch {
    throw uploadTypeRejected('The BMP image cannot be decoded');
  }
  const rgba = Buffer.allocUnsafe(abgr.length);
  const hasAlphaChannel = bitsPerPixel === 16 || bitsPerPixel === 32;
  let isOpaque = true;
  let isAlphaUnused = true;
  for (let at = 0; at < abgr.length; at += 4) {
    const alpha = hasAlphaChannel ? (abgr[at] as number) : 255;
    rgba[at] = abgr[at + 3] as number;
    rgba[at + 1] = abgr[at + 2] as number;
    rgba[at + 2] = abgr[at + 1] as number;
    rgba[at + 3] = alpha;
    if (alpha !== 255) isOpaque = false;
    if (alpha !== 0) isAlphaUnused = false;
  }
  let pipeline = sharp(rgba, { raw: { width, height, channels: 4 } });
  if (isOpaque || isAlphaUnused) pipeline = pipeline.removeAlpha();
  return { bytes: await pipeline.png().toBuffer(), width, height };
}

/**
 * Decodes and re-encodes an uploaded image in its own format (JPEG q85 mozjpeg, PNG, WebP q85, GIF;
 * BMP becomes PNG, see bmpToPng):
 * EXIF orientation applied (`rotate()`), all metadata dropped (EXIF, GPS, XMP, ICC — colours converted
 * to sRGB). Animated GIF and WebP stay animated in their format (no orientation there).
 * Pixels are counted from the header first; nothing is decoded above {@link maxInputPixels}.
 * @throws 413 upload.too_large (too many pixels), 415 upload.type_rejected (undecodable, or the
 *   decoder disagrees with the detected type)
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<EncodedImage> {
  if (format === 'bmp') return bmpToPng(bytes);
  let metadata: Metadata;
  try {
    // Header only: the pixel limit is checked below with our own message (sharp's would throw here).
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw uploadTypeRejected('The image cannot be read');
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw uploadTypeRejected('The image cannot be read');
  }
  const pages = Math.max(1, metadata.pages ?? 1);
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight * pages > maxInputPixels) {
    throw uploadTooLarge(pixelLimitMessage(metadata.width, frameHeight, pages));
  }
  const isAnimated = pages > 1 && (format === 'gif' || format === 'webp');
  let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, animated: isAnimated, failOn: 'error' });
  if (!isAnimated) pipeline = pipeline.rotate();
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: defaultQuality, mozjpeg: true });
  else if (format === 'png') pipeline = pipeline.png();
  else if (format === 'webp') pipeline = pipeline.webp({ quality: defaultQuality });
  else pipeline = pipeline.gif();
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: isAnimated ? (info.pageHeight ?? frameHeight) : info.height,
    };
  } catch {
    throw uploadTypeRejected('The image cannot be decoded');
  }
}

/** Output formats of a resized copy (§9: jpg by default). */
export type VariantFormat = 'jpg' | 'png' | 'webp';

/**
 * A resize asked by URL suffix, normalised:
 * - `cover`: exactly width×height, cropped around the centre (imageView2 mode 1), enlarging if needed;
 * - `inside`: within width×height keeping the aspect ratio (mode 2, imageMogr2 `WxH`);
 * - `outside`: at least width×height (mode 3, imageMogr2 `WxH^`);
 * - `edges`: long edge ≤ width and short edge ≤ height (mode 0);
 * - `fill`: exactly width×height, aspect ignored (imageMogr2 `WxH!`).
 * Modes other than cover never enlarge. Width/height undefined = unbounded; both undefined = no resize.
 */
export type ImageOperation = {
  fit: 'cover' | 'inside' | 'outside' | 'edges' | 'fill';
  width?: number;
  height?: number;
  format: VariantFormat;
  /** 1..100; 0 for PNG (no quality there). */
  quality: number;
  /** A video's still at this many seconds (the §9 `vframe` suffix) instead of an image resize. */
  frameAtSeconds?: number;
};

const suffixPrefixes = ['imageView2/', 'imageMogr2/', 'vframe/'];

/**
 * A width or height from a suffix, refused unless it is on the §9 allow-list (imageEdges, shared with
 * the web): any other size — 100, 4096 — is a 400 naming the parameter, never snapped to a near one,
 * so a wrong URL shows up at once instead of quietly rendering (and storing) another variant.
 */
function parseEdge(value: string | undefined, name: string): number {
  const number = value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!isImageEdge(number)) {
    throw mediaBadRequest(
      `${name} must be one of ${imageEdges.join(', ')} (the §9 image sizes), not ${value ?? 'nothing'}`,
    );
  }
  return number;
}

function parseFormat(value: string | undefined): VariantFormat {
  const format = value?.toLowerCase();
  if (format === 'jpg' || format === 'jpeg') return 'jpg';
  if (format === 'png' || format === 'webp') return format;
  throw mediaBadRequest('format must be jpg, png or webp');
}

function parseQuality(value: string | undefined): number {
  if (value === undefined || !/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) {
    throw mediaBadRequest('quality must be between 1 and 100');
  }
  return Number(value);
}

function parseImageView2(tokens: string[]): ImageOperation {
  const mode = tokens[0];
  if (mode === undefined || !/^[0-5]$/.test(mode)) throw mediaBadRequest('imageView2 needs a mode 0 to 3');
  let width: number | undefined;
  let height: number | undefined;
  let format: VariantFormat = 'jpg';
  let quality = defaultQuality;
  for (let i = 1; i < tokens.length; i += 2) {
    const name = tokens[i];
    const value = tokens[i + 1];
    if (name === 'w') width = parseEdge(value, 'w');
    else if (name === 'h') height = parseEdge(value, 'h');
    else if (name === 'format') format = parseFormat(value);
    else if (name === 'q') quality = parseQuality(value?.replace(/!$/, ''));
    else if (name === 'interlace' || name === 'ignore-error') continue;
    else throw mediaBadRequest(`imageView2 parameter ${name} is not supported`);
  }
  const fits = { '0': 'edges', '1': 'cover', '2': 'inside', '3': 'outside' } as const;
  const fit = fits[mode as keyof typeof fits];
  if (!fit) throw mediaBadRequest(`imageView2 mode ${mode} is not supported (0 to 3)`);
  // Modes 1 and 3 with one side given use it for both (Qiniu's rule).
  if ((fit === 'cover' || fit === 'outside') && (width === undefined) !== (height === undefined)) {
    width ??= height;
    height ??= width;
  }
  return { fit, width, height, format, quality };
}

function parseImageMogr2(tokens: string[]): ImageOperation {
  let operation: ImageOperation = { fit: 'inside', format: 'jpg', quality: defaultQuality };
  for (let i = 0; i < tokens.length; i++) {
    const name = tokens[i];
    if (name === 'auto-orient' || name === 'strip') continue; // stored images are both already
    const value = tokens[++i];
    if (name === 'thumbnail') {
      const match = /^(\d+)?x(\d+)?([!^>]?)$/.exec(value ?? '');
      if (!match || (match[1] === undefined && match[2] === undefined)) {
        throw mediaBadRequest('thumbnail must be <w>x<h>, <w>x or x<h> (with ! or ^ optionally)');
      }
      const width = match[1] === undefined ? undefined : parseEdge(match[1], 'thumbnail width');
      const height = match[2] === undefined ? undefined : parseEdge(match[2], 'thumbnail height');
      const marker = match[3];
      if (marker && (width === undefined || height === undefined)) {
        throw mediaBadRequest('thumbnail with ! or ^ needs both width and height');
      }
      operation = {
        ...operation,
        width,
        height,
        fit: marker === '!' ? 'fill' : marker === '^' ? 'outside' : 'inside',
      };
    } else if (name === 'format') operation.format = parseFormat(value);
    else if (name === 'quality' || name === 'q') operation.quality = parseQuality(value?.replace(/!$/, ''));
    else if (name === 'interlace') continue;
    else throw mediaBadRequest(`imageMogr2 parameter ${name} is not supported`);
  }
  return operation;
}

/** Latest offset of a video still (10 hours), in seconds. */
const maxFrameOffsetSeconds = 36_000;

/**
 * `vframe/<jpg|png>[/offset/<seconds>][/w/<w>][/h/<h>]` (§9 video frame, Qiniu syntax): a still of a
 * video at `offset` seconds (default 5, decimals allowed), jpg by default, optionally fitted inside
 * w×h (the §9 sizes).
 */
function parseVideoFrame(tokens: string[]): ImageOperation {
  const format = tokens[0] === undefined ? 'jpg' : parseFormat(tokens[0]);
  const operation: ImageOperation = {
    fit: 'inside',
    format: format === 'webp' ? 'jpg' : format,
    quality: format === 'png' ? 0 : defaultQuality,
    frameAtSeconds: 5,
  };
  for (let i = 1; i < tokens.length; i += 2) {
    const name = tokens[i];
    const value = tokens[i + 1];
    if (name === 'offset') {
      if (
        value === undefined ||
        !/^\d{1,5}(\.\d{1,3})?$/.test(value) ||
        Number(value) > maxFrameOffsetSeconds
      ) {
        throw mediaBadRequest(`offset must be seconds between 0 and ${maxFrameOffsetSeconds}`);
      }
      operation.frameAtSeconds = Number(value);
    } else if (name === 'w') operation.width = parseEdge(value, 'w');
    else if (name === 'h') operation.height = parseEdge(value, 'h');
    else throw mediaBadRequest(`vframe parameter ${name} is not supported`);
  }
  return operation;
}

/**
 * The resize a file URL's query asks for (§9, Qiniu syntax), or null to serve the file as stored.
 * The first `&`-separated query part starting with `imageView2/`, `imageMogr2/` or `vframe/`
 * counts; other parts (cache busters like `t=1`) are ignored.
 * - `imageView2/<mode 0-3>/w/<w>/h/<h>[/format/<jpg|png|webp>][/q/<1-100>]`;
 * - `imageMogr2/thumbnail/<w>x<h>[!|^][/format/…][/quality/…]`, `auto-orient` and `strip` accepted;
 * w and h from the §9 allow-list only (imageEdges: 80, 88, 96, 112, 120, 128, 160, 192 — refused, not
 * snapped, otherwise). Default output JPEG (§9), quality 85.
 * - `vframe/<jpg|png>[/offset/<s>][/w/<w>][/h/<h>]`: a video's still (parseVideoFrame).
 * @throws 400 validation_failed (bad or unsupported parameter, a size off the allow-list — the message
 *   names the parameter and the allowed sizes)
 */
export function parseImageSuffix(rawQuery: string): ImageOperation | null {
  for (const rawPart of rawQuery.split('&')) {
    let part: string;
    try {
      part = decodeURIComponent(rawPart.replace(/=$/, ''));
    } catch {
      continue;
    }
    if (!suffixPrefixes.some((prefix) => part.startsWith(prefix))) continue;
    if (part.includes('|')) throw mediaBadRequest('Chained image operations are not supported');
    const [command, ...tokens] = part.split('/').filter((token) => token !== '');
    if (command === 'vframe') return parseVideoFrame(tokens);
    const operation = command === 'imageView2' ? parseImageView2(tokens) : parseImageMogr2(tokens);
    if (operation.format === 'png') operation.quality = 0;
    return operation;
  }
  return null;
}

/** A file name for a resized copy, the same for every suffix asking for the same result. */
export function variantName(operation: ImageOperation): string {
  const { fit, width, height, format, quality, frameAtSeconds } = operation;
  const frame = frameAtSeconds === undefined ? '' : `frame${frameAtSeconds}-`;
  return `${frame}${fit}-${width ?? 0}x${height ?? 0}-q${quality}.${format}`;
}

const variantMime: Record<VariantFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Renders a resized copy of a stored image (first frame of an animation). JPEG output is flattened
 * on white (no alpha in JPEG).
 * @returns the bytes and their MIME type
 * @throws 415 upload.type_rejected when the stored bytes are not a decodable image
 */
export async function renderVariant(
  bytes: Buffer,
  operation: ImageOperation,
): Promise<{ bytes: Buffer; mime: string }> {
  try {
    let { width, height } = operation;
    const fit = operation.fit === 'edges' ? 'inside' : operation.fit;
    if (operation.fit === 'edges') {
      const metadata = await sharp(bytes).metadata();
      if ((metadata.height ?? 0) > (metadata.width ?? 0)) [width, height] = [height, width];
    }
    let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    if (width !== undefined || height !== undefined) {
      pipeline = pipeline.resize({
        width,
        height,
        fit,
        withoutEnlargement: fit !== 'cover' && fit !== 'fill',
      });
    }
    if (operation.format === 'jpg') {
      pipeline = pipeline
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: operation.quality, mozjpeg: true });
    } else if (operation.format === 'png') pipeline = pipeline.png();
    else pipeline = pipeline.webp({ quality: operation.quality });
    return { bytes: await pipeline.toBuffer(), mime: variantMime[operation.format] };
  } catch {
    throw uploadTypeRejected('This file cannot be resized');
  }
}
