import { describe, expect, it } from 'vitest';
import { groupCode, normalizeCode } from './ticket-code.ts';

describe('ticket codes', () => {
  it('groups a 26-character code by four', () => {
    expect(groupCode('0123456789ABCDEFGHJKMNPQRS')).toBe('0123-4567-89AB-CDEF-GHJK-MNPQ-RS');
  });

  it('normalises what a person types: case, spaces, hyphens and look-alike letters', () => {
    expect(normalizeCode(' abcd-efgh ijkl o ')).toBe('ABCDEFGH1JK10');
    expect(normalizeCode(groupCode('0123456789ABCDEFGHJKMNPQRS'))).toBe('0123456789ABCDEFGHJKMNPQRS');
  });
});
