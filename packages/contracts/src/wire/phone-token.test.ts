import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phoneTokenSignature } from './phone-token.ts';

describe('phoneTokenSignature', () => {
  it('is hex HMAC-SHA256(salt, "<e164>:<timestamp>")', () => {
    const expected = createHmac('sha256', 'salt-0123').update('+8613800138000:1700000000').digest('hex');
    expect(phoneTokenSignature({ salt: 'salt-0123', e164: '+8613800138000', timestamp: 1700000000 })).toBe(
      expected,
    );
    expect(phoneTokenSignature({ salt: 'salt-0123', e164: '+8613800138000', timestamp: '1700000000' })).toBe(
      expected,
    );
  });

  it('changes with the phone, the timestamp and the salt', () => {
    const base = { salt: 'salt-0123', e164: '+8613800138000', timestamp: 1700000000 };
    const signature = phoneTokenSignature(base);
    expect(phoneTokenSignature({ ...base, e164: '+8613800138001' })).not.toBe(signature);
    expect(phoneTokenSignature({ ...base, timestamp: 1700000001 })).not.toBe(signature);
    expect(phoneTokenSignature({ ...base, salt: 'salt-0124' })).not.toBe(signature);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });
});
