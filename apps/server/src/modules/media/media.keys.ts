import type { UploadBucket } from '@app/contracts';

/** Longest sanitised file name, in characters (code points), extension included. */
export const maxFileNameLength = 80;

/** Name used when nothing of the original name survives sanitising. */
const fallbackName = 'file';

// Names Windows refuses for files whatever the extension; harmless elsewhere, renamed everywhere.
const windowsDeviceName = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name safe for keys, URLs and file systems (§7 Upload: "a sanitised file name"):
 * - NFKC first, so full-width `／` or `．` become `/` and `.` and are handled below;
 * - control characters (NUL included) dropped; only the base name kept (after the last `/` or `\`);
 * - letters (any script, with their combining marks), digits and `._-` kept, every other run → `-`;
 * - runs of dots → one dot (no `..` left), runs of `-` → one; no leading `.`/`-`, no trailing `.`/`-`;
 * - at most {@link maxFileNameLength} characters, the extension (up to 8 characters) kept;
 * - never empty or dot-only (`file`), never a Windows device name.
 * Idempotent: sanitising a sanitised name returns it unchanged.
 * @example sanitiseFileName('../../etc/passwd.png') === 'passwd.png'
 */
export function sanitiseFileName(input: string): string {
  const normalised = input
    .normalize('NFKC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  const base = normalised.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    // A mark cannot start a name (it would combine with whatever precedes it in a path).
    .replace(/^[.\-\p{M}]+/u, '')
    .replace(/[.-]+$/, '');
  const dot = cleaned.lastIndexOf('.');
  let stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  let extension = dot > 0 ? cleaned.slice(dot + 1) : '';
  if (Array.from(extension).length > 8) {
    stem = cleaned;
    extension = '';
  }
  if (windowsDeviceName.test(stem)) stem = `${stem}-file`;
  const room = maxFileNameLength - (extension ? Array.from(extension).length + 1 : 0);
  stem = Array.from(stem)
    .slice(0, room)
    .join('')
    .replace(/[.-]+$/, '');
  if (stem === '' || /^[._-]*$/.test(stem)) stem = fallbackName;
  return extension ? `${stem}.${extension}` : stem;
}

/** `name` with its extension replaced by `extension` (the stored format), keeping the length bound. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return sanitiseFileName(`${stem}.${extension}`);
}

/** Generated key of an upload: `<24-hex id>/<sanitised name>`. */
export function uploadKey(id: string, name: string): string {
  return `${id}/${name}`;
}

/**
 * Whether `key` is a key this module generates: a 24-hex id, one slash, and a name that
 * sanitising leaves unchanged. Anything else (traversal, encoded slashes, extra segments) is refused
 * before storage is asked.
 */
export function isUploadKey(key: string): boolean {
  const match = /^([0-9a-f]{24})\/([^/]+)$/.exec(key);
  return match !== null && sanitiseFileName(match[2] as string) === match[2];
}

/** The upload id (also the token's jti) at the start of a key. */
export function uploadIdOf(key: string): string {
  return key.slice(0, 24);
}

/** Storage key of an original upload. */
export function originalStorageKey(bucket: UploadBucket, key: string): string {
  return `${bucket}/${key}`;
}

/**
 * Storage key of a resized variant, in a tree apart from the originals (an original's key is a
 * file, so it cannot also be a folder): `_variants/<bucket>/<key>/<variant name>`.
 */
export function variantStorageKey(bucket: UploadBucket, key: string, variantName: string): string {
  return `_variants/${bucket}/${key}/${variantName}`;
}
