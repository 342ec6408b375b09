import type { Readable } from 'node:stream';

/** A stored object as read back: a byte stream with its type, length and entity tag. */
export type StoredObject = {
  body: Readable;
  /** Content type recorded for the object. */
  mime: string;
  /** Length in bytes. */
  size: number;
  /** Quoted entity tag for If-None-Match, e.g. `"5f2a-18c3b2"`; changes when the bytes change. */
  etag: string;
};

/**
 * Object storage for uploads (DESIGN §1): local disk by default, S3-compatible when S3_BUCKET is set.
 * Keys are relative slash-separated paths checked by {@link assertStorageKey}.
 */
export interface Storage {
  /** Writes (or replaces) the object at `key`. Readers never see a half-written object. */
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The object at `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when it does not exist. */
  delete(key: string): Promise<void>;
}

/**
 * Refuses keys that could leave the storage root or confuse a file system: empty, absolute, with
 * empty, `.` or `..` segments, backslashes, NUL or other control characters, or over 512 characters.
 * Both drivers call it on every key; the local disk driver also checks the resolved path.
 * @throws Error `Invalid storage key` — a programming error, never user input reaching storage.
 */
export function assertStorageKey(key: string): void {
  const isValid =
    key.length > 0 &&
    key.length <= 512 &&
    !key.startsWith('/') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[\\\u0000-\u001f\u007f]/.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!isValid) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** Reads a whole stream into one buffer. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
