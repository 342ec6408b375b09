import type { Meeting } from '@app/contracts';
import type { Language } from '@app/domain';
import type { Namespace } from '@app/i18n';
import type { TFunction } from 'i18next';
import { type ComponentType, createContext, useContext } from 'react';
import type { ActivityRouteTitleKey } from '../lib/activity-paths.ts';
import type { AppointmentRouteTitleKey } from '../lib/appointment-paths.ts';
import type { RouteTitleKey } from '../lib/paths.ts';

/** What a page's route says of it: its title (§2 title rule) and who may open it (§6). */
export type RouteHandle = {
  titleKey?: RouteTitleKey | ActivityRouteTitleKey | AppointmentRouteTitleKey;
  /** The page needs a logged-in user (§2 requireLogin). */
  requireLogin?: boolean;
  /** Login, bind and agree: open to anyone, never redirect to login (re-entry guard). */
  isAuthPage?: boolean;
  /**
   * A title computed from the meeting (exhibit pages: the meeting's exhibitor or product wording, §2),
   * with words from `namespace`, which loads with the page.
   */
  dynamicTitle?: {
    namespace: Namespace;
    // biome-ignore lint/suspicious/noExplicitAny: each feature's title function takes its own namespace's t
    compute: (t: TFunction<any>, meeting: Meeting, language: Language) => string;
  };
};

/** Route parameters of a matched address (`:meetingId` and the like). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * One page of the route tables (§2 routes). The page's code is its module's `Component`, loaded when
 * the page is first opened; `prefetch` starts the page's first requests alongside (never waits);
 * a `redirect` page opens another address instead (replace, no history entry).
 */
export type PageRoute = {
  path: string;
  handle?: RouteHandle;
  lazy?: () => Promise<{ Component: ComponentType }>;
  prefetch?: (search: URLSearchParams) => void;
  redirect?: (params: RouteParams, search: URLSearchParams) => string;
};

/** The matched meeting page: its handle (title, login rule) and its address's parameters. */
export const PageContext = createContext<{ handle: RouteHandle; params: RouteParams }>({
  handle: {},
  params: {},
});

/** The handle of the meeting page being shown (router.tsx provides it). */
export const useRouteHandle = (): RouteHandle => useContext(PageContext).handle;
