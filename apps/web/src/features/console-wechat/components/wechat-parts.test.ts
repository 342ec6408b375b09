import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { errorKeyOf, fieldErrors, keepSecret, secretBody } from './wechat-parts.tsx';

describe('console WeChat form helpers (write-only secrets, §8 WeChat errors)', () => {
  it('sends nothing for a kept secret, the trimmed value for a replaced one, null for a removed one', () => {
    expect(secretBody(keepSecret)).toBeUndefined();
    expect(secretBody({ mode: 'replace', value: '  abc  ' })).toBe('abc');
    // Replace opened but nothing typed: the stored secret stays.
    expect(secretBody({ mode: 'replace', value: '   ' })).toBeUndefined();
    expect(secretBody({ mode: 'clear', value: 'ignored' })).toBeNull();
  });

  it('maps the fields a 400 names to their messages, and WeChat codes to catalogue keys', () => {
    const invalid = new ApiError(400, 'validation_failed', 'x', {
      data: {
        details: [{ path: 'body/official/secret', message: 'an own official account needs its AppSecret' }],
      },
    });
    expect(fieldErrors(invalid)).toEqual({
      'official/secret': 'an own official account needs its AppSecret',
    });
    expect(fieldErrors(new ApiError(409, 'wechat.not_configured', 'x'))).toEqual({});
    expect(errorKeyOf(invalid)).toBe('errors.checkFields');
    expect(errorKeyOf(new ApiError(403, 'wechat.not_authorized', 'x'))).toBe('errors.notAuthorized');
    expect(errorKeyOf(new ApiError(409, 'wechat.not_configured', 'x'))).toBe('errors.notConfigured');
    expect(errorKeyOf(new ApiError(502, 'wechat.unavailable', 'x'))).toBe('errors.unavailable');
    expect(errorKeyOf(new Error('offline'))).toBe('errors.failed');
  });
});
