import type { RichTextWire } from '@app/contracts';

/**
 * Reading rich text off the wire (§5, §9): short texts arrive as the HTML itself, long ones as
 * `{ chunks }`, each a gzip + base64 piece of the UTF-8 source, cut on character boundaries by the
 * server (apps/server/src/modules/shared/rich-text.ts). The HTML was sanitised before it was
 * stored, so what this returns can be rendered as is (components/ui/rich-text.tsx).
 *
 * Inflating uses the browser's DecompressionStream('gzip') (Chrome 80, Firefox 113, Safari 16.4);
 * older engines (iOS before 16.4, old in-app webviews) load fflate's gunzip on demand, so neither
 * costs the home's first script anything.
 */

/** Decodes base64 into bytes. */
function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Inflates one gzip member with the platform's DecompressionStream. */
async function gunzipNative(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates one gzip member with fflate, loaded the first time it is needed. */
async function gunzipFallback(bytes: Uint8Array): Promise<Uint8Array> {
  const { gunzipSync } = await import('fflate');
  return gunzipSync(bytes);
}

/** Whether this engine has a gzip DecompressionStream. */
export function hasNativeGunzip(): boolean {
  return typeof DecompressionStream === 'function';
}

/**
 * The HTML a RichTextWire carries: the string itself, or every chunk base64-decoded, gunzipped and
 * the bytes joined in order before decoding as UTF-8 (a chunk ends on a character boundary, but
 * joining bytes first is correct either way).
 *
 * @param wire a RichTextWire, or null/undefined (→ '')
 * @param options.forceFallback use fflate even where DecompressionStream exists (tests)
 * @returns the sanitised HTML
 * @throws when a chunk is not valid base64 or gzip (a corrupt response)
 */
export async function readRichText(
  wire: RichTextWire | null | undefined,
  options: { forceFallback?: boolean } = {},
): Promise<string> {
  if (wire == null) return '';
  if (typeof wire === 'string') return wire;
  const useNative = hasNativeGunzip() && !options.forceFallback;
  const parts = await Promise.all(
    wire.chunks.map((chunk) =>
      useNative ? gunzipNative(base64Bytes(chunk)) : gunzipFallback(base64Bytes(chunk)),
    ),
  );
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new TextDecoder('utf-8').decode(joined);
}
