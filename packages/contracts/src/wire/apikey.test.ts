import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apikeySignature, parseApikey, signApikey } from './apikey.ts';

const request = {
  salt: 'salt-123456',
  method: 'post',
  pathWithQuery: '/api/meetings/aaaaaaaaaaaaaaaaaaaaaaaa/views?x=1',
  timestamp: 1_800_000_000,
  deviceId: 'device-1',
  body: 'user_id=u1&source_id=s2',
};

describe('Apikey signing (both sides share this code)', () => {
  it('is HMAC-SHA256 over method, path, timestamp, device id and body hash — same as node:crypto', () => {
    const canonical = [
      'POST',
      request.pathWithQuery,
      String(request.timestamp),
      request.deviceId,
      createHash('sha256').update(request.body).digest('hex'),
    ].join('\n');
    const expected = createHmac('sha256', request.salt).update(canonical).digest('hex');
    expect(apikeySignature(request)).toBe(expected);
    expect(signApikey(request)).toBe(`v1.${request.timestamp}.${expected}`);
  });

  it('changes with every part of the request', () => {
    const base = apikeySignature(request);
    for (const change of [
      { method: 'GET' },
      { pathWithQuery: '/api/meetings/aaaaaaaaaaaaaaaaaaaaaaaa/views?x=2' },
      { timestamp: request.timestamp + 1 },
      { deviceId: 'device-2' },
      { body: 'user_id=u2&source_id=s2' },
      { salt: 'other-salt' },
    ]) {
      expect(apikeySignature({ ...request, ...change })).not.toBe(base);
    }
  });

  it('treats a missing body as the empty string', () => {
    expect(apikeySignature({ ...request, body: undefined })).toBe(apikeySignature({ ...request, body: '' }));
  });

  it('parses a header and refuses missing, malformed and stale ones', () => {
    const header = signApikey(request);
    expect(parseApikey(header, request.timestamp + 30)).toEqual({
      ok: true,
      timestamp: request.timestamp,
      signature: header.split('.')[2],
    });
    expect(parseApikey(undefined, request.timestamp)).toEqual({ ok: false, reason: 'missing' });
    expect(parseApikey('v2.1.abc', request.timestamp)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseApikey(header, request.timestamp + 601)).toEqual({ ok: false, reason: 'expired' });
    expect(parseApikey(header, request.timestamp - 601)).toEqual({ ok: false, reason: 'expired' });
  });
});
