import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type ApikeyHashes, apikeySignature, ErrorCode, parseApikey } from '@app/contracts';
import type { App } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { isApiPath } from './path-normalisation.ts';

/**
 * Routes under /api that need no Apikey: health checks and the API documentation. Decided by the
 * route that answers (its pattern), not by the URL text, so no spelling of a path can borrow the
 * exemption.
 */
function isExemptRoute(routeUrl: string | undefined): boolean {
  return (
    routeUrl === '/api/health' || routeUrl === '/api/docs' || Boolean(routeUrl?.startsWith('/api/docs/'))
  );
}

/**
 * The signature's hashes on node:crypto: the same hex as the clients' @noble/hashes (contracts), in
 * native code. Every /api request is checked, so this is per-request CPU: on this house's 2-core
 * bench, a database-free route serves about 30 % more requests/s than with the JavaScript SHA-256.
 */
export const nodeApikeyHashes: ApikeyHashes = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  hmacSha256Hex: (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex'),
};

/**
 * Verifies the `Apikey` signature (§7; scheme in contracts/wire/apikey.ts and the README) of every
 * /api request after its body is read (the path as plugins/path-normalisation.ts reads it). Refusals: 401 `apikey_missing`, 401 `apikey_invalid` (malformed
 * or wrong signature), 401 `apikey_expired` (clock more than 10 minutes off; the response carries
 * x-server-time so the client can correct and retry).
 */
export function registerApikey(app: App): void {
  const { config } = app.deps;
  if (config.APIKEY_REQUIRED === '0') return;
  app.addHook('preValidation', async (request) => {
    // plugins/path-normalisation.ts has refused every non-canonical API path, so the normalised path
    // decides; unknown /api paths still need an Apikey before they learn they are unknown.
    if (!isApiPath(request.normalisedPath) || isExemptRoute(request.routeOptions.url)) return;
    if (request.routeOptions.config.skipApikey) return;
    const path = request.url;
    const header = request.headers.apikey;
    const parsed = parseApikey(Array.isArray(header) ? header[0] : header, Math.floor(Date.now() / 1000));
    if (!parsed.ok) {
      if (parsed.reason === 'missing')
        throw new AppError(401, ErrorCode.apikeyMissing, 'Apikey header is required');
      if (parsed.reason === 'expired') {
        throw new AppError(401, ErrorCode.apikeyExpired, 'Apikey timestamp is too far from the server clock');
      }
      throw new AppError(401, ErrorCode.apikeyInvalid, 'Apikey header is malformed');
    }
    const expected = apikeySignature(
      {
        salt: config.APIKEY_SALT,
        method: request.method,
        pathWithQuery: path,
        timestamp: parsed.timestamp,
        deviceId: request.actor.deviceId ?? '',
        body: request.rawBody,
      },
      nodeApikeyHashes,
    );
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(parsed.signature))) {
      throw new AppError(401, ErrorCode.apikeyInvalid, 'Apikey signature does not match the request');
    }
  });
}
