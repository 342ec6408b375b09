import type { ApikeyInput } from '@app/contracts/wire/apikey.ts';

/**
 * The `Apikey` header of a request (§7; the format is `packages/contracts/src/wire/apikey.ts`'s
 * `signApikey`, which the server checks with). Browsers sign with WebCrypto, which they have on every
 * https page; a plain-http web view without it loads the contracts' @noble/hashes signer on the first
 * request. Either way no hashing library rides in the first script (DESIGN §10).
 * sign-request.test.ts keeps both ways equal to `signApikey`.
 *
 * @returns `v1.<unix seconds>.<hex HMAC-SHA256(salt, canonical)>`
 */
export async function signRequest(
  input: ApikeyInput,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<string> {
  if (!subtle) return (await import('@app/contracts/wire/apikey.ts')).signApikey(input);
  const encoder = new TextEncoder();
  // Each WebCrypto call is a hop through the browser's crypto thread and back to the main thread's
  // queue, behind whatever is running there: a request without a body (every GET) hashes nothing, and
  // the salt's key is imported once, so a GET is signed in one call instead of three.
  const body = input.body ?? '';
  const bodyHash = body === '' ? emptyBodyHash : hex(await subtle.digest('SHA-256', encoder.encode(body)));
  const canonical = [
    input.method.toUpperCase(),
    input.pathWithQuery,
    String(input.timestamp),
    input.deviceId,
    bodyHash,
  ].join('\n');
  const key = await hmacKey(subtle, input.salt);
  const signature = hex(await subtle.sign('HMAC', key, encoder.encode(canonical)));
  return `v1.${input.timestamp}.${signature}`;
}

/** Hex SHA-256 of the empty body. */
const emptyBodyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The HMAC key of each salt (one in practice), imported on first use; a failed import is retried. */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(subtle: SubtleCrypto, salt: string): Promise<CryptoKey> {
  let key = keys.get(salt);
  if (!key) {
    key = subtle.importKey('raw', new TextEncoder().encode(salt), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    key.catch(() => keys.delete(salt));
    keys.set(salt, key);
  }
  return key;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
