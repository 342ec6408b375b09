import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The `Apikey` request signature (§7 "Apikey: signed hash of the request with a fixed salt").
 *
 * Header value: `v1.<unix seconds>.<hex HMAC-SHA256(salt, canonical)>` where canonical is the
 * newline-joined `METHOD`, path with query exactly as sent (e.g. `/api/meeting/agendas?limit=5`),
 * the same unix timestamp, the `device-id` header (empty string if none) and the hex SHA-256 of the raw
 * body (of the empty string when there is none).
 *
 * The salt ships inside the web bundle, so this is tamper and casual-abuse protection, not
 * authentication: who the caller is comes from the `Authorization` token. Implemented with
 * @noble/hashes so the browser (also plain-http web views without WebCrypto) and the server run the
 * same code.
 */
export type ApikeyInput = {
  salt: string;
  method: string;
  /** Path and query string as sent, starting with `/api`. */
  pathWithQuery: string;
  /** Unix time in seconds. */
  timestamp: number;
  deviceId: string;
  /** Raw request body as sent (form-encoded or JSON text); empty or undefined when there is none. */
  body?: string | undefined;
};

/** How far (seconds) a signature's timestamp may be from the server clock before it is refused. */
export const apikeyMaxSkewSeconds = 600;

/** Header name of the server clock (unix seconds), sent on every response so clients can correct skew. */
export const serverTimeHeader = 'x-server-time';

/**
 * The hash primitives a signature is computed with, each returning lower-case hex of UTF-8 text:
 * @noble/hashes by default (the browser, web views without WebCrypto); the server passes node:crypto's,
 * which give the same hex at a fraction of the CPU.
 */
export type ApikeyHashes = {
  sha256Hex: (text: string) => string;
  hmacSha256Hex: (key: string, text: string) => string;
};

/** @noble/hashes: the same code in every JavaScript runtime. */
export const nobleApikeyHashes: ApikeyHashes = {
  sha256Hex: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmacSha256Hex: (key, text) => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text))),
};

function canonical(input: Omit<ApikeyInput, 'salt'>, hashes: ApikeyHashes): string {
  return [
    input.method.toUpperCase(),
    input.pathWithQuery,
    String(input.timestamp),
    input.deviceId,
    hashes.sha256Hex(input.body ?? ''),
  ].join('\n');
}

/** Hex HMAC-SHA256 signature of a request, computed with `hashes` (default @noble/hashes). */
export function apikeySignature(input: ApikeyInput, hashes: ApikeyHashes = nobleApikeyHashes): string {
  return hashes.hmacSha256Hex(input.salt, canonical(input, hashes));
}

/** Builds the full `Apikey` header value for a request. */
export function signApikey(input: ApikeyInput): string {
  return `v1.${input.timestamp}.${apikeySignature(input)}`;
}

export type ParsedApikey =
  | { ok: true; timestamp: number; signature: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' };

/**
 * Parses an `Apikey` header and checks its timestamp; the caller then compares `signature` with
 * `apikeySignature(...)` in constant time (the server uses node:crypto timingSafeEqual).
 *
 * @param header the header value (undefined when absent)
 * @param nowSeconds the server's unix time in seconds
 * @returns the timestamp and signature, or why it is refused: missing, malformed, or expired (more than
 *   apikeyMaxSkewSeconds from the server clock)
 */
export function parseApikey(header: string | undefined, nowSeconds: number): ParsedApikey {
  if (!header) return { ok: false, reason: 'missing' };
  const match = /^v1\.(\d{1,12})\.([0-9a-f]{64})$/.exec(header.trim());
  if (!match) return { ok: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(nowSeconds - timestamp) > apikeyMaxSkewSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp, signature: match[2] ?? '' };
}
