import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '@app/contracts';

/**
 * Personal QR cards (card exchange, §1, §6, §8 'Invalid QR code information'). A card is
 * `<userId>.<signature>`: the signature is an HMAC-SHA256 of the user id (first 16 bytes, base64url)
 * under a key derived with HKDF-SHA256 from AUTH_SECRET and bound to one meeting, so a card shown in
 * one meeting does not work in another and nobody forges one without the secret. The signature also
 * covers the owner's card version in that meeting (meeting_user_profiles.card_version): renewing the
 * card raises it, and every older card then fails. Version 0 signs the bare user id, as cards did
 * before versions existed.
 */

/** The card key of `meetingId` (HKDF-SHA256, 32 bytes). */
function cardKey(authSecret: string, meetingId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, meetingId, 'friend-card-v1', 32));
}

function signature(authSecret: string, meetingId: string, userId: string, version: number): Buffer {
  const signed = version === 0 ? userId : `${userId}|${version}`;
  return createHmac('sha256', cardKey(authSecret, meetingId)).update(signed).digest().subarray(0, 16);
}

/** The card token of `userId` in `meetingId` at card version `version` (≥ 0, default 0). */
export function cardOf(authSecret: string, meetingId: string, userId: string, version = 0): string {
  return `${userId}.${signature(authSecret, meetingId, userId, version).toString('base64url')}`;
}

/** The user id a card token names when it is well formed (not yet verified), else null. */
export function cardUserId(card: string): string | null {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/.exec(card.trim());
  const userId = match?.[1] ?? '';
  return match && isObjectId(userId) ? userId : null;
}

/**
 * The user id a card stands for in `meetingId`, or null when it is malformed, forged, made for
 * another meeting or for another card version than `version`, the owner's current one (constant-time
 * comparison).
 */
export function verifyCard(
  authSecret: string,
  meetingId: string,
  card: string,
  version: number,
): string | null {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/.exec(card.trim());
  if (!match) return null;
  const [, userId = '', given = ''] = match;
  if (!isObjectId(userId)) return null;
  const expected = signature(authSecret, meetingId, userId, version);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return userId;
}
