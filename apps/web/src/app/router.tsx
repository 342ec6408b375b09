import { createHashRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { routes } from '../lib/paths.ts';
import { homeLoader } from './home-loader.ts';
import { MeetingError, MeetingLayout } from './meeting-layout.tsx';
import { meetingLoader, storeQueryValues } from './meeting-loader.ts';
import { PageSkeleton, RootLayout } from './root-layout.tsx';
import { pageHandle as handle } from './route-handle.ts';

/** `/` and `/home` open the meeting home, keeping the query (§2). */
function toHome({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return replace(`${routes.home}${search}`);
}

/** The meeting pages that load with the first script; the discoverable groups below join them. */
export const meetingPages: RouteObject[] = [
  {
    path: routes.home,
    handle: handle(routes.home),
    loader: homeLoader,
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

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSkeleton,
    children: [
      { path: routes.root, loader: toHome, Component: PageSkeleton },
      { path: routes.homeAlias, loader: toHome, Component: PageSkeleton },
      {
        id: 'meeting',
        loader: meetingLoader,
        // Re-resolve only when the address changes the meeting inputs, not on every search change.
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
          if (!defaultShouldRevalidate) return false;
          const keys = ['meeting_id', 'meeting', 'lang'];
          const changed = keys.some(
            (key) => currentUrl.searchParams.get(key) !== nextUrl.searchParams.get(key),
          );
          return changed || currentUrl.pathname !== nextUrl.pathname;
        },
        Component: MeetingLayout,
        ErrorBoundary: MeetingError,
        children: meetingPages,
      },
      { path: routes.notFound, loader: storeQueryLoader, lazy: () => import('./pages/not-found-page.tsx') },
      { path: routes.deleted, loader: storeQueryLoader, lazy: () => import('./pages/deleted-page.tsx') },
      { path: '*', loader: () => replace(routes.notFound), Component: PageSkeleton },
    ],
  },
];

function storeQueryLoader({ request }: LoaderFunctionArgs) {
  storeQueryValues(new URL(request.url).searchParams);
  return null;
}

/**
 * Pages whose route objects load on first visit instead of with the first script (the home page's JS
 * budget, DESIGN §5): the activity, registration, group, ticket and check-in pages (issue 4,
 * activity-routes.tsx) and the exhibit, enterprise, product and exhibitor pages (issue 5,
 * exhibit-routes.tsx), and the appointment and schedule pages (issue 6, appointment-routes.tsx), each
 * group recognised by its addresses.
 */
const discoverablePages = [
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
];

/**
 * The hash router. A discoverable group of pages joins the meeting pages once, when one of its
 * addresses is first visited (react-router's patchRoutesOnNavigation); matching then goes on as
 * usual (an unknown address still reaches /404 through the catch-all).
 */
export function createRouter() {
  const patched = new Set<number>();
  return createHashRouter(routeObjects, {
    async patchRoutesOnNavigation({ path, patch }) {
      for (const [index, group] of discoverablePages.entries()) {
        if (patched.has(index) || !group.addresses.test(path)) continue;
        const pages = await group.load();
        if (patched.has(index)) continue;
        patched.add(index);
        patch('meeting', pages);
      }
    },
  });
}
