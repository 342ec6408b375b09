import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { useNavigationCategories } from '../features/meetings/api/list-navigation-categories.ts';
import { NavigationGrid } from '../features/meetings/components/navigation-grid.tsx';
import { type ContentPageTarget, useContentPage } from '../features/pages/api/get-content-page.ts';
import { useRecordPageView } from '../features/pages/api/record-page-view.ts';
import { type PageBlockRenderers, PageBlocks } from '../features/pages/components/page-blocks.tsx';
import { ApiError } from '../lib/api/client.ts';
import { useLanguage } from '../lib/i18n.ts';
import { useMeeting } from '../lib/meeting-context.ts';
import { usePageShare } from '../lib/page-share.ts';
import { pagesRoutes } from '../lib/pages-paths.ts';
import { paths } from '../lib/paths.ts';
import { useSearchState } from '../lib/use-search-state.ts';
import { blockRenderers } from './home-page.tsx';

/** The navigation block of a content page: the meeting's entries (meetings feature). */
function NavigationBlock({ meetingId, isGrid9 }: { meetingId: string; isGrid9: boolean }) {
  const navigation = useNavigationCategories(meetingId);
  return (
    <NavigationGrid
      items={navigation.data}
      isLoading={navigation.isPending}
      meetingId={meetingId}
      isGrid9={isGrid9}
    />
  );
}

/** The renderers of a content page or a preview: every other feature's block type (§3). */
export function pageRenderers(meetingId: string, isGrid9: boolean): PageBlockRenderers {
  return {
    ...blockRenderers(meetingId),
    navigation: (_block: Block) => <NavigationBlock meetingId={meetingId} isGrid9={isGrid9} />,
  };
}

/** The page's frame while its blocks load. */
export function ContentPageSkeleton() {
  return (
    <div className="space-y-6 px-4 pt-5 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="aspect-[16/7] w-full rounded-card desk:aspect-[3/1]" />
      <SkeletonText lines={5} />
    </div>
  );
}

const kindOf = {
  [pagesRoutes.branch]: 'branch',
  [pagesRoutes.contact]: 'contact',
  [pagesRoutes.conference]: 'conference',
} as const;

/**
 * /meeting/introduction?content_id=…, /meeting/branch, /meeting/contact and /conference (§2): the
 * page's released blocks. An introduction without an id, with a malformed or unknown one opens /404,
 * a deleted one /204 (§2); a kind the meeting has not made shows the empty page.
 */
function ContentPage() {
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { pathname } = useLocation();
  const [contentId] = useSearchState('content_id');
  const isIntroduction = pathname === pagesRoutes.introduction;
  const kind = isIntroduction ? 'introduction' : (kindOf[pathname as keyof typeof kindOf] ?? 'contact');
  const target: ContentPageTarget | undefined = isIntroduction
    ? contentId
      ? { contentId }
      : undefined
    : { meetingId, kind: kind as 'branch' | 'contact' | 'conference' };
  const page = useContentPage(target);
  const shownPage = page.data?.page;
  useRecordPageView(meetingId, shownPage && shownPage.deleted !== 1 ? shownPage._id.$id : undefined);
  // An introduction's card inside WeChat carries its own title (§2 share links: introduction).
  const language = useLanguage();
  usePageShare(
    isIntroduction && contentId && shownPage && shownPage.deleted !== 1
      ? {
          link: { type: 'introduction', meetingId, id: contentId, lang: language },
          title: localize(shownPage.title, language),
        }
      : undefined,
  );

  if (isIntroduction && !contentId) return <Navigate to={paths.notFound()} replace />;
  if (page.isPending) return <ContentPageSkeleton />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) {
      return <Navigate to={paths.notFound()} replace />;
    }
    return <ErrorState className="py-24" onRetry={() => void page.refetch()} />;
  }
  if (page.data.page?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return (
    <PageBlocks
      page={page.data.page}
      kind={kind}
      blocks={page.data.blocks}
      meetingId={meetingId}
      renderBlock={pageRenderers(meetingId, meeting.config.block_mobile_layout === 'grid9')}
    />
  );
}

export { ContentPage as Component };
