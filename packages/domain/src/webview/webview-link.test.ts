import { describe, expect, it } from 'vitest';
import { absoluteWebLink, decideWebview, isAllowedWebviewHost, type WebviewInput } from './webview-link.ts';

const allowed = ['example.org', '*.trusted.com', '.legacy.net', 'Mixed.Case.ORG.'];
const decide = (link: string, extra: Partial<WebviewInput> = {}) =>
  decideWebview({ link, protocol: 'https:', allowedDomains: allowed, environment: 'browser', ...extra });

describe('absoluteWebLink (§2: a link without a scheme gets the current protocol)', () => {
  it.each([
    ['example.org/page', 'https:', 'https://example.org/page'],
    ['example.org/page', 'http:', 'http://example.org/page'],
    ['//example.org/x?y=1', 'https:', 'https://example.org/x?y=1'],
    ['//example.org/x', 'http:', 'http://example.org/x'],
    ['http://example.org/', 'https:', 'http://example.org/'],
    ['  https://example.org  ', 'https:', 'https://example.org/'],
    ['localhost:8080/app', 'https:', 'https://localhost:8080/app'],
    ['example.org:8443', 'https:', 'https://example.org:8443/'],
    ['\\\\example.org/x', 'https:', 'https://example.org/x'],
  ])('%s on %s → %s', (link, protocol, expected) => {
    expect(absoluteWebLink(link, protocol)?.href).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'mailto:a@example.org',
    '/relative/path',
    'http://',
  ])('refuses %j', (link) => {
    expect(absoluteWebLink(link, 'https:')).toBeNull();
  });
});

describe('isAllowedWebviewHost', () => {
  it('matches exact hosts, wildcard subdomains, case and trailing dots', () => {
    expect(isAllowedWebviewHost('example.org', allowed)).toBe(true);
    expect(isAllowedWebviewHost('sub.example.org', allowed)).toBe(false);
    expect(isAllowedWebviewHost('a.b.trusted.com', allowed)).toBe(true);
    expect(isAllowedWebviewHost('trusted.com', allowed)).toBe(true);
    expect(isAllowedWebviewHost('www.legacy.net', allowed)).toBe(true);
    expect(isAllowedWebviewHost('mixed.case.org', allowed)).toBe(true);
    expect(isAllowedWebviewHost('example.org.', allowed)).toBe(true);
  });

  it('is not fooled by look-alike hosts', () => {
    expect(isAllowedWebviewHost('evilexample.org', allowed)).toBe(false);
    expect(isAllowedWebviewHost('example.org.evil.com', allowed)).toBe(false);
    expect(isAllowedWebviewHost('nottrusted.com', allowed)).toBe(false);
    expect(isAllowedWebviewHost('example.org', [])).toBe(false);
  });
});

describe('decideWebview (§2 /webview)', () => {
  it('embeds an allowed https link', () => {
    expect(decide('https://example.org/a')).toEqual({ action: 'embed', url: 'https://example.org/a' });
    expect(decide('news.trusted.com/n/1')).toEqual({ action: 'embed', url: 'https://news.trusted.com/n/1' });
  });

  it('offers to copy (and open in a new tab) a link outside the list in a browser', () => {
    expect(decide('https://evil.com/')).toEqual({
      action: 'offer',
      url: 'https://evil.com/',
      reason: 'not-allowed',
      canOpenInNewTab: true,
    });
  });

  it('offers only copying in the mini-program', () => {
    expect(decide('https://evil.com/', { environment: 'miniprogram' })).toMatchObject({
      action: 'offer',
      canOpenInNewTab: false,
    });
    expect(decide('example.org', { environment: 'miniprogram' })).toMatchObject({ action: 'embed' });
  });

  it('does not embed an allowed host disguised behind credentials or another host', () => {
    expect(decide('https://example.org@evil.com/')).toMatchObject({ action: 'offer', reason: 'not-allowed' });
    expect(decide('https://evil.com@example.org/')).toMatchObject({ action: 'offer', reason: 'not-allowed' });
    expect(decide('https://example.org.evil.com/')).toMatchObject({ action: 'offer', reason: 'not-allowed' });
  });

  it('does not embed http in an https page (mixed content), but does in an http page', () => {
    expect(decide('http://example.org/')).toMatchObject({ action: 'offer', reason: 'insecure' });
    expect(decide('http://example.org/', { protocol: 'http:' })).toEqual({
      action: 'embed',
      url: 'http://example.org/',
    });
  });

  it('calls scripts and data invalid', () => {
    expect(decide('javascript:alert(document.domain)')).toEqual({ action: 'invalid' });
    expect(decide('data:text/html;base64,PHNjcmlwdD4=')).toEqual({ action: 'invalid' });
    expect(decide('')).toEqual({ action: 'invalid' });
  });
});
