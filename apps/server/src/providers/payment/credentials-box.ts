import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Version prefix of a sealed value: the format (AES-256-GCM, 12-byte IV, 16-byte tag) it was written in. */
const prefix = 'v1:';
const ivBytes = 12;
const tagBytes = 16;

/** A sealed value that cannot be opened: wrong key, altered ciphertext, or not a `v1:` value. */
export class CredentialsBoxError extends Error {}

/**
 * The 32-byte key that seals payment credentials organisers enter per meeting (DESIGN §8
 * "encrypted at rest with a key from the environment"): `SECRETS_KEY` (base64 of 32 bytes) when
 * set, else HKDF-SHA256 of `AUTH_SECRET` with info 'payment-credentials' (no salt), so a
 * deployment without SECRETS_KEY still never stores credentials in clear.
 * @throws CredentialsBoxError when SECRETS_KEY is set but is not base64 of exactly 32 bytes
 */
export function credentialsKeyOf(config: { SECRETS_KEY?: string | undefined; AUTH_SECRET: string }): Buffer {
  if (config.SECRETS_KEY) {
    const key = Buffer.from(config.SECRETS_KEY, 'base64');
    if (key.length !== 32) throw new CredentialsBoxError('SECRETS_KEY must be base64 of 32 bytes');
    return key;
  }
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(config.AUTH_SECRET, 'utf8'), Buffer.alloc(0), 'payment-credentials', 32),
  );
}

/**
 * Seals a JSON-serialisable value (a provider's credentials) with AES-256-GCM under `key`
 * (32 bytes) and a random 12-byte IV. Output: `v1:` + base64(iv ‖ tag ‖ ciphertext); the same
 * input seals differently each time.
 */
export function sealCredentials(json: unknown, key: Buffer): string {
  if (key.length !== 32) throw new CredentialsBoxError('the credentials key must be 32 bytes');
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(json), 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/**
 * Opens a value written by sealCredentials and parses its JSON.
 * @throws CredentialsBoxError when the prefix is unknown, the value is truncated, the key is
 * another one, or any byte was changed (the GCM tag does not match)
 */
export function openCredentials(sealed: string, key: Buffer): unknown {
  if (!sealed.startsWith(prefix)) throw new CredentialsBoxError('unknown sealed credentials format');
  const bytes = Buffer.from(sealed.slice(prefix.length), 'base64');
  if (bytes.length < ivBytes + tagBytes) throw new CredentialsBoxError('sealed credentials are truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  let text: string;
  try {
    text = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new CredentialsBoxError('sealed credentials do not open with this key (altered or another key)');
  }
  return JSON.parse(text) as unknown;
}

/**
 * Opens a sealed secret string (a WeChat AppSecret, push token, EncodingAESKey, an OpenID Connect
 * client secret: each sealed as a JSON string with sealCredentials). Absent, unopenable (another
 * key, altered bytes) or not a non-empty string → null: the caller treats the secret as not set.
 */
export function openSealedString(sealed: string | null | undefined, key: Buffer): string | null {
  if (!sealed) return null;
  try {
    const value = openCredentials(sealed, key);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}
