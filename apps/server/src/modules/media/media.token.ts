import { hkdfSync } from 'node:crypto';
import { UploadBucket, UploadKind } from '@app/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { uploadTokenInvalid } from './media.errors.ts';

/** Seconds an upload token stays valid (§7 Upload). */
export const uploadTokenLifetimeSeconds = 10 * 60;

const audience = 'media-upload';
const tokenType = 'upload+jwt';

/** What an upload token grants: one file, into one bucket and key, up to a size, of some kinds. */
export type UploadGrant = {
  /** Upload id: the key's prefix, the token's jti and the uploads row id (single use). */
  id: string;
  bucket: UploadBucket;
  /** Reserved key `<id>/<sanitised name>`. */
  key: string;
  /** Original file name as the client gave it (≤ 255 characters), for the record only. */
  originalName: string;
  /** Largest accepted file, bytes. */
  maxBytes: number;
  kinds: UploadKind[];
  userId: string;
  meetingId: string | null;
  /** Unix seconds. */
  expiresAt: number;
};

const Claims = z.object({
  jti: z.string().regex(/^[0-9a-f]{24}$/),
  sub: z.string().min(1),
  bkt: UploadBucket,
  key: z.string().min(26).max(200),
  name: z.string().max(255),
  max: z.number().int().positive(),
  kinds: z.array(UploadKind).min(1),
  mid: z.string().nullable(),
  exp: z.number().int(),
});

/**
 * The HS256 key of upload tokens, derived from AUTH_SECRET with HKDF-SHA256 so it differs from
 * every other use of the secret.
 */
export function uploadTokenKey(authSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', authSecret, 'media', 'upload-token-v1', 32));
}

/**
 * Signs an upload token (a compact JWS, HS256) for a grant. `now` is unix seconds (tests pass a past
 * time to make an expired token); the token expires at `grant.expiresAt`.
 */
export async function signUploadToken(
  authSecret: string,
  grant: UploadGrant,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({
    bkt: grant.bucket,
    key: grant.key,
    name: grant.originalName,
    max: grant.maxBytes,
    kinds: grant.kinds,
    mid: grant.meetingId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: tokenType })
    .setJti(grant.id)
    .setSubject(grant.userId)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(grant.expiresAt)
    .sign(uploadTokenKey(authSecret));
}

/**
 * Verifies an upload token: HS256 signature with our key (no other algorithm), type and audience,
 * not expired, and claims of the expected shape with the key starting with the jti.
 * @returns the grant it carries
 * @throws 400 upload.token_invalid — forged, altered, expired or malformed
 */
export async function verifyUploadToken(authSecret: string, token: string): Promise<UploadGrant> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, uploadTokenKey(authSecret), {
      algorithms: ['HS256'],
      audience,
      typ: tokenType,
      requiredClaims: ['jti', 'sub', 'exp'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw uploadTokenInvalid('The upload token has expired');
    throw uploadTokenInvalid('The upload token is not valid');
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success || !claims.data.key.startsWith(`${claims.data.jti}/`)) {
    throw uploadTokenInvalid('The upload token is not valid');
  }
  const c = claims.data;
  return {
    id: c.jti,
    bucket: c.bkt,
    key: c.key,
    originalName: c.name,
    maxBytes: c.max,
    kinds: c.kinds,
    userId: c.sub,
    meetingId: c.mid,
    expiresAt: c.exp,
  };
}
