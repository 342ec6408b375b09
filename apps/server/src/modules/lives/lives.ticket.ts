import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isObjectId, liveLimits } from '@app/contracts';

/**
 * Tickets of the live room socket (§7 Lives chat, DESIGN §9 real time). Browsers cannot send an
 * Authorization header on a WebSocket, so POST /lives/{id}/chat/tickets (which checks the right to
 * watch) hands out a short ticket that the socket URL carries: `<payload>.<signature>`, the payload
 * base64url JSON { l: live id, u: user id or '', d: device id, e: expiry in unix seconds, n: nonce },
 * the signature an HMAC-SHA256 under a key derived with HKDF-SHA256 from AUTH_SECRET
 * ("live-chat-ticket"). Valid for liveLimits.chatTicketSeconds (60 s), for one live, and once: the
 * socket spends it (`ticketUseKey`, counted in the shared rate-limit store, so also across replicas).
 */

/** Who a verified ticket admits; `useKey` identifies this very ticket (to spend it once). */
export type ChatTicketClaims = {
  liveId: string;
  userId: string | null;
  deviceId: string;
  expires: number;
  useKey: string;
};

const keys = new Map<string, Buffer>();

function ticketKey(authSecret: string): Buffer {
  let key = keys.get(authSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', authSecret, 'lives', 'live-chat-ticket', 32));
    keys.set(authSecret, key);
  }
  return key;
}

const sign = (authSecret: string, payload: string) =>
  createHmac('sha256', ticketKey(authSecret)).update(payload).digest();

/**
 * A ticket for `viewer` in `liveId`, valid until now + 60 s.
 * @param nowSeconds unix seconds (the lives' clock)
 * @returns the ticket text and its expiry (unix seconds)
 */
export function signChatTicket(
  authSecret: string,
  input: { liveId: string; userId: string | null; deviceId: string | null; nowSeconds: number },
): { ticket: string; expires: number } {
  const expires = input.nowSeconds + liveLimits.chatTicketSeconds;
  const payload = Buffer.from(
    JSON.stringify({
      l: input.liveId,
      u: input.userId ?? '',
      d: input.deviceId ?? '',
      e: expires,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return { ticket: `${payload}.${sign(authSecret, payload).toString('base64url')}`, expires };
}

/**
 * The claims of a ticket when it is well formed, signed with this secret, made for `liveId` and not
 * expired at `nowSeconds`; null otherwise (constant-time signature comparison).
 */
export function verifyChatTicket(
  authSecret: string,
  ticket: string,
  liveId: string,
  nowSeconds: number,
): ChatTicketClaims | null {
  if (ticket.length > 1024) return null;
  const match = /^([A-Za-z0-9_-]{8,900})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, payload = '', given = ''] = match;
  const expected = sign(authSecret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { l, u, d, e } = claims as Record<string, unknown>;
  if (typeof l !== 'string' || l !== liveId || typeof e !== 'number' || e < nowSeconds) return null;
  if (typeof u !== 'string' || (u !== '' && !isObjectId(u)) || typeof d !== 'string') return null;
  return { liveId: l, userId: u === '' ? null : u, deviceId: d, expires: e, useKey: given };
}
