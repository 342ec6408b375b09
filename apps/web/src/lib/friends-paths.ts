import { withQuery } from './paths.ts';

/**
 * The friends pages (§2 /my/contact, /my/connections, /my/connections/application; the landing of a
 * scanned personal QR): their part of the route table and link helpers. Apart from paths.ts so they
 * load with those pages (router.tsx discovers them on first visit), not with the first script.
 */
export const friendRoutes = {
  /** My connections: list, search, remove. */
  connections: '/my/connections',
  /** Connection requests, received and sent (`tab`). */
  applications: '/my/connections/application',
  /** My personal QR, the scanner and the vCard export (`scan=1` opens the scanner). */
  contact: '/my/contact',
  /** Where a scanned personal QR lands (`card`): log in, then connect. */
  card: '/meeting/connection/card',
} as const;

type MeetingArg = { meetingId: string };

/** Which requests: received (default) or sent. */
export type ApplicationTab = 'received' | 'sent';

/** Link helpers of the friends pages (typed, never string literals: DESIGN §4.8). */
export const friendPaths = {
  connections: ({ meetingId }: MeetingArg) => withQuery(friendRoutes.connections, { meeting_id: meetingId }),
  applications: ({ meetingId, tab }: MeetingArg & { tab?: ApplicationTab }) =>
    withQuery(friendRoutes.applications, { meeting_id: meetingId, tab }),
  contact: ({ meetingId, scan }: MeetingArg & { scan?: boolean }) =>
    withQuery(friendRoutes.contact, { meeting_id: meetingId, scan: scan ? 1 : undefined }),
  card: ({ meetingId, card }: MeetingArg & { card: string }) =>
    withQuery(friendRoutes.card, { meeting_id: meetingId, card }),
} as const;

/**
 * The card token in a scanned text: the personal QR's link (`…#/meeting/connection/card?card=…`) or
 * the bare token; null when the text holds none.
 */
export function cardFromScan(text: string): string | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{24}\.[A-Za-z0-9_-]{22}$/.test(trimmed)) return trimmed;
  const query = trimmed.split('?').slice(1).join('?');
  if (!query || !trimmed.includes('/meeting/connection/card')) return null;
  const card = new URLSearchParams(query).get('card');
  return card && /^[0-9a-f]{24}\.[A-Za-z0-9_-]{22}$/.test(card) ? card : null;
}
