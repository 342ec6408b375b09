import { apikeySignature, nobleApikeyHashes } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { nodeApikeyHashes } from './apikey.ts';

describe('nodeApikeyHashes', () => {
  const texts = [
    '',
    'a',
    'GET\n/api/meeting/agendas?limit=5',
    '展会 مؤتمر ✓ 🎪',
    'x'.repeat(100_000),
    'lone \ud800 surrogate',
  ];

  it.each(texts.map((text) => [text.slice(0, 20), text]))('hashes %j as @noble/hashes does', (_, text) => {
    expect(nodeApikeyHashes.sha256Hex(text)).toBe(nobleApikeyHashes.sha256Hex(text));
    expect(nodeApikeyHashes.hmacSha256Hex('salt ✓', text)).toBe(
      nobleApikeyHashes.hmacSha256Hex('salt ✓', text),
    );
  });

  it('signs a request as the clients do', () => {
    const request = {
      salt: 'demo-salt',
      method: 'post',
      pathWithQuery: '/api/tickets?x=1',
      timestamp: 1_800_000_000,
      deviceId: 'device 设备',
      body: '{"name":"李雷"}',
    };
    expect(apikeySignature(request, nodeApikeyHashes)).toBe(apikeySignature(request));
    expect(apikeySignature({ ...request, body: undefined }, nodeApikeyHashes)).toBe(
      apikeySignature({ ...request, body: undefined }),
    );
  });
});
