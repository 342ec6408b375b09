import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { previewExpired } from './pages.errors.ts';

/**
 * Preview links (§2 /preview): a compact JWS (HS256) with a key derived from AUTH_SECRET — apart
 * from every other use of it, like the activity invitation codes (tickets.invites.ts) — naming the
 * meeting (`mid`), the page (`pid`, '' for the home) and an expiry the organiser chose (`exp`). Whoever
 * holds an unexpired link sees that page's current draft; nothing else is readable with it.
 */

const audience = 'block-preview';
const tokenType = 'preview+jwt';

function previewKey(authSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', authSecret, 'pages', 'block-preview-v1', 32));
}

/** What a preview link names: the meeting and the page (null: the home). */
export type PreviewTarget = { meetingId: string; pageId: string | null };

/**
 * Signs a preview link.
 * @param input.expiresAt unix seconds
 * @returns the token (about 200 URL-safe characters)
 */
export async function signPreview(
  authSecret: string,
  input: PreviewTarget & { expiresAt: number },
): Promise<string> {
  return new SignJWT({ mid: input.meetingId, pid: input.pageId ?? '' })
    .setProtectedHeader({ alg: 'HS256', typ: tokenType })
    .setAudience(audience)
    .setExpirationTime(input.expiresAt)
    .sign(previewKey(authSecret));
}

/**
 * Checks a preview token: our signature (HS256 only), type, audience and expiry.
 * @returns the meeting and page it names, and its expiry (unix seconds)
 * @throws 403 preview.expired ('The temporary link has expired', §8) when expired, forged, altered or
 *   malformed — the same answer for each, so a forger learns nothing
 */
export async function verifyPreview(
  authSecret: string,
  token: string,
): Promise<PreviewTarget & { expiresAt: number }> {
  try {
    const { payload } = await jwtVerify(token, previewKey(authSecret), {
      algorithms: ['HS256'],
      audience,
      typ: tokenType,
      requiredClaims: ['exp'],
    });
    const { mid, pid, exp } = payload;
    if (typeof mid !== 'string' || typeof pid !== 'string' || typeof exp !== 'number') throw previewExpired();
    return { meetingId: mid, pageId: pid === '' ? null : pid, expiresAt: exp };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw previewExpired();
    throw error;
  }
}
