/**
 * Links of the web app inside the mini-program's web view (§1 client environment miniprogram; §2
 * mini-program pages). Four §2 mini-program pages show what a web page shows, natively stacked:
 * a link to one of those web pages opens the mini-program page (`wx.miniProgram.navigateTo`), which
 * opens the web page again in a web view of its own. Pure functions; the click hook is in
 * features/wechat.
 */

/** The §2 mini-program pages, as app.json lists them (apps/miniprogram). */
export const miniProgramPages = {
  webApp: 'pages/fu-h5/index',
  demandMeeting: 'pages/demand/pages/meeting/meeting',
  demandDetail: 'pages/demand/pages/detail/detail',
  enterpriseDetail: 'pages/enterprise/pages/detail/detail',
  threadDetail: 'pages/thread/pages/detail/detail',
  bridge: 'pages/webview/api/api',
} as const;

/**
 * Web route → mini-program page: the web route's path (aliases included), the mini-program page and
 * the web query parameter that becomes the page's `id` (null: the page takes no id).
 */
const routeTable: readonly { routes: readonly string[]; page: string; idParam: string | null }[] = [
  { routes: ['/meeting/enterprise'], page: miniProgramPages.enterpriseDetail, idParam: 'enterprise_id' },
  { routes: ['/demand/detail'], page: miniProgramPages.demandDetail, idParam: 'demand_id' },
  {
    routes: ['/demand', '/demand/list', '/cooperation'],
    page: miniProgramPages.demandMeeting,
    idParam: null,
  },
  { routes: ['/meeting/talk'], page: miniProgramPages.threadDetail, idParam: 'thread_id' },
];

/**
 * The mini-program page that shows an app route (`/meeting/enterprise?enterprise_id=…&meeting_id=…`),
 * as the absolute URL `wx.miniProgram.navigateTo` takes:
 * `/pages/enterprise/pages/detail/detail?id=…&meeting_id=…`. Detail routes without their id, and
 * every other route, have none (undefined): they open in place.
 */
export function miniProgramPageOf(route: string): string | undefined {
  const [rawPath = '', query = ''] = route.split('?', 2);
  const path = rawPath.replace(/\/+$/, '') || '/';
  const entry = routeTable.find((candidate) => candidate.routes.includes(path));
  if (!entry) return undefined;
  const search = new URLSearchParams(query);
  const out = new URLSearchParams();
  if (entry.idParam) {
    const id = search.get(entry.idParam)?.trim();
    if (!id) return undefined;
    out.set('id', id);
  }
  const meetingId = search.get('meeting_id') ?? search.get('meeting');
  if (meetingId) out.set('meeting_id', meetingId);
  const type = search.get('type');
  if (!entry.idParam && type) out.set('type', type);
  const rest = out.toString();
  return `/${entry.page}${rest ? `?${rest}` : ''}`;
}

/** What a tap on a link does in the mini-program's web view. */
export type MiniProgramLinkAction =
  | { kind: 'miniprogram'; url: string }
  | { kind: 'webview'; to: string }
  | { kind: 'none' };

/**
 * The action for an `<a href>` tapped inside the mini-program (§2): a hash route of this app that a
 * mini-program page shows → that page; an http(s) link to another site → the app's /webview page,
 * which applies the allowed web-view domain rule (embed, or the dialog offering to copy the link);
 * anything else (app routes, same-site links, mailto: and tel:) is left to the browser.
 */
export function miniProgramLinkAction(
  href: string,
  page: { origin: string; documentPath: string },
): MiniProgramLinkAction {
  let url: URL;
  try {
    url = new URL(href, `${page.origin}${page.documentPath}`);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === page.origin) {
    if (!url.hash.startsWith('#/')) return { kind: 'none' };
    const target = miniProgramPageOf(url.hash.slice(1));
    return target ? { kind: 'miniprogram', url: target } : { kind: 'none' };
  }
  return { kind: 'webview', to: `/webview?${new URLSearchParams({ link: url.href }).toString()}` };
}
