import { localize } from '@app/domain';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import type { ThreadListOrder } from '../../../lib/threads-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useThreadPages } from '../api/threads.ts';
import { PostBox } from '../components/post-box.tsx';
import { ThreadCard, ThreadCardSkeleton } from '../components/thread-card.tsx';

/**
 * /meeting/thread/list (§2 threads): the meeting's discussions with newest / hot tabs (hot: a
 * decayed score of likes and replies, computed by the server), pinned ones first, a post box, and
 * "load more" 20 at a time; skeleton, empty and error-with-retry states.
 */
function ThreadListRoute() {
  const { t } = useTranslation(['threads', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [orderParam, setOrder] = useSearchState('order');
  const order: ThreadListOrder = orderParam === 'hot' ? 'hot' : 'newest';
  const pages = useThreadPages({ meetingId, order });
  const items = pages.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="max-desk:hidden"
        title={t('list.title')}
        subtitle={localize(meeting.title, language)}
      />
      <PostBox meetingId={meetingId} onPosted={() => order === 'hot' && setOrder(undefined)} />
      <Tabs
        label={t('list.tabs')}
        items={[
          { value: 'newest', label: t('list.newest') },
          { value: 'hot', label: t('list.hot') },
        ]}
        value={order}
        onChange={(value) => setOrder(value === 'hot' ? 'hot' : undefined)}
      />
      {pages.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {placeholderKeys(4).map((key) => (
            <ThreadCardSkeleton key={key} />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<MessagesSquare aria-hidden="true" className="size-7" />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="thread-list">
            {items.map((thread) => (
              <li key={thread._id.$id}>
                <ThreadCard thread={thread} meetingId={meetingId} timeZone={meeting.time_zone} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel={t('common:states.allLoaded')}
          />
        </>
      )}
    </div>
  );
}

export { ThreadListRoute as Component };
