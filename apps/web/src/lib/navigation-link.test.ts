import { describe, expect, it } from 'vitest';
import { navigationLink } from './navigation-link.ts';

const phone = { isPhone: true, protocol: 'https:' };
const desktop = { isPhone: false, protocol: 'https:' };

describe('navigation item links (§3 link, mobile_link, raw, open_link_in_frame)', () => {
  it('uses link on a desktop and mobile_link on a phone, each falling back to the other', () => {
    const item = { link: '/agenda', mobile_link: '/meeting/speaker/list' };
    expect(navigationLink(item, desktop)).toEqual({ kind: 'route', to: '/agenda' });
    expect(navigationLink(item, phone)).toEqual({ kind: 'route', to: '/meeting/speaker/list' });
    expect(navigationLink({ link: '/agenda' }, phone)).toEqual({ kind: 'route', to: '/agenda' });
    expect(navigationLink({ mobile_link: '/agenda' }, desktop)).toEqual({ kind: 'route', to: '/agenda' });
    expect(navigationLink({ link: ' ', mobile_link: '' }, desktop)).toEqual({ kind: 'none' });
  });

  it('gives a link without a scheme the current protocol, unless raw uses it as written', () => {
    expect(navigationLink({ link: 'events.ccc.de/camp' }, desktop)).toEqual({
      kind: 'external',
      href: 'https://events.ccc.de/camp',
    });
    expect(navigationLink({ link: '//example.org/a' }, { isPhone: false, protocol: 'http:' })).toEqual({
      kind: 'external',
      href: 'http://example.org/a',
    });
    expect(navigationLink({ link: 'weixin://dl/scan', raw: 1 }, desktop)).toEqual({
      kind: 'external',
      href: 'weixin://dl/scan',
    });
    // raw: never read as an app route, even when it looks like one.
    expect(navigationLink({ link: '/files/map.pdf', raw: 1 }, desktop)).toEqual({
      kind: 'external',
      href: '/files/map.pdf',
    });
  });

  it('opens an external link inside /webview with the frame flag of the link it used', () => {
    const item = {
      link: 'https://example.org/desk',
      mobile_link: 'https://m.example.org/',
      open_link_in_frame: 1,
      mobile_open_link_in_frame: 0,
    };
    expect(navigationLink(item, desktop)).toEqual({
      kind: 'route',
      to: '/webview?link=https%3A%2F%2Fexample.org%2Fdesk',
    });
    expect(navigationLink(item, phone)).toEqual({ kind: 'external', href: 'https://m.example.org/' });
    expect(navigationLink({ link: 'https://example.org/', mobile_open_link_in_frame: 1 }, phone)).toEqual({
      kind: 'external',
      href: 'https://example.org/',
    });
    expect(navigationLink({ mobile_link: 'm.example.org', mobile_open_link_in_frame: 1 }, phone)).toEqual({
      kind: 'route',
      to: '/webview?link=https%3A%2F%2Fm.example.org',
    });
    // An app route stays an app route in a frame.
    expect(navigationLink({ link: '/agenda', open_link_in_frame: 1 }, desktop)).toEqual({
      kind: 'route',
      to: '/agenda',
    });
  });
});
