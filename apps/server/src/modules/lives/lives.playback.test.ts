import { describe, expect, it } from 'vitest';
import {
  newStreamSecret,
  openStreamSecret,
  playbackOf,
  playTypeOf,
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
  it('hold until the second before their expiry, for their live only, under this secret only', () => {
    const token = signPlayToken(config, live.id, 1000);
    expect(verifyPlayToken(config, live.id, token, 999)).toBe(true);
    expect(verifyPlayToken(config, live.id, token, 1000)).toBe(false);
    expect(verifyPlayToken(config, 'fedcba9876543210fedcba98', token, 999)).toBe(false);
    expect(verifyPlayToken({ AUTH_SECRET: 'another-secret-0123456789' }, live.id, token, 999)).toBe(false);
    const [, mac] = token.split('.');
    expect(verifyPlayToken(config, live.id, `2000.${mac}`, 999)).toBe(false);
    for (const bad of ['', '1000', '1000.', 'x.y', `${token}a`, `-1.${mac}`]) {
      expect(verifyPlayToken(config, live.id, bad, 0)).toBe(false);
    }
  });
});

describe('playback', () => {
  it('signs the ingest address while streaming, gives the replay after, nothing otherwise', () => {
    const now = 1_900_000_000;
    const streaming = playbackOf(config, live, 'streaming', now);
    expect(streaming?.type).toBe('hls');
    expect(streaming?.expires).toBe(now + 6 * 3600);
    const url = new URL(streaming?.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`https://ingest.example.test/hls/live/${live.id}/index.m3u8`);
    expect(verifyPlayToken(config, live.id, url.searchParams.get('token') as string, now)).toBe(true);
    expect(playbackOf(config, live, 'replay', now)).toEqual({
      url: live.replayUrl,
      type: 'hls',
      expires: null,
    });
    for (const state of ['coming_soon', 'paused', 'ended'])
      expect(playbackOf(config, live, state, now)).toBeNull();
    expect(playbackOf({ ...config, LIVE_INGEST_HLS_URL: undefined }, live, 'streaming', now)).toBeNull();
    expect(playbackOf(config, { ...live, sourceKind: 'none' }, 'streaming', now)).toBeNull();
    const pasted = { ...live, sourceKind: 'url' as const, sourceUrl: 'https://s.test/a.flv' };
    expect(playbackOf(config, pasted, 'streaming', now)).toEqual({
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
