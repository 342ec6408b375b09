import { resolveMeetingId } from '@app/domain';
import { type ExhibitPage, exhibitPageTitle } from '../features/exhibitors/components/titles.ts';
import { routes } from '../lib/paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';
import { queryClient } from './query-client.ts';

/** Exhibit pages: titled from the meeting's exhibit wording (§2), words from `exhibitors`. */
const exhibitHandle = (page: ExhibitPage, options: Omit<RouteHandle, 'dynamicTitle'> = {}): RouteHandle => ({
  dynamicTitle: {
    namespace: 'exhibitors',
    compute: (t, meeting, language) => exhibitPageTitle(page, t, meeting, language),
  },
  ...options,
});
const pavilion = () => import('../features/exhibitors/routes/pavilion-route.tsx');

/**
 * Prefetch of the pavilion: when the address names the meeting, the first page of exhibitors (the
 * cards that make the largest paint) and the filter chips' categories are requested alongside the
 * page's code instead of once it has run. Never waits; the page reads the same queries. The queries'
 * modules come with the page's code (the other exhibit pages, which load this file too, do not carry
 * them).
 */
function pavilionPrefetch(search: URLSearchParams): void {
  const meetingId = resolveMeetingId({
    queryMeetingId: search.get('meeting_id'),
    queryMeeting: search.get('meeting'),
  });
  if (meetingId) {
    // The filter chips above the cards: with them, the first screen draws once, nothing pushed down.
    void import('../lib/api/categories.ts').then(({ pavilionCategoriesOptions }) => {
      void queryClient.prefetchQuery(pavilionCategoriesOptions(meetingId, 'industry'));
      void queryClient.prefetchQuery(pavilionCategoriesOptions(meetingId, 'exhibitor_group'));
    });
    void import('../features/exhibitors/api/list-exhibitors.ts').then(({ exhibitorPagesOptions }) =>
      queryClient.prefetchInfiniteQuery(
        exhibitorPagesOptions({
          meetingId,
          industryId: search.get('industry_id') ?? undefined,
          groupId: search.get('group_id') ?? undefined,
        }),
      ),
    );
  }
}

/**
 * The exhibit, enterprise, product, collection and exhibitor-area pages (§2), children of
 * the meeting area. router.tsx loads this table when an address of theirs is first visited.
 */
export const exhibitPages: PageRoute[] = [
  { path: routes.exhibit, handle: exhibitHandle('pavilion'), prefetch: pavilionPrefetch, lazy: pavilion },
  { path: routes.exhibition, handle: exhibitHandle('pavilion'), prefetch: pavilionPrefetch, lazy: pavilion },
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
    path: routes.exhibitorPassword,
    handle: exhibitHandle('password'),
    lazy: () => import('../features/exhibitors/routes/password-route.tsx'),
  },
  {
    path: routes.invitation,
    handle: exhibitHandle('invitation'),
    lazy: () => import('../features/enterprises/routes/invitation-route.tsx'),
  },
];
