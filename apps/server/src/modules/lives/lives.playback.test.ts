import { describe, expect, it } from 'vitest';
import {
  newStreamSecret,
  openStreamSecret,
  playbackOf,
  playTypeOf,
  playViewerOf,
  sealStreamSecret,
  signPlayToken,
  verifyPlayToken,
} from './lives.playback.ts';

/** Playback addresses, read tokens and stream keys of lives (§7 Lives, self-hosted ingest). */

const config = {
  AUTH_SECRET: 'unit-test-auth-secret-0123456789',
  SECRETS_KEY: undefined,
  LIVE_INGEST_HLS_URL: 'https://ingest.example.test/hls/',
};
const live = {
  id: '0123456789abcdef01234567',
  sourceKind: 'ingest' as const,
  sourceUrl: '',
  replayUrl: 'https://cdn.example.test/r/1.m3u8?x=1',
  /** An hour after the `now` the playback tests use. */
  end: new Date((1_900_000_000 + 3600) * 1000),
};

describe('play types', () => {
  it('reads the path, not the query: .m3u8 → hls, .flv → flv, else the fallback', () => {
    expect(playTypeOf('https://a.test/live/x.M3U8?token=1', 'mp4')).toBe('hls');
    expect(playTypeOf('https://a.test/live/x.flv', 'hls')).toBe('flv');
    expect(playTypeOf('https://a.test/replay.mp4', 'mp4')).toBe('mp4');
    expect(playTypeOf('https://a.test/x?format=.m3u8', 'mp4')).toBe('mp4');
    expect(playTypeOf('https://a.test/stream', 'hls')).toBe('hls');
  });
});

describe('read tokens', () => {
  const viewer = playViewerOf({ userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', deviceId: null });
  it('hold until the second before their expiry, for their live and viewer only, under this secret only', () => {
    const token = signPlayToken(config, live.id, viewer, 1000);
    expect(verifyPlayToken(config, live.id, token, 999)).toEqual({
      viewer,
      userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      expires: 1000,
    });
    expect(verifyPlayToken(config, live.id, token, 1000)).toBeNull();
    expect(verifyPlayToken(config, 'fedcba9876543210fedcba98', token, 999)).toBeNull();
    expect(verifyPlayToken({ AUTH_SECRET: 'another-secret-0123456789' }, live.id, token, 999)).toBeNull();
    const [, , mac] = token.split('.');
    expect(verifyPlayToken(config, live.id, `2000.${viewer}.${mac}`, 999)).toBeNull();
    // Another viewer's name on this token's MAC is refused (the token is not transferable by editing).
    expect(verifyPlayToken(config, live.id, `1000.ubbbbbbbbbbbbbbbbbbbbbbbb.${mac}`, 999)).toBeNull();
    for (const bad of ['', '1000', '1000.', 'x.y', `${token}a`, `-1.${viewer}.${mac}`, `1000.${mac}`]) {
      expect(verifyPlayToken(config, live.id, bad, 0)).toBeNull();
    }
  });

  it('name a visitor by a digest of their device id, never the id itself', () => {
    const device = playViewerOf({ userId: null, deviceId: 'device-0123456789abcdef' });
    expect(device).toMatch(/^d[A-Za-z0-9_-]{22}$/);
    expect(device).not.toContain('0123456789abcdef');
    expect(playViewerOf({ userId: null, deviceId: 'another-device' })).not.toBe(device);
    const token = signPlayToken(config, live.id, device, 1000);
    expect(verifyPlayToken(config, live.id, token, 999)).toEqual({
      viewer: device,
      userId: null,
      expires: 1000,
    });
  });
});

describe('playback', () => {
  it('signs for at least 30 minutes and at most 12 hours, whatever the end', () => {
    const now = 1_900_000_000;
    const viewer = playViewerOf({ userId: 'u1', deviceId: null });
    const endingSoon = { ...live, end: new Date((now + 60) * 1000) };
    expect(playbackOf(config, endingSoon, 'streaming', now, viewer)?.expires).toBe(now + 30 * 60);
    const longRunning = { ...live, end: new Date((now + 2 * 86_400) * 1000) };
    expect(playbackOf(config, longRunning, 'streaming', now, viewer)?.expires).toBe(now + 12 * 3600);
  });

  it('signs the ingest address while streaming, gives the replay after, nothing otherwise', () => {
    const now = 1_900_000_000;
    const viewer = playViewerOf({ userId: null, deviceId: 'dev-1' });
    const streaming = playbackOf(config, live, 'streaming', now, viewer);
    expect(streaming?.type).toBe('hls');
    // Until the end plus the grace: the viewer is not cut off mid-session.
    expect(streaming?.expires).toBe(now + 3600 + 15 * 60);
    const url = new URL(streaming?.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`https://ingest.example.test/hls/live/${live.id}/index.m3u8`);
    expect(verifyPlayToken(config, live.id, url.searchParams.get('token') as string, now)?.viewer).toBe(
      viewer,
    );
    expect(playbackOf(config, live, 'replay', now, viewer)).toEqual({
      url: live.replayUrl,
      type: 'hls',
      expires: null,
    });
    for (const state of ['coming_soon', 'paused', 'ended'])
      expect(playbackOf(config, live, state, now, viewer)).toBeNull();
    expect(
      playbackOf({ ...config, LIVE_INGEST_HLS_URL: undefined }, live, 'streaming', now, viewer),
    ).toBeNull();
    expect(playbackOf(config, { ...live, sourceKind: 'none' }, 'streaming', now, viewer)).toBeNull();
    const pasted = { ...live, sourceKind: 'url' as const, sourceUrl: 'https://s.test/a.flv' };
    expect(playbackOf(config, pasted, 'streaming', now, viewer)).toEqual({
      url: pasted.sourceUrl,
      type: 'flv',
      expires: null,
    });
  });
});

describe('stream keys', () => {
  it('are 32 url-safe characters, sealed (never stored in clear) and opened only with the same key', () => {
    const secret = newStreamSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newStreamSecret()).not.toBe(secret);
    const sealed = sealStreamSecret(config, secret);
    expect(sealed).not.toContain(secret);
    expect(openStreamSecret(config, sealed)).toBe(secret);
    expect(openStreamSecret({ ...config, AUTH_SECRET: 'another-secret-0123456789' }, sealed)).toBeNull();
    expect(openStreamSecret(config, '')).toBeNull();
    expect(openStreamSecret(config, 'v1:AAAA')).toBeNull();
  });
});
