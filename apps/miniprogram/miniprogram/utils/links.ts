/**
 * Links of the mini-program (§2 mini-program pages; routing rule "In the mini-program, a link outside
 * the allowed web-view domain list shows a dialog offering to copy the link"). Pure functions: no
 * `wx` here, so the unit test (apps/miniprogram/miniprogram.test.ts) runs them in Node.
 */

/** True when `host` matches a pattern: `example.org` exactly, `*.example.org` / `.example.org` the domain and its subdomains. */
export function isAllowedHost(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name) return false;
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!pattern) return false;
    if (pattern.startsWith('*.') || pattern.startsWith('.')) {
      const domain = pattern.replace(/^\*?\./, '');
      return name === domain || name.endsWith(`.${domain}`);
    }
    return name === pattern;
  });
}

/** What the web-view page does with a `link`: open it, offer to copy it, or say it is not a link. */
export type WebViewDecision =
  | { kind: 'open'; src: string }
  | { kind: 'copy'; link: string }
  | { kind: 'invalid' };

const urlPattern = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^#]*)(#.*)?$/i;

/**
 * The decision for a link given to pages/fu-h5/index (already URI-decoded): only https links whose
 * host (no user info, no port games) is on the allowed list open in the web view; any other URL is
 * offered for copying; text that is no URL is invalid. The mini-program has no `URL` class on every
 * base library, so the parse is a strict pattern.
 */
export function webViewDecision(link: string, allowed: readonly string[]): WebViewDecision {
  const text = link.trim();
  const match = urlPattern.exec(text);
  if (!match) return { kind: 'invalid' };
  const [, scheme = '', authority = ''] = match;
  if (!/^https?$/i.test(scheme)) return { kind: 'copy', link: text };
  if (scheme.toLowerCase() !== 'https' || authority.includes('@') || authority.includes('\\')) {
    return { kind: 'copy', link: text };
  }
  const host = authority.replace(/:443$/, '');
  if (host.includes(':') || !isAllowedHost(host, allowed)) return { kind: 'copy', link: text };
  return { kind: 'open', src: text };
}

/** Query values as the mini-program hands them to onLoad. */
export type PageQuery = Record<string, string | undefined>;

/** Encodes a flat query, skipping empty values, in the given key order. */
function encodeQuery(values: readonly [string, string | undefined][]): string {
  return values
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * The four thin pages (§2 mini-program pages) and the web route each shows: the page's `id` becomes
 * the route's item parameter, `meeting_id` (and the demand list's `type`) pass through. The web app
 * maps the other way in apps/web/src/lib/wechat-miniprogram.ts.
 */
export const thinPages = {
  'pages/enterprise/pages/detail/detail': { route: '/meeting/enterprise', idParam: 'enterprise_id' },
  'pages/demand/pages/detail/detail': { route: '/demand/detail', idParam: 'demand_id' },
  'pages/demand/pages/meeting/meeting': { route: '/demand', idParam: null },
  'pages/thread/pages/detail/detail': { route: '/meeting/talk', idParam: 'thread_id' },
} as const satisfies Record<string, { route: string; idParam: string | null }>;

export type ThinPage = keyof typeof thinPages;

/** The web app URL a thin page opens: `${origin}/#/meeting/enterprise?enterprise_id=…&meeting_id=…`. */
export function thinPageUrl(origin: string, page: ThinPage, query: PageQuery): string {
  const target = thinPages[page];
  const id = target.idParam ? query.id : undefined;
  const search = encodeQuery([
    ...(target.idParam ? ([[target.idParam, id]] as [string, string | undefined][]) : []),
    ['meeting_id', query.meeting_id],
    ['type', target.idParam ? undefined : query.type],
  ]);
  return `${origin.replace(/\/+$/, '')}/#${target.route}${search ? `?${search}` : ''}`;
}

/** What the bridge page (pages/webview/api/api) hands back to the web view that asked. */
export type BridgeResult =
  | { action: 'login'; status: 'ok'; loginCode: string; phoneCode: string }
  | { action: 'pay'; status: 'ok' | 'cancel' | 'fail' }
  | { action: 'login' | 'pay'; status: 'cancel' | 'fail' };

/**
 * The address a web view asked the bridge to answer on (`return`, URI-encoded, as the web app sends
 * its current location): kept only when it is an address the web view may open (§2 allowed web-view
 * domains), else undefined and the result goes to the web view's own address.
 */
export function bridgeReturnOf(raw: string | undefined, allowed: readonly string[]): string | undefined {
  if (!raw) return undefined;
  let link: string;
  try {
    link = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const decision = webViewDecision(link, allowed);
  return decision.kind === 'open' ? decision.src : undefined;
}

/**
 * The address a web view reloads with the bridge's result: the one it asked from, else its own, once.
 */
export function takeBridgeAnswer(
  globalData: { bridgeResult?: BridgeResult | undefined; bridgeReturn?: string | undefined },
  src: string,
): string | undefined {
  const result = globalData.bridgeResult;
  if (!result || !src) return undefined;
  const base = globalData.bridgeReturn ?? src;
  globalData.bridgeResult = undefined;
  globalData.bridgeReturn = undefined;
  return withBridgeResult(base, result);
}

/**
 * The web view's address with the bridge's result added to its hash route's query (`mp_action`,
 * `mp_status`, and for a login `mp_code` + `mp_phone_code`), or to the URL's query when it has no
 * hash route; earlier `mp_*` values are replaced.
 */
export function withBridgeResult(src: string, result: BridgeResult): string {
  const values: [string, string | undefined][] = [
    ['mp_action', result.action],
    ['mp_status', result.status],
    ['mp_code', 'loginCode' in result ? result.loginCode : undefined],
    ['mp_phone_code', 'phoneCode' in result ? result.phoneCode : undefined],
  ];
  const hashAt = src.indexOf('#');
  const [base, hash] = hashAt === -1 ? [src, ''] : [src.slice(0, hashAt), src.slice(hashAt)];
  const addTo = (part: string) => {
    const [path = '', query = ''] = part.split('?', 2) as [string, string?];
    const kept = query
      .split('&')
      .filter((pair) => pair !== '' && !pair.startsWith('mp_'))
      .join('&');
    const added = encodeQuery(values);
    return `${path}?${[kept, added].filter(Boolean).join('&')}`;
  };
  return hash.startsWith('#/') ? `${base}${addTo(hash)}` : `${addTo(base)}${hash}`;
}

/** Parses the bridge page's `params` (URI-encoded JSON of wx.requestPayment's fields); undefined when malformed. */
export function paymentParams(raw: string | undefined):
  | {
      timeStamp: string;
      nonceStr: string;
      package: string;
      signType: 'MD5' | 'HMAC-SHA256' | 'RSA';
      paySign: string;
    }
  | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
    const signType = text('signType') || 'RSA';
    if (signType !== 'MD5' && signType !== 'HMAC-SHA256' && signType !== 'RSA') return undefined;
    const params = {
      timeStamp: text('timeStamp'),
      nonceStr: text('nonceStr'),
      package: text('package'),
      signType,
      paySign: text('paySign'),
    } as const;
    return params.timeStamp && params.nonceStr && params.package && params.paySign ? params : undefined;
  } catch {
    return undefined;
  }
}

/** The card a web page asked the mini-program to use when it is shared (its last `share` message). */
export type PageShareCard = { title: string; link: string; imageUrl: string };

/**
 * The share card from a web view's messages (`bindmessage` detail.data: every
 * `wx.miniProgram.postMessage` since the last share, oldest first): the last `{ type: 'share' }`
 * message whose link the web view may open (https on an allowed host), else undefined.
 */
export function shareOfMessages(messages: unknown, allowed: readonly string[]): PageShareCard | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (const message of [...messages].reverse()) {
    if (!message || typeof message !== 'object') continue;
    const { type, title, link, imgUrl } = message as Record<string, unknown>;
    if (type !== 'share' || typeof link !== 'string') continue;
    if (webViewDecision(link, allowed).kind !== 'open') continue;
    return {
      title: typeof title === 'string' ? title.slice(0, 100) : '',
      link,
      imageUrl: typeof imgUrl === 'string' && webViewDecision(imgUrl, allowed).kind === 'open' ? imgUrl : '',
    };
  }
  return undefined;
}

/** What onShareAppMessage answers for a card: the web page reopened through pages/fu-h5/index. */
export function shareMessageOf(card: PageShareCard): { title: string; path: string; imageUrl?: string } {
  return {
    title: card.title,
    path: `/pages/fu-h5/index?link=${encodeURIComponent(card.link)}`,
    ...(card.imageUrl ? { imageUrl: card.imageUrl } : {}),
  };
}
