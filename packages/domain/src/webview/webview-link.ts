/**
 * The web-view rule of §2 (`/webview?link=`, "A link without a scheme gets the current protocol. In
 * the mini-program, a link outside the allowed web-view domain list shows a dialog offering to copy
 * the link."). One pure function decides what the page, the navigation items (§3
 * open_link_in_frame) and the mini-program do with a link; no I/O.
 */

/** Where the app runs (§1 client environment). */
export type WebviewEnvironment = 'browser' | 'mobile' | 'wechat' | 'miniprogram';

/** What to do with a link. */
export type WebviewDecision =
  /** Show it in the app's frame. `url` is absolute (http or https). */
  | { action: 'embed'; url: string }
  /**
   * Do not embed: offer to copy `url`, and, outside the mini-program (which cannot open other
   * pages), to open it in a new tab. `reason` says why: the host is not on the allowed list, or an
   * http link on an https page (a browser blocks such a frame as mixed content).
   */
  | { action: 'offer'; url: string; reason: 'not-allowed' | 'insecure'; canOpenInNewTab: boolean }
  /** Not a web link at all (empty, `javascript:`, `data:`, unparsable): nothing to show or copy. */
  | { action: 'invalid' };

export type WebviewInput = {
  /** The `link` query value as it came. */
  link: string | null | undefined;
  /** The current page's protocol, `https:` or `http:` (location.protocol). */
  protocol: string;
  /**
   * Allowed web-view domains (§7 Static list): `example.org` allows that host only;
   * `*.example.org` (or `.example.org`) allows every subdomain and the domain itself. Case and a
   * trailing dot do not matter; ports are ignored.
   */
  allowedDomains: readonly string[];
  environment: WebviewEnvironment;
};

/** A scheme at the start of a link: `https:`, `mailto:`, `javascript:` (RFC 3986 §3.1). */
const schemePattern = /^[a-z][a-z\d+.-]*:/i;

/**
 * An absolute http(s) URL for `link`, or null. A link without a scheme gets `protocol` (§2):
 * `//cdn.example.org/x` and `example.org/x` both become `<protocol>//…`. Backslashes count as
 * slashes, as browsers read them, and whitespace and control characters around or inside the
 * scheme are dropped the way the URL parser drops them, so `java\tscript:` is still refused.
 */
export function absoluteWebLink(link: string | null | undefined, protocol: string): URL | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser strips these at both ends
  const trimmed = (link ?? '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // The URL parser also ignores tabs and newlines anywhere.
  const compact = trimmed.replace(/[\t\n\r]/g, '');
  if (compact === '') return null;
  const base = protocol === 'http:' ? 'http:' : 'https:';
  let candidate: string;
  if (/^[\\/]{2}/.test(compact)) candidate = `${base}${compact}`;
  else if (schemePattern.test(compact) && !/^[^:]+:\d+(?:[/?#\\]|$)/.test(compact)) candidate = compact;
  else if (/^[\\/]/.test(compact)) return null;
  else candidate = `${base}//${compact}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url;
}

/** `Example.ORG.` → `example.org`; a wildcard entry keeps its `*.` (`.example.org` → `*.example.org`). */
function normaliseDomain(entry: string): string {
  let text = entry.trim().toLowerCase().replace(/\.$/, '');
  if (text.startsWith('.')) text = `*${text}`;
  const isWildcard = text.startsWith('*.');
  const host = isWildcard ? text.slice(2) : text;
  let ascii = host;
  try {
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
  return isWildcard ? `*.${ascii}` : ascii;
}

/** True when `hostname` (already lower-cased ASCII, as URL gives it) is on the list. */
export function isAllowedWebviewHost(hostname: string, allowedDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowedDomains.some((entry) => {
    const domain = normaliseDomain(entry);
    if (domain === '') return false;
    if (domain.startsWith('*.')) {
      const root = domain.slice(2);
      return host === root || host.endsWith(`.${root}`);
    }
    return host === domain;
  });
}

/**
 * Decides what `/webview?link=` shows (§2): an allowed http(s) link embeds; one outside the allowed
 * domains, or carrying credentials (`user:pw@host`, a classic way to disguise a host), is offered
 * for copying (and opening in a new tab outside the mini-program); an http link on an https page is
 * offered the same way (a browser would block the frame); anything that is not an http(s) link is
 * invalid.
 */
export function decideWebview(input: WebviewInput): WebviewDecision {
  const url = absoluteWebLink(input.link, input.protocol);
  if (!url) return { action: 'invalid' };
  const href = url.href;
  const canOpenInNewTab = input.environment !== 'miniprogram';
  const hasCredentials = url.username !== '' || url.password !== '';
  if (hasCredentials || !isAllowedWebviewHost(url.hostname, input.allowedDomains)) {
    return { action: 'offer', url: href, reason: 'not-allowed', canOpenInNewTab };
  }
  if (input.protocol === 'https:' && url.protocol === 'http:') {
    return { action: 'offer', url: href, reason: 'insecure', canOpenInNewTab };
  }
  return { action: 'embed', url: href };
}
