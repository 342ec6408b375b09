import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { publicLink, publicUrlNotice } from './public-links.ts';

describe('publicLink', () => {
  it('joins PUBLIC_URL (trailing slashes dropped, path prefix kept), the path and the query', () => {
    const config = { PUBLIC_URL: 'https://example.org/expo//' };
    expect(publicLink(config, '/#/appointment', { appointment_id: 'a b', meeting_id: undefined })).toBe(
      'https://example.org/expo/#/appointment?appointment_id=a+b',
    );
    expect(publicLink(config, 'api/calendars/x.ics')).toBe('https://example.org/expo/api/calendars/x.ics');
  });
});

describe('PUBLIC_URL at start-up', () => {
  it('defaults to this machine on the listening port and says how to set it', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    const notice = publicUrlNotice(config, {});
    expect(notice.level).toBe('warn');
    expect(notice.message).toContain('http://localhost:3000');
    expect(notice.message).toContain('PUBLIC_URL=https://');
  });

  it('names the configured address, and refuses one that is not http(s)', () => {
    const env = { PUBLIC_URL: 'https://expo.example.org' };
    expect(publicUrlNotice(loadConfig(env), env)).toEqual({
      level: 'info',
      message: 'links in messages, calendars and invitations use https://expo.example.org (PUBLIC_URL)',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});
