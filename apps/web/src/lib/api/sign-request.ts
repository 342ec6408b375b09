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
  const bodyHash = hex(await subtle.digest('SHA-256', encoder.encode(input.body ?? '')));
  const canonical = [
    input.method.toUpperCase(),
    input.pathWithQuery,
    String(input.timestamp),
    input.deviceId,
    bodyHash,
  ].join('\n');
  const key = await subtle.importKey(
    'raw',
    encoder.encode(input.salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = hex(await subtle.sign('HMAC', key, encoder.encode(canonical)));
  return `v1.${input.timestamp}.${signature}`;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
