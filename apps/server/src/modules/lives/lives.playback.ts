import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { liveLimits } from '@app/contracts';
import type { Config } from '../../config.ts';
import {
  CredentialsBoxError,
  credentialsKeyOf,
  openCredentials,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';
import type { LiveRow } from './lives.permission.ts';

/**
 * Playback addresses and stream keys of lives (§7 Lives, self-hosted ingest):
 * - a pasted source (`source_kind` 'url') or a replay is answered as it is, only to permitted callers;
 * - an ingest live plays from `${LIVE_INGEST_HLS_URL}/live/<id>/index.m3u8?token=<expires>.<viewer>.<mac>`,
 *   bound to the live, the viewer (see {@link playViewerOf}) and the expiry: the MAC is HMAC-SHA256
 *   (key: HKDF-SHA256 of AUTH_SECRET, info 'live-play') over `<live id>.<viewer>.<expires>`;
 *   MediaMTX asks POST /lives/ingest/auth, which checks it and the live's and viewer's standing;
 * - OBS publishes to `${LIVE_INGEST_RTMP_URL}` with the stream key `<live id>?key=<secret>`, the
 *   secret being 24 random bytes (base64url) stored sealed (credentials-box).
 */

type SecretConfig = Pick<Config, 'AUTH_SECRET' | 'SECRETS_KEY'>;
type IngestConfig = Pick<Config, 'LIVE_INGEST_RTMP_URL' | 'LIVE_INGEST_HLS_URL'>;

export type PlayType = 'hls' | 'flv' | 'mp4';

/** Whether the self-hosted ingest is set up (both the RTMP and the HLS address configured). */
export function isIngestConfigured(config: IngestConfig): boolean {
  return Boolean(config.LIVE_INGEST_RTMP_URL && config.LIVE_INGEST_HLS_URL);
}

/** A new publish secret: 24 random bytes, base64url (32 characters). */
export function newStreamSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The secret sealed for `lives.stream_key_sealed`. */
export function sealStreamSecret(config: SecretConfig, secret: string): string {
  return sealCredentials({ key: secret }, credentialsKeyOf(config));
}

/** The live's publish secret, or null when none is stored or it does not open (another key). */
export function openStreamSecret(config: SecretConfig, sealed: string): string | null {
  if (!sealed) return null;
  try {
    const value = openCredentials(sealed, credentialsKeyOf(config)) as { key?: unknown };
    return typeof value?.key === 'string' && value.key !== '' ? value.key : null;
  } catch (error) {
    if (error instanceof CredentialsBoxError) return null;
    throw error;
  }
}

/** The OBS "Stream key" shown in the console: '<live id>?key=<secret>'. */
export function obsStreamKey(liveId: string, secret: string): string {
  return `${liveId}?key=${secret}`;
}

function playKey(config: Pick<Config, 'AUTH_SECRET'>): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(config.AUTH_SECRET, 'utf8'), Buffer.alloc(0), 'live-play', 32),
  );
}

function playMac(
  config: Pick<Config, 'AUTH_SECRET'>,
  liveId: string,
  viewer: string,
  expires: number,
): string {
  return createHmac('sha256', playKey(config)).update(`${liveId}.${viewer}.${expires}`).digest('base64url');
}

/**
 * The viewer a read token is bound to: 'u<user id>' (24 hex) for a logged-in caller — the ingest
 * callback checks that user's ban — or, for a visitor, 'd' + the first 22 base64url characters of
 * SHA-256 of their device id (header `device-id`; '' when none), so the address names the device
 * without carrying its id.
 */
export function playViewerOf(viewer: { userId: string | null; deviceId: string | null }): string {
  if (viewer.userId) return `u${viewer.userId}`;
  const digest = createHash('sha256')
    .update(viewer.deviceId ?? '', 'utf8')
    .digest('base64url');
  return `d${digest.slice(0, 22)}`;
}

/** A read token for an ingest live and `viewer` (playViewerOf) valid until `expires` (unix seconds). */
export function signPlayToken(
  config: Pick<Config, 'AUTH_SECRET'>,
  liveId: string,
  viewer: string,
  expires: number,
): string {
  return `${expires}.${viewer}.${playMac(config, liveId, viewer, expires)}`;
}

/** What a valid read token carries: its viewer and, for a logged-in one, the user id. */
export type PlayTokenClaims = { viewer: string; userId: string | null; expires: number };

/**
 * The claims of `token` when it is a read token of `liveId` under this secret that has not expired
 * at `nowSeconds` (unix seconds), else null. The MAC is compared in constant time.
 */
export function verifyPlayToken(
  config: Pick<Config, 'AUTH_SECRET'>,
  liveId: string,
  token: string,
  nowSeconds: number,
): PlayTokenClaims | null {
  const match = /^(\d{1,12})\.(u[0-9a-f]{24}|d[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  const viewer = match[2] as string;
  if (!Number.isSafeInteger(expires) || expires <= nowSeconds) return null;
  if (!safeEqual(match[3] as string, playMac(config, liveId, viewer, expires))) return null;
  return { viewer, userId: viewer.startsWith('u') ? viewer.slice(1) : null, expires };
}

/** Constant-time comparison of two strings (false when their lengths differ). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** How a URL plays, from its path: .m3u8 → hls, .flv → flv, else `fallback`. */
export function playTypeOf(url: string, fallback: PlayType): PlayType {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not absolute: read the text as a path.
  }
  const lower = path.toLowerCase();
  if (lower.endsWith('.m3u8')) return 'hls';
  if (lower.endsWith('.flv')) return 'flv';
  return fallback;
}

export type Playback = { url: string; type: PlayType; expires: number | null };

/**
 * What a permitted caller plays (§4, §7 GET /lives/{id}/permission) in `state` at `nowSeconds`:
 * streaming → the pasted source (as it is), or the ingest address signed for `viewer`
 * (playViewerOf), or null when the live has no source (or no ingest is configured). The signed
 * address lasts until the live's end plus liveLimits.playbackGraceSeconds — at least
 * liveLimits.playbackUrlSeconds, at most liveLimits.playbackUrlMaxSeconds — so a viewer is never cut
 * off mid-session; every read re-checks the live's state and the viewer's ban at the ingest callback,
 * which is what stops a pause, an end or a ban within seconds, whatever the expiry.
 * replay → the recording; any other state → null. Call it only after the permission check.
 */
export function playbackOf(
  config: Pick<Config, 'AUTH_SECRET' | 'LIVE_INGEST_HLS_URL'>,
  live: Pick<LiveRow, 'id' | 'sourceKind' | 'sourceUrl' | 'replayUrl' | 'end'>,
  state: string,
  nowSeconds: number,
  viewer: string,
): Playback | null {
  if (state === 'replay') {
    if (!live.replayUrl) return null;
    return { url: live.replayUrl, type: playTypeOf(live.replayUrl, 'mp4'), expires: null };
  }
  if (state !== 'streaming') return null;
  if (live.sourceKind === 'url' && live.sourceUrl) {
    return { url: live.sourceUrl, type: playTypeOf(live.sourceUrl, 'hls'), expires: null };
  }
  if (live.sourceKind === 'ingest' && config.LIVE_INGEST_HLS_URL) {
    const now = Math.floor(nowSeconds);
    const untilEnd = Math.floor(live.end.getTime() / 1000) + liveLimits.playbackGraceSeconds;
    const expires = Math.max(
      now + liveLimits.playbackUrlSeconds,
      Math.min(untilEnd, now + liveLimits.playbackUrlMaxSeconds),
    );
    const base = config.LIVE_INGEST_HLS_URL.replace(/\/+$/, '');
    const token = signPlayToken(config, live.id, viewer, expires);
    return { url: `${base}/live/${live.id}/index.m3u8?token=${token}`, type: 'hls', expires };
  }
  return null;
}
