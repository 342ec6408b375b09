import { type ComponentType, lazy, type ReactNode, Suspense, use, useEffect, useMemo } from 'react';
import { matchRoutes, Navigate, Route, type RouteObject, Routes, useLocation, useRoutes } from 'react-router';
import { routes } from '../lib/paths.ts';
import { homePrefetch } from './home-loader.ts';
import { MeetingErrorBoundary, MeetingLayout } from './meeting-layout.tsx';
import { meetingResolutionOptions, namesMeeting, storeQueryValues } from './meeting-loader.ts';
import { PageContext, type PageRoute, type RouteParams } from './page-route.ts';
import { queryClient } from './query-client.ts';
import { RootLayout } from './root-layout.tsx';
import { pageHandle as handle } from './route-handle.ts';

/** The meeting pages that load with the first script; the discoverable groups below join them. */
export const meetingPages: PageRoute[] = [
  {
    path: routes.home,
    handle: handle(routes.home),
    prefetch: homePrefetch,
    lazy: () => import('./home-page.tsx'),
  },
  {
    path: routes.agendaAlias,
    handle: handle(routes.agendaAlias),
    lazy: () => import('../features/agendas/routes/schedule-route.tsx'),
  },
  {
    path: routes.agendaSchedule,
    handle: handle(routes.agendaSchedule),
    lazy: () => import('../features/agendas/routes/schedule-route.tsx'),
  },
  {
    path: routes.agendaDetails,
    handle: handle(routes.agendaDetails),
    lazy: () => import('../features/agendas/routes/details-route.tsx'),
  },
  {
    path: routes.speakerList,
    handle: handle(routes.speakerList),
    lazy: () => import('../features/speakers/routes/list-route.tsx'),
  },
  {
    path: routes.speaker,
    handle: handle(routes.speaker),
    lazy: () => import('../features/speakers/routes/speaker-route.tsx'),
  },
  // Accounts (§2 login, bind, agree, personal, account routes). `isAuthPage`: reachable without login
  // whatever the meeting's guest rules (they are how one logs in).
  {
    path: routes.login,
    handle: handle(routes.login, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/login-route.tsx'),
  },
  {
    path: routes.bind,
    handle: handle(routes.bind, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/bind-route.tsx'),
  },
  {
    path: routes.agree,
    handle: handle(routes.agree, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/agree-route.tsx'),
  },
  // Sign-in landing pages (§2 /oauth/authorize, /oauth2/authorize, /oauth/chinaief), titled as the login.
  {
    path: routes.oauthAuthorize,
    handle: handle(routes.login, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/oauth-authorize-route.tsx'),
  },
  {
    path: routes.oauth2Authorize,
    handle: handle(routes.login, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/oauth2-authorize-route.tsx'),
  },
  {
    path: routes.oauthChinaief,
    handle: handle(routes.login, { isAuthPage: true }),
    lazy: () => import('../features/auth/routes/oauth-chinaief-route.tsx'),
  },
  {
    path: routes.myIndex,
    handle: handle(routes.myIndex, { requireLogin: true }),
    lazy: () => import('./my-index-page.tsx'),
  },
  {
    path: routes.myProfile,
    handle: handle(routes.myProfile, { requireLogin: true }),
    lazy: () => import('../features/users/routes/my-profile-route.tsx'),
  },
  {
    path: routes.accountEmail,
    handle: handle(routes.accountEmail, { requireLogin: true }),
    lazy: () => import('../features/auth/routes/account-email-route.tsx'),
  },
  {
    path: routes.accountPhone,
    handle: handle(routes.accountPhone, { requireLogin: true }),
    lazy: () => import('../features/auth/routes/account-phone-route.tsx'),
  },
];

/**
 * Pages whose route tables load on first visit instead of with the first script (the home page's JS
 * budget, DESIGN §10): the activity, registration, group, ticket and check-in pages
 * (activity-routes.tsx), the exhibit, enterprise, product and exhibitor pages (exhibit-routes.tsx),
 * the appointment and schedule pages (appointment-routes.tsx), and the content pages built of blocks
 * with the draft preview (pages-routes.tsx), each group recognised by its addresses.
 */
export const discoverablePages = [
  {
    addresses:
      /^\/(meeting\/activity\/|activity\/|my\/(registration|tickets|event)|m\/[^/]+\/a\/|meeting\/[^/]+\/activity\/)/,
    load: async () => (await import('./activity-routes.tsx')).activityPages,
  },
  {
    addresses:
      /^\/(exhibit(ion)?(\/|$)|meeting\/(enterprise|product|apply|invitation)(\/|$)|meeting\/exhibitor\/|my\/collection$)/,
    load: async () => (await import('./exhibit-routes.tsx')).exhibitPages,
  },
  {
    addresses:
      /^\/(meeting\/appointment\/|meeting\/enterprise\/appointment|user\/appointments|enterprise\/appointments|appointment$|meeting\/my\/schedule|meeting\/exhibitor\/schedule|my\/schedules)/,
    load: async () => (await import('./appointment-routes.tsx')).appointmentPages,
  },
  {
    // The news list and detail pages (news-routes.tsx).
    addresses: /^\/(meeting\/news(\/detail)?|news)$/,
    load: async () => (await import('./news-routes.tsx')).newsPages,
  },
  {
    addresses: /^\/(meeting\/(introduction|branch|contact)|conference|preview)$/,
    load: async () => (await import('./pages-routes.tsx')).pagesPages,
  },
  {
    // The embedded link page (site-routes.tsx).
    addresses: /^\/webview$/,
    load: async () => (await import('./site-routes.tsx')).sitePages,
  },
  {
    // The meeting search (search-routes.tsx).
    addresses: /^\/meeting\/search$/,
    load: async () => (await import('./search-routes.tsx')).searchPages,
  },
  {
    // The buyer's orders and an order's detail and pay page (orders-routes.tsx).
    addresses: /^\/my\/order(\/[^/]+)?$/,
    load: async () => (await import('./orders-routes.tsx')).orderPages,
  },
  {
    // An order's invoice request and its state (invoices-routes.tsx).
    addresses: /^\/invoice\/(form|detail)$/,
    load: async () => (await import('./invoices-routes.tsx')).invoicePages,
  },
  {
    // The documents page and the browsing history (documents-routes.tsx).
    addresses: /^\/(meeting\/doc|my\/footprints)$/,
    load: async () => (await import('./documents-routes.tsx')).documentPages,
  },
  {
    // The demand board: lists, search, likes, detail, post and comment forms, the caller's own (demands-routes.tsx).
    addresses:
      /^\/(demand(\/(list|detail|like|search|form\/[^/]+|comment\/[^/]+))?|cooperation|my\/demand|meeting\/exhibitor\/demand)$/,
    load: async () => (await import('./demands-routes.tsx')).demandPages,
  },
  {
    // Questions to exhibitors, their answers and price inquiries (questions-routes.tsx).
    addresses: /^\/meeting\/(enterprise\/question(\/list|\/[^/]+\/answer)?|exhibitor\/ask(\/list)?)$/,
    load: async () => (await import('./questions-routes.tsx')).questionPages,
  },
  {
    // The meeting's discussion threads and one thread's talk (threads-routes.tsx).
    addresses: /^\/meeting\/(thread\/list|talk)$/,
    load: async () => (await import('./threads-routes.tsx')).threadPages,
  },
  {
    // Connections, requests, my card and a scanned card's landing (friends-routes.tsx).
    addresses: /^\/(my\/(contact|connections(\/application)?)|meeting\/connection\/card)$/,
    load: async () => (await import('./friends-routes.tsx')).friendPages,
  },
  {
    // The people directory, a person's page, the people settings and /my/email (people-routes.tsx).
    addresses: /^\/(meeting\/(connection|user)|my\/email|my\/profile\/people)$/,
    load: async () => (await import('./people-routes.tsx')).peoplePages,
  },
  {
    // The speaker invitation page (speakers-routes.tsx).
    addresses: /^\/meeting\/speaker\/invite$/,
    load: async () => (await import('./speakers-routes.tsx')).speakerInvitePages,
  },
  {
    // Votes and candidates, the notification centre and its preferences (votes-routes.tsx).
    addresses: /^\/(activity\/vote(\/candidate)?|my\/notifications(\/preferences)?)$/,
    load: async () => (await import('./votes-routes.tsx')).votePages,
  },
  {
    // The copilot screen (copilot-routes.tsx).
    addresses: /^\/meeting\/copilot$/,
    load: async () => (await import('./copilot-routes.tsx')).copilotPages,
  },
  {
    // The live list and a live room (lives-routes.tsx).
    addresses: /^\/meeting\/live(\/detail)?$/,
    load: async () => (await import('./lives-routes.tsx')).livePages,
  },
  {
    // The reception desk: staff home, guests, phase desks, forms, the guest's own arrangements (reception-routes.tsx).
    addresses: /^\/meeting\/reception(\/|$)/,
    load: async () => (await import('./reception-routes.tsx')).receptionPages,
  },
  {
    // The real-name credential page with ID recognition (credentials-routes.tsx).
    addresses: /^\/credential$/,
    load: async () => (await import('./credentials-routes.tsx')).credentialPages,
  },
  {
    // The culture microsite's twelve pages, built of blocks (microsite-routes.tsx).
    addresses: /^\/sichuan-culture(\/|$)/,
    load: async () => (await import('./microsite-routes.tsx')).micrositePages,
  },
];

/**
 * Each discoverable group's table, loaded once. A failed load stays in the map, so the render that
 * reads it with `use()` throws to the error boundary instead of asking again on every render (a new
 * promise per render would suspend forever and download in a loop); the boundary's reload forgets it.
 */
const groupTables = new Map<number, Promise<PageRoute[]>>();
const failedGroups = new Set<number>();

function groupTable(index: number): Promise<PageRoute[]> {
  let table = groupTables.get(index);
  if (!table) {
    table = discoverablePages[index]?.load() ?? Promise.resolve([]);
    table.catch(() => failedGroups.add(index));
    groupTables.set(index, table);
  }
  return table;
}

/** Forgets the group tables and page code that failed to load, so the next render asks again. */
function forgetFailedLoads(): void {
  for (const index of failedGroups) groupTables.delete(index);
  failedGroups.clear();
  for (const load of failedPages) pageComponents.delete(load);
  failedPages.clear();
}

/**
 * The page code of each route, as a lazy component (its module's `Component`), made once. One whose
 * code failed to arrive keeps failing (React.lazy remembers) until the error boundary's reload
 * forgets it.
 */
const pageComponents = new Map<NonNullable<PageRoute['lazy']>, ComponentType>();
const loadedPages = new Map<NonNullable<PageRoute['lazy']>, ComponentType>();
const failedPages = new Set<NonNullable<PageRoute['lazy']>>();

function pageComponent(load: NonNullable<PageRoute['lazy']>): ComponentType {
  let component = pageComponents.get(load);
  if (!component) {
    // Code that arrived before the first render draws at once: a lazy wrapper would suspend for a
    // tick, and React reveals a boundary's content at the earliest 300 ms after its fallback.
    component =
      loadedPages.get(load) ??
      lazy(async () => {
        try {
          return { default: (await load()).Component };
        } catch (error) {
          failedPages.add(load);
          throw error;
        }
      });
    pageComponents.set(load, component);
  }
  return component;
}

/** A page of the tables: its lazily loaded code (the root layout's Suspense shows the skeleton meanwhile). */
function PageElement({ load }: { load: NonNullable<PageRoute['lazy']> }) {
  const Page = pageComponent(load);
  return <Page />;
}

/** The meeting area's route objects for a table: the meeting layout, and each page under it by index. */
const areaRoutes = new Map<string, { table: PageRoute[]; objects: RouteObject[] }>();

function meetingArea(groups: number[], tables: PageRoute[][]) {
  const key = groups.join(',');
  let area = areaRoutes.get(key);
  if (!area) {
    const table = tables.flat();
    const objects: RouteObject[] = [
      {
        element: <MeetingLayout />,
        children: table.map((route, index) => ({
          id: String(index),
          path: route.path,
          element: route.lazy ? <PageElement load={route.lazy} /> : null,
        })),
      },
    ];
    area = { table, objects };
    areaRoutes.set(key, area);
  }
  return area;
}

/** The address whose prefetch and page code were last started; the last resolution's key and path. */
let startedFor = '';
let resolvedFor = '';
let resolvedPath = '';

/**
 * Starts what a meeting page needs, all at once: the meeting's resolution (meeting-layout.tsx reads
 * the same query), the page's prefetch, and the download of its code. The resolution runs again when
 * the path or the meeting inputs change, not when only another query value does (§2). A page of the
 * same named meeting shows at once while it runs; an address that names no meeting waits for it (it
 * may name another meeting's item this time). Answers a promise that settles once the resolution
 * and the code have arrived (never rejects), or undefined when the address was started already.
 */
function startPage(
  page: PageRoute,
  params: RouteParams,
  pathname: string,
  search: URLSearchParams,
): Promise<unknown> | undefined {
  const address = `${pathname}?${search.toString()}`;
  if (startedFor === address) return;
  startedFor = address;
  const resolution = meetingResolutionOptions(pathname, search, params);
  const key = JSON.stringify(resolution.queryKey);
  let resolving: Promise<unknown> | undefined;
  if (resolvedFor !== key || resolvedPath !== pathname) {
    if (resolvedFor !== key && !namesMeeting(resolution.queryKey)) {
      queryClient.removeQueries({ queryKey: resolution.queryKey, exact: true });
    }
    resolvedFor = key;
    resolvedPath = pathname;
    resolving = queryClient.prefetchQuery({ ...resolution, staleTime: 0 });
  }
  page.prefetch?.(search);
  const load = page.lazy;
  const code = load?.().then(
    (module) => loadedPages.set(load, module.Component),
    () => undefined,
  );
  return Promise.all([resolving, code]);
}

/**
 * The first address's page, started before the app renders (main.tsx: while the catalogues load),
 * as the data router's loaders did: its resolution and code do not wait for the first render. Settles
 * once both have arrived (main.tsx renders then, so the first screen suspends on neither).
 */
export async function startFirstPage(pathname: string, searchText: string): Promise<unknown> {
  if ([routes.root, routes.homeAlias, routes.notFound, routes.deleted].includes(pathname as never)) return;
  const groups = discoverablePages.flatMap((group, index) => (group.addresses.test(pathname) ? [index] : []));
  const tables = [meetingPages, ...(await Promise.all(groups.map(groupTable)))];
  const { table, objects } = meetingArea(groups, tables);
  const match = matchRoutes(objects, pathname)?.at(-1);
  const page = match?.route.id === undefined ? undefined : table[Number(match.route.id)];
  if (page && match && !page.redirect)
    return startPage(page, match.params, pathname, new URLSearchParams(searchText));
}

/**
 * Every address but the root redirects and the status pages (§2): its page in the meeting tables,
 * loading the discoverable group that owns the address first; an address no table has opens /404.
 * A redirect page opens its target at once; any other page starts its prefetch and the download of
 * its code now, alongside the meeting's resolution (meeting-layout.tsx), not after it.
 */
function MeetingArea() {
  const location = useLocation();
  const groups = discoverablePages.flatMap((group, index) =>
    group.addresses.test(location.pathname) ? [index] : [],
  );
  const tables = [meetingPages, ...groups.map((index) => use(groupTable(index)))];
  const { table, objects } = meetingArea(groups, tables);
  const element = useRoutes(objects);
  const match = matchRoutes(objects, location)?.at(-1);
  const page = match?.route.id === undefined ? undefined : table[Number(match.route.id)];
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const address = `${location.pathname}${location.search}`;
  const params = match?.params ?? {};

  if (!page || !match) return <Navigate to={routes.notFound} replace />;
  if (page.redirect) return <Navigate to={page.redirect(match.params, search)} replace />;
  startPage(page, params, location.pathname, search);
  return (
    <PageContext.Provider value={{ handle: page.handle ?? {}, params }}>
      <MeetingErrorBoundary resetKey={address} onRetry={forgetFailedLoads}>
        {element}
      </MeetingErrorBoundary>
    </PageContext.Provider>
  );
}

/**
 * The meeting area behind an error boundary of its own: a discoverable group's table that failed to
 * arrive (network, a deploy that replaced its chunk) shows 'Failed to load the page' with reload
 * (§8) instead of an empty app; reload asks for the table again.
 */
function GuardedMeetingArea() {
  const { pathname, search } = useLocation();
  return (
    <MeetingErrorBoundary resetKey={`${pathname}${search}`} onRetry={forgetFailedLoads}>
      <MeetingArea />
    </MeetingErrorBoundary>
  );
}

/** `/` and `/home` open the meeting home, keeping the query (§2). */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={`${routes.home}${search}`} replace />;
}

/** /404 and /204: the query values that every page stores are stored here too (§2). */
function StatusPage({ load }: { load: NonNullable<PageRoute['lazy']> }): ReactNode {
  const { search } = useLocation();
  useEffect(() => storeQueryValues(new URLSearchParams(search)), [search]);
  return <PageElement load={load} />;
}

/**
 * The organiser console (DESIGN §7) at `#/console/…`: its own app with its own layout (no meeting
 * header), loaded on first visit only, so no public route's first script carries it.
 */
const ConsoleApp = lazy(() => import('./console/console-app.tsx'));

/** The console's lazily loaded app, on a plain grey page while its code arrives. */
function ConsoleArea() {
  return (
    <Suspense fallback={<div className="min-h-dvh bg-slate-50" aria-busy="true" />}>
      <ConsoleApp />
    </Suspense>
  );
}

const notFoundPage = () => import('./pages/not-found-page.tsx');
const deletedPage = () => import('./pages/deleted-page.tsx');
// /clear and /etc/redirect need no meeting (site-routes.tsx).
const clearPage = async () => await (await import('./site-routes.tsx')).standaloneSitePages.clear();
const redirectPage = async () => await (await import('./site-routes.tsx')).standaloneSitePages.redirect();

/**
 * The app's routes (hash addresses, §2), in react-router's declarative mode: the root redirects, the
 * status pages, and the meeting area, which matches its own tables (router.tsx's `meetingPages` and
 * the discoverable groups).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={routes.root} element={<ToHome />} />
        <Route path={routes.homeAlias} element={<ToHome />} />
        <Route path={routes.notFound} element={<StatusPage load={notFoundPage} />} />
        <Route path={routes.deleted} element={<StatusPage load={deletedPage} />} />
        <Route path="/clear" element={<PageElement load={clearPage} />} />
        <Route path="/etc/redirect" element={<PageElement load={redirectPage} />} />
        <Route path="/console/*" element={<ConsoleArea />} />
        <Route path="*" element={<GuardedMeetingArea />} />
      </Route>
    </Routes>
  );
}
