import { withQuery } from './paths.ts';

/**
 * The site pages (§2 /webview, /clear, /etc/redirect): their part of the route table, titles
 * (namespace `share`) and link helpers. Apart from paths.ts so their code loads only when visited
 * (app/site-routes.tsx), not with the home page's first script (DESIGN §10).
 */
export const siteRoutes = {
  /** An embedded link (query `link`), §2 /webview. */
  webview: '/webview',
  /** Clears the session, caches and stored values, then goes home (§2 /clear). */
  clear: '/clear',
  /** Follows a short link (query `hash`), §2 /etc/redirect. */
  redirect: '/etc/redirect',
} as const;

/** Catalogue key (namespace `share`) of each page's title. */
export const siteRouteTitles = {
  [siteRoutes.webview]: 'pages.webview',
  [siteRoutes.clear]: 'pages.clear',
  [siteRoutes.redirect]: 'pages.redirect',
} as const;

/** Link helpers of the site pages (typed, never string literals: DESIGN §4.8). */
export const sitePaths = {
  /** `/webview?link=…&meeting_id=…`: the link embedded when allowed (§2). */
  webview: ({ link, meetingId }: { link: string; meetingId?: string | undefined }) =>
    withQuery(siteRoutes.webview, { link, meeting_id: meetingId }),
  clear: () => siteRoutes.clear,
  /** `/etc/redirect?hash=…`: a short link's landing page. */
  redirect: ({ hash }: { hash: string }) => withQuery(siteRoutes.redirect, { hash }),
} as const;

/** The server endpoints behind the site pages (public, no Apikey). */
export const siteApi = {
  webviewDomains: '/api/static/webview_domains.json',
  /** 302 to a short link's stored target, 404 when unknown or no longer allowed. */
  shortLink: (hash: string) => `/api/short_links/${encodeURIComponent(hash)}`,
  clientErrors: '/api/client_errors',
} as const;
