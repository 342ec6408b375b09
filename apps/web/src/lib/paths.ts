/**
 * The route table of this issue (§2) and the typed path helpers every link is built with
 * (DESIGN §4.8). Routes are hash-based: helpers return the router location (`/meeting/home?…`);
 * `toHref` gives the `#/…` form for places outside the router.
 */

export const routes = {
  root: '/',
  homeAlias: '/home',
  home: '/meeting/home',
  agendaAlias: '/agenda',
  agendaSchedule: '/meeting/agenda/schedule',
  agendaDetails: '/meeting/agenda/details',
  speakerList: '/meeting/speaker/list',
  speaker: '/meeting/speaker',
  login: '/login',
  bind: '/bind',
  agree: '/agree',
  /** Landing of a WeChat web login's return (§2): `code`, `state` → POST /tokens/wechat. */
  oauthAuthorize: '/oauth/authorize',
  /** Landing of a Google, Facebook or single sign-on return (§2): the session or the error. */
  oauth2Authorize: '/oauth2/authorize',
  /** The meeting's single sign-on entry (§2 /oauth/chinaief). */
  oauthChinaief: '/oauth/chinaief',
  myIndex: '/my/index',
  myProfile: '/my/profile',
  accountEmail: '/account/email',
  accountPhone: '/account/phone',
  exhibit: '/exhibit',
  exhibition: '/exhibition',
  exhibitorFilter: '/exhibit/exhibitor/filter',
  exhibitorSearch: '/exhibit/exhibitor/search',
  productSearch: '/exhibit/product/search',
  enterprise: '/meeting/enterprise',
  product: '/meeting/product',
  myCollection: '/my/collection',
  exhibitorBind: '/meeting/exhibitor/bind',
  exhibitorManage: '/meeting/exhibitor/manage',
  exhibitorApply: '/meeting/apply',
  /** The one-time link where an exhibitor account sets its password (`key`, `meeting_id`). */
  exhibitorPassword: '/meeting/exhibitor/password',
  invitation: '/meeting/invitation',
  notFound: '/404',
  deleted: '/204',
} as const;
export type RoutePath = (typeof routes)[keyof typeof routes];

/** Catalogue key (namespace `common`) of each page's title (§2 title rule). */
export const routeTitles = {
  [routes.home]: 'pages.home',
  [routes.agendaAlias]: 'pages.agenda',
  [routes.agendaSchedule]: 'pages.agenda',
  [routes.agendaDetails]: 'pages.agendaDetails',
  [routes.speakerList]: 'pages.speakerList',
  [routes.speaker]: 'pages.speaker',
  [routes.login]: 'pages.login',
  [routes.bind]: 'pages.bind',
  [routes.agree]: 'pages.agree',
  [routes.myIndex]: 'pages.myIndex',
  [routes.myProfile]: 'pages.myProfile',
  [routes.accountEmail]: 'pages.accountEmail',
  [routes.accountPhone]: 'pages.accountPhone',
  [routes.notFound]: 'pages.notFound',
  [routes.deleted]: 'pages.deleted',
} as const;
export type RouteTitleKey = (typeof routeTitles)[keyof typeof routeTitles];

type Query = Record<string, string | number | undefined | null>;

/** Joins a path and its query, skipping empty values; values are percent-encoded. */
export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type MeetingArg = { meetingId: string };

export const paths = {
  /** The meeting home; without a meeting id the domain default (or the remembered one) opens. */
  home: ({ meetingId }: { meetingId?: string | undefined } = {}) =>
    withQuery(routes.home, { meeting_id: meetingId }),
  agenda: {
    /** The programme; `agendaId` scrolls to and highlights that session, `day` picks a day (YYYY-MM-DD). */
    schedule: ({ meetingId, agendaId, day }: MeetingArg & { agendaId?: string; day?: string }) =>
      withQuery(routes.agendaSchedule, { meeting_id: meetingId, agenda_id: agendaId, day }),
    details: ({ agendaId, meetingId }: MeetingArg & { agendaId: string }) =>
      withQuery(routes.agendaDetails, { agenda_id: agendaId, meeting_id: meetingId }),
  },
  speaker: {
    list: ({ meetingId }: MeetingArg) => withQuery(routes.speakerList, { meeting_id: meetingId }),
    details: ({ speakerId, meetingId }: MeetingArg & { speakerId: string }) =>
      withQuery(routes.speaker, { speaker_id: speakerId, meeting_id: meetingId }),
  },
  /** The login page; `redirect` is the route to open afterwards (a relative `/…` route). */
  login: ({ meetingId, redirect }: MeetingArg & { redirect?: string | undefined }) =>
    withQuery(routes.login, { meeting_id: meetingId, redirect: safeRedirect(redirect) }),
  /** Bind a phone: after a WeChat login (`ticket`, the 4260 hand-back) or for a user without one. */
  bind: ({ meetingId, redirect, ticket }: MeetingArg & { redirect?: string | undefined; ticket?: string }) =>
    withQuery(routes.bind, { meeting_id: meetingId, redirect: safeRedirect(redirect), ticket }),
  agree: ({ meetingId }: MeetingArg) => withQuery(routes.agree, { meeting_id: meetingId }),
  /** The meeting's single sign-on entry; `redirect` is the route to open afterwards. */
  oauthChinaief: ({ meetingId, redirect }: MeetingArg & { redirect?: string | undefined }) =>
    withQuery(routes.oauthChinaief, { meeting_id: meetingId, redirect: safeRedirect(redirect) }),
  my: {
    index: ({ meetingId }: MeetingArg) => withQuery(routes.myIndex, { meeting_id: meetingId }),
    profile: ({ meetingId }: MeetingArg) => withQuery(routes.myProfile, { meeting_id: meetingId }),
  },
  account: {
    email: ({ meetingId }: MeetingArg) => withQuery(routes.accountEmail, { meeting_id: meetingId }),
    phone: ({ meetingId }: MeetingArg) => withQuery(routes.accountPhone, { meeting_id: meetingId }),
  },
  exhibit: {
    /** The pavilion; `industryId` / `groupId` preselect the filter chips. */
    pavilion: ({ meetingId, industryId, groupId }: MeetingArg & { industryId?: string; groupId?: string }) =>
      withQuery(routes.exhibit, { meeting_id: meetingId, industry_id: industryId, group_id: groupId }),
    /** The full-page filter (phones); it returns to the pavilion with the chosen filters. */
    filter: ({ meetingId, industryId, groupId }: MeetingArg & { industryId?: string; groupId?: string }) =>
      withQuery(routes.exhibitorFilter, {
        meeting_id: meetingId,
        industry_id: industryId,
        group_id: groupId,
      }),
    searchExhibitors: ({ meetingId, keyword }: MeetingArg & { keyword?: string }) =>
      withQuery(routes.exhibitorSearch, { meeting_id: meetingId, keyword }),
    searchProducts: ({ meetingId, keyword }: MeetingArg & { keyword?: string }) =>
      withQuery(routes.productSearch, { meeting_id: meetingId, keyword }),
  },
  enterprise: ({ meetingId, enterpriseId }: MeetingArg & { enterpriseId: string }) =>
    withQuery(routes.enterprise, { enterprise_id: enterpriseId, meeting_id: meetingId }),
  product: ({ meetingId, productId }: MeetingArg & { productId: string }) =>
    withQuery(routes.product, { product_id: productId, meeting_id: meetingId }),
  collection: ({ meetingId, tab }: MeetingArg & { tab?: 'enterprises' | 'products' }) =>
    withQuery(routes.myCollection, { meeting_id: meetingId, tab }),
  exhibitor: {
    bind: ({ meetingId }: MeetingArg) => withQuery(routes.exhibitorBind, { meeting_id: meetingId }),
    manage: ({ meetingId }: MeetingArg) => withQuery(routes.exhibitorManage, { meeting_id: meetingId }),
    apply: ({ meetingId }: MeetingArg) => withQuery(routes.exhibitorApply, { meeting_id: meetingId }),
  },
  /** The invitation poster of an exhibiting enterprise (§2 /meeting/invitation). */
  invitation: ({ meetingId, enterpriseId }: MeetingArg & { enterpriseId: string }) =>
    withQuery(routes.invitation, { enterprise_id: enterpriseId, meeting_id: meetingId }),
  notFound: () => routes.notFound,
  /** Deleted content (§2): `replace` 1 when the page replaced the one that showed the item. */
  deleted: ({ replace }: { replace: boolean }) => withQuery(routes.deleted, { replace: replace ? 1 : 0 }),
} as const;

/** The `href` of a router location, for plain anchors and share links: `#/meeting/home?…`. */
export function toHref(location: string): string {
  return `#${location.startsWith('/') ? location : `/${location}`}`;
}

/** Reads an id from the query (undefined when absent); a malformed one is left for the server to refuse (→ /404). */
export function idParam(search: URLSearchParams, name: string): string | undefined {
  const value = search.get(name);
  return value ? value : undefined;
}

/** Routes a login never returns to (the redirect-to-login re-entry guard, §2). */
const authRoutes: readonly string[] = [
  routes.login,
  routes.bind,
  routes.agree,
  routes.oauthAuthorize,
  routes.oauth2Authorize,
  routes.oauthChinaief,
];

/**
 * A redirect target that is safe to follow after login: a relative app route (`/…`, not `//host`),
 * never the login, bind or agree pages themselves (no loop). Anything else becomes undefined.
 */
export function safeRedirect(redirect: string | null | undefined): string | undefined {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) {
    return undefined;
  }
  const path = redirect.split('?')[0] ?? '';
  return authRoutes.includes(path) ? undefined : redirect;
}
