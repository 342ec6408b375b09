import { createHashRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { type ExhibitPage, exhibitPageTitle } from '../features/exhibitors/components/titles.ts';
import { routes } from '../lib/paths.ts';
import { homeLoader } from './home-loader.ts';
import { MeetingError, MeetingLayout } from './meeting-layout.tsx';
import { meetingLoader, storeQueryValues } from './meeting-loader.ts';
import { PageSkeleton, RootLayout } from './root-layout.tsx';
import { pageHandle as handle } from './route-handle.ts';
import type { RouteHandle } from './shell.tsx';

/** `/` and `/home` open the meeting home, keeping the query (§2). */
function toHome({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return replace(`${routes.home}${search}`);
}

/** Exhibit pages: titled from the meeting's exhibit wording (§2), words from `exhibitors`. */
const exhibitHandle = (page: ExhibitPage, options: Omit<RouteHandle, 'dynamicTitle'> = {}): RouteHandle => ({
  dynamicTitle: {
    namespace: 'exhibitors',
    compute: (t, meeting, language) => exhibitPageTitle(page, t, meeting, language),
  },
  ...options,
});
const pavilion = () => import('../features/exhibitors/routes/pavilion-route.tsx');

const meetingPages: RouteObject[] = [
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
  // Exhibitors, enterprises and products (§2 exhibit, enterprise, product, exhibitor area, collection).
  { path: routes.exhibit, handle: exhibitHandle('pavilion'), lazy: pavilion },
  { path: routes.exhibition, handle: exhibitHandle('pavilion'), lazy: pavilion },
  {
    path: routes.exhibitorFilter,
    handle: exhibitHandle('filter'),
    lazy: () => import('../features/exhibitors/routes/filter-route.tsx'),
  },
  {
    path: routes.exhibitorSearch,
    handle: exhibitHandle('exhibitorSearch'),
    lazy: () => import('../features/exhibitors/routes/exhibitor-search-route.tsx'),
  },
  {
    path: routes.productSearch,
    handle: exhibitHandle('productSearch'),
    lazy: () => import('../features/exhibitors/routes/product-search-route.tsx'),
  },
  {
    path: routes.enterprise,
    handle: exhibitHandle('enterprise'),
    lazy: () => import('../features/enterprises/routes/enterprise-route.tsx'),
  },
  {
    path: routes.product,
    handle: exhibitHandle('product'),
    lazy: () => import('../features/products/routes/product-route.tsx'),
  },
  {
    path: routes.myCollection,
    handle: exhibitHandle('collection', { requireLogin: true }),
    lazy: () => import('../features/enterprises/routes/collection-route.tsx'),
  },
  {
    path: routes.exhibitorBind,
    handle: exhibitHandle('bind', { requireLogin: true }),
    lazy: () => import('../features/exhibitors/routes/bind-route.tsx'),
  },
  {
    path: routes.exhibitorManage,
    handle: exhibitHandle('manage', { requireLogin: true }),
    lazy: () => import('../features/exhibitors/routes/manage-route.tsx'),
  },
  {
    path: routes.exhibitorApply,
    handle: exhibitHandle('apply', { requireLogin: true }),
    lazy: () => import('../features/exhibitors/routes/apply-route.tsx'),
  },
  {
    path: routes.invitation,
    handle: exhibitHandle('invitation'),
    lazy: () => import('../features/enterprises/routes/invitation-route.tsx'),
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
    lazy: () => import('../features/users/routes/my-index-route.tsx'),
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
 * Addresses of the activity, registration, group, ticket and check-in pages (issue 4), whose route
 * objects load on first visit (activity-routes.tsx) instead of with the first script: the home
 * page's JS budget (DESIGN §5).
 */
const activityPaths =
  /^\/(meeting\/activity\/|activity\/|my\/(registration|tickets|event)|m\/[^/]+\/a\/|meeting\/[^/]+\/activity\/)/;

/**
 * The hash router. Routes discovered on navigation (react-router's patchRoutesOnNavigation) join
 * the meeting pages once: any address of an activity page loads them, then matching goes on as usual
 * (an unknown address still reaches /404 through the catch-all).
 */
export function createRouter() {
  let isActivityPatched = false;
  return createHashRouter(routeObjects, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (isActivityPatched || !activityPaths.test(path)) return;
      const { activityPages } = await import('./activity-routes.tsx');
      if (isActivityPatched) return;
      isActivityPatched = true;
      patch('meeting', activityPages);
    },
  });
}
