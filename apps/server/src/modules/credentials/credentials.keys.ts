import { createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import {
  credentialsKeyOf,
  openCredentials,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';

/** Keys of ID numbers: one seals (AES-256-GCM), one indexes (HMAC-SHA256); never the payment key itself. */
type IdNumberKeys = { seal: Buffer; index: Buffer };

const cache = new WeakMap<object, IdNumberKeys>();

/**
 * The two ID-number keys (DESIGN §8 "encrypted at rest with a key from the environment"): derived
 * with HKDF-SHA256 from the credentials box key (SECRETS_KEY, else AUTH_SECRET) under their own
 * infos 'id-number-seal' and 'id-number-index', so a leaked index key opens nothing and neither
 * equals the key that seals payment credentials.
 */
export function idNumberKeys(config: Pick<Config, 'SECRETS_KEY' | 'AUTH_SECRET'>): IdNumberKeys {
  const known = cache.get(config);
  if (known) return known;
  const root = credentialsKeyOf(config);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), info, 32));
  const keys = { seal: derive('id-number-seal'), index: derive('id-number-index') };
  cache.set(config, keys);
  return keys;
}

/**
 * The blind index of a number (§5 unique per meeting without keeping it in clear): hex
 * HMAC-SHA256 of `<kind group>:<country>:<normalised number>`; mainland and permit numbers share
 * the group 'id' (the kind follows from the number), passports are 'passport' with their country.
 */
export function idNumberHash(
  keys: IdNumberKeys,
  input: { kind: string; country: string; number: string },
): string {
  const group = input.kind === 'passport' ? `passport:${input.country}` : 'id:';
  return createHmac('sha256', keys.index).update(`${group}:${input.number}`).digest('hex');
}

/** Seals a normalised number (`v1:` AES-256-GCM, a fresh IV each time). */
export function sealIdNumber(keys: IdNumberKeys, number: string): string {
  return sealCredentials(number, keys.seal);
}

/** Opens a sealed number. @throws CredentialsBoxError (another key or altered) */
export function openIdNumber(keys: IdNumberKeys, sealed: string): string {
  return String(openCredentials(sealed, keys.seal));
}
