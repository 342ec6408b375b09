import { localize } from '@app/domain';
import { Building2, SlidersHorizontal } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePavilionCategories } from '../../../lib/api/categories.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useExhibitorPages } from '../api/list-exhibitors.ts';
import { recordCategoryView } from '../api/record-category-view.ts';
import { categoryOptions } from '../components/category-options.ts';
import { ExhibitorCard, ExhibitorListSkeleton } from '../components/exhibitor-card.tsx';
import { SearchLink } from '../components/search-link.tsx';
import { useExhibitWords } from '../components/titles.ts';

/** A row of chips while its categories load, at the row's height (a chip and its ring). */
function ChipsPlaceholder({ className }: { className?: string }) {
  return (
    <div className={cx('flex gap-2 overflow-hidden py-0.5 desk:ps-23', className)} aria-hidden="true">
      {['w-14', 'w-20', 'w-24', 'w-16', 'w-28'].map((width) => (
        <Skeleton key={width} className={cx('h-8 shrink-0 rounded-full', width)} />
      ))}
    </div>
  );
}

/**
 * /exhibit and /exhibition (§2 pavilion): the meeting's exhibitors, 20 at a time as one scrolls,
 * filtered by industry and exhibitor group (chips; the full filter page on phones), a search box
 * leading to the search page. Filters stay in the address.
 */
function PavilionRoute() {
  const { t, ready } = useTranslation(['exhibitors', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const words = useExhibitWords();
  const [industryId, setIndustry] = useSearchState('industry_id');
  const [groupId, setGroup] = useSearchState('group_id');
  const industries = usePavilionCategories(meetingId, 'industry');
  const groups = usePavilionCategories(meetingId, 'exhibitor_group');
  const pages = useExhibitorPages({ meetingId, industryId, groupId });
  const exhibitors = pages.data?.pages.flat() ?? [];
  const industryOptions = categoryOptions(industries.data, language);
  const groupOptions = categoryOptions(groups.data, language);
  const activeFilters = Number(Boolean(industryId)) + Number(Boolean(groupId));

  // Each category opened as a filter counts as a view of that category (§7 Meetings counters).
  useEffect(() => {
    if (industryId) recordCategoryView(meetingId, industryId);
  }, [meetingId, industryId]);
  useEffect(() => {
    if (groupId) recordCategoryView(meetingId, groupId);
  }, [meetingId, groupId]);

  if (!ready)
    return (
      <div className="px-4 pt-4 desk:px-0 desk:pt-8">
        <ExhibitorListSkeleton />
      </div>
    );

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={words.exhibition}
        subtitle={localize(meeting.title, language)}
        actions={
          <span className="flex gap-2">
            <Link to={paths.exhibitor.bind({ meetingId })} className={buttonClass('ghost', 'sm')}>
              {t('list.myCompany')}
            </Link>
            <Link to={paths.exhibitor.apply({ meetingId })} className={buttonClass('secondary', 'sm')}>
              {t('list.apply')}
            </Link>
          </span>
        }
      />
      <div className="flex items-center gap-2 desk:max-w-xl">
        <SearchLink to={paths.exhibit.searchExhibitors({ meetingId })} label={t('list.searchPlaceholder')} />
        <Link
          to={paths.exhibit.filter({ meetingId, industryId, groupId })}
          className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-button bg-white text-slate-600 ring-1 ring-slate-200 desk:hidden"
          aria-label={t('list.filters')}
          data-testid="pavilion-filter"
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          {activeFilters > 0 ? (
            <span className="absolute -top-1 -end-1 flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-on-primary">
              {activeFilters}
            </span>
          ) : null}
        </Link>
      </div>
      <div className="mt-3 space-y-2.5">
        {/* While the categories load, their rows keep their height: the list does not jump down. */}
        {industries.isPending ? <ChipsPlaceholder /> : null}
        {groups.isPending ? <ChipsPlaceholder className="max-desk:hidden" /> : null}
        {industryOptions.length > 0 ? (
          <div className="desk:flex desk:gap-3">
            <span aria-hidden="true" className="w-20 shrink-0 pt-1.5 text-sm text-slate-500 max-desk:hidden">
              {t('list.industries')}
            </span>
            <Chips
              className="desk:flex-1"
              label={t('list.industries')}
              allLabel={t('list.all')}
              options={industryOptions}
              value={industryId}
              onChange={setIndustry}
            />
          </div>
        ) : null}
        {groupOptions.length > 0 ? (
          <div className="flex gap-3 max-desk:hidden">
            <span aria-hidden="true" className="w-20 shrink-0 pt-1.5 text-sm text-slate-500">
              {t('list.groups')}
            </span>
            <Chips
              className="flex-1"
              label={t('list.groups')}
              allLabel={t('list.all')}
              options={groupOptions}
              value={groupId}
              onChange={setGroup}
            />
          </div>
        ) : null}
      </div>

      {/* The exhibitor's own entries, on phones above the endless list (its end is far away). */}
      <div className="mt-3 flex justify-end gap-1 desk:hidden">
        <Link
          to={paths.exhibitor.bind({ meetingId })}
          className="inline-flex h-8 items-center rounded-full px-2.5 text-[13px] font-medium text-primary hover:bg-primary/10"
        >
          {t('list.myCompany')}
        </Link>
        <Link
          to={paths.exhibitor.apply({ meetingId })}
          className="inline-flex h-8 items-center rounded-full px-2.5 text-[13px] font-medium text-primary hover:bg-primary/10"
        >
          {t('list.apply')}
        </Link>
      </div>
      <div className="mt-2 desk:mt-4">
        {pages.isPending ? (
          <ExhibitorListSkeleton />
        ) : pages.isError ? (
          <ErrorState onRetry={() => void pages.refetch()} />
        ) : exhibitors.length === 0 ? (
          <EmptyState
            icon={<Building2 aria-hidden="true" className="size-7" />}
            title={t('list.empty', { exhibitors: words.exhibitors })}
            description={activeFilters > 0 ? t('list.emptyHint') : undefined}
          />
        ) : (
          <>
            <ul
              className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-3"
              data-testid="exhibitor-list"
            >
              {exhibitors.map((exhibitor) => (
                <li key={exhibitor._id.$id}>
                  <ExhibitorCard exhibitor={exhibitor} meetingId={meetingId} />
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
    </div>
  );
}

export { PavilionRoute as Component };
