import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The `sign` of POST /tokens/phone/v2 (§5 "phone-token request is signed with the phone, a secret salt
 * and a unix timestamp"): hex HMAC-SHA256 keyed with the salt over `<E.164 phone>:<timestamp>`, the
 * timestamp written exactly as it is sent (unix seconds, or milliseconds when 13 digits, §9).
 *
 * Whoever holds the salt can log in as any phone, so it belongs to a trusted embedder's server (the
 * mini-program back end), never to code shipped to browsers. @noble/hashes so the same code runs in
 * Node and in web views.
 *
 * @param input.salt the shared secret (server: PHONE_TOKEN_SALT)
 * @param input.e164 the phone in E.164, e.g. '+8613800138000' (see normalisePhone in @app/domain/contact)
 * @param input.timestamp unix seconds (or 13-digit milliseconds) as sent in the body
 * @returns 64 lower-case hex characters
 */
export function phoneTokenSignature(input: {
  salt: string;
  e164: string;
  timestamp: number | string;
}): string {
  const message = `${input.e164}:${String(input.timestamp)}`;
  return bytesToHex(hmac(sha256, utf8ToBytes(input.salt), utf8ToBytes(message)));
}
