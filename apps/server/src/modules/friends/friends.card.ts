import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '@app/contracts';

/**
 * Personal QR cards (card exchange, §1, §6, §8 'Invalid QR code information'). A card is
 * `<userId>.<signature>`: the signature is an HMAC-SHA256 of the user id (first 16 bytes, base64url)
 * under a key derived with HKDF-SHA256 from AUTH_SECRET and bound to one meeting, so a card shown in
 * one meeting does not work in another and nobody forges one without the secret.
 */

/** The card key of `meetingId` (HKDF-SHA256, 32 bytes). */
function cardKey(authSecret: string, meetingId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, meetingId, 'friend-card-v1', 32));
}

function signature(authSecret: string, meetingId: string, userId: string): Buffer {
  return createHmac('sha256', cardKey(authSecret, meetingId)).update(userId).digest().subarray(0, 16);
}

/** The card token of `userId` in `meetingId`. */
export function cardOf(authSecret: string, meetingId: string, userId: string): string {
  return `${userId}.${signature(authSecret, meetingId, userId).toString('base64url')}`;
}

/**
 * The user id a card stands for in `meetingId`, or null when it is malformed, forged or made for
 * another meeting (constant-time comparison).
 */
export function verifyCard(authSecret: string, meetingId: string, card: string): string | null {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/.exec(card.trim());
  if (!match) return null;
  const [, userId = '', given = ''] = match;
  if (!isObjectId(userId)) return null;
  const expected = signature(authSecret, meetingId, userId);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return userId;
}
