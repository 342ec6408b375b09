import { localize } from '@app/domain';
import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useNewsCategories, useNewsPages } from '../api/list-news.ts';
import { NewsCard, NewsCardSkeleton } from '../components/news-card.tsx';

/**
 * /meeting/news and /news (§2 news list; §3 News: title, cover, meeting.title): category tabs
 * (news categories of the meeting), cards newest first, 20 at a time with "load more".
 */
function NewsListRoute() {
  const { t } = useTranslation(['news', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [categoryId, setCategory] = useSearchState('category_id');
  const pages = useNewsPages({ meetingId, categoryId });
  const categories = useNewsCategories(meetingId);
  const items = pages.data?.pages.flat() ?? [];
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category._id.$id,
    label: localize(category.title, language),
  }));

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={t('list.title')}
        subtitle={localize(meeting.title, language)}
      />
      {categoryOptions.length > 0 ? (
        <Chips
          className="mb-4"
          label={t('list.categories')}
          allLabel={t('list.allCategories')}
          options={categoryOptions}
          value={categoryId}
          onChange={setCategory}
        />
      ) : null}

      {pages.isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" aria-busy="true">
          {placeholderKeys(6).map((key) => (
            <NewsCardSkeleton key={key} />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Newspaper aria-hidden="true" className="size-7" />}
          title={categoryId ? t('list.emptyCategory') : t('list.empty')}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" data-testid="news-list">
            {items.map((item, index) => (
              <li key={item._id.$id} className={index === 0 ? 'md:col-span-2 desk:col-span-3' : undefined}>
                <NewsCard
                  item={item}
                  meetingId={meetingId}
                  timeZone={meeting.time_zone}
                  isFeatured={index === 0}
                />
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-center">
            {pages.hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? t('common:states.loadingMore') : t('common:actions.loadMore')}
              </Button>
            ) : (
              <p className="text-xs text-slate-400">{t('common:states.allLoaded')}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export { NewsListRoute as Component };
