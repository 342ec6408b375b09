import { describe, expect, it } from 'vitest';
import { pageKey, resolveLink, withMeetingId } from './links.ts';

describe('organiser links', () => {
  it('keeps app routes in the app', () => {
    expect(resolveLink('/agenda', 'https:')).toEqual({ kind: 'route', to: '/agenda' });
    expect(resolveLink('#/meeting/speaker/list', 'https:')).toEqual({
      kind: 'route',
      to: '/meeting/speaker/list',
    });
  });

  it('opens absolute URLs as they are', () => {
    expect(resolveLink('https://events.ccc.de/camp/2019/', 'http:')).toEqual({
      kind: 'external',
      href: 'https://events.ccc.de/camp/2019/',
    });
  });

  it('gives links without a scheme the current protocol', () => {
    expect(resolveLink('//example.com/x', 'http:')).toEqual({
      kind: 'external',
      href: 'http://example.com/x',
    });
    expect(resolveLink('www.example.com/a', 'https:')).toEqual({
      kind: 'external',
      href: 'https://www.example.com/a',
    });
  });

  it('ignores empty links', () => {
    expect(resolveLink('  ', 'https:')).toEqual({ kind: 'none' });
  });

  it('adds the meeting to app routes that lack one', () => {
    expect(withMeetingId('/agenda', 'm1')).toBe('/agenda?meeting_id=m1');
    expect(withMeetingId('/meeting/home?anchor=intro', 'm1')).toBe(
      '/meeting/home?anchor=intro&meeting_id=m1',
    );
    expect(withMeetingId('/agenda?meeting_id=m2', 'm1')).toBe('/agenda?meeting_id=m2');
  });
});

describe('pageKey', () => {
  it('gives aliases of one page the same key, whatever the meeting', () => {
    expect(pageKey('/agenda')).toBe(pageKey('/meeting/agenda/schedule?meeting_id=64656d6f0000000000002019'));
    expect(pageKey('/home')).toBe(pageKey('/meeting/home'));
    expect(pageKey('/exhibition/')).toBe(pageKey('/exhibit'));
  });

  it('keeps pages apart that differ in path or in their other query values', () => {
    expect(pageKey('/meeting/speaker/list')).not.toBe(pageKey('/meeting/agenda/schedule'));
    expect(pageKey('/meeting/home?anchor=intro')).not.toBe(pageKey('/meeting/home'));
    expect(pageKey('/exhibit?b=2&a=1')).toBe(pageKey('/exhibit?a=1&b=2'));
  });
});
