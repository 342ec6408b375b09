import { createHashRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { routes, routeTitles } from '../lib/paths.ts';
import { homeLoader } from './home-loader.ts';
import { MeetingError, MeetingLayout } from './meeting-layout.tsx';
import { meetingLoader, storeQueryValues } from './meeting-loader.ts';
import { PageSkeleton, RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './shell.tsx';

/** `/` and `/home` open the meeting home, keeping the query (§2). */
function toHome({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return replace(`${routes.home}${search}`);
}

const handle = (path: keyof typeof routeTitles): RouteHandle => ({ titleKey: routeTitles[path] });

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

export function createRouter() {
  return createHashRouter(routeObjects);
}
