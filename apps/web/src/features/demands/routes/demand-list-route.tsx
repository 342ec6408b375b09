import { type DemandTypeValue, demandLimits, demandTypeValues } from '@app/contracts/wire/demand-limits.ts';
import { localize } from '@app/domain';
import { Handshake, Plus, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';
import { demandPaths, demandRoutes } from '../../../lib/demands-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { type DemandFilter, useDemandCategories, useDemandPages } from '../api/demands.ts';
import { DemandCard, DemandCardSkeleton } from '../components/demand-card.tsx';

type Mode = 'all' | 'cooperation' | 'search' | 'liked' | 'mine' | 'exhibitor';

const modeOf = (pathname: string): Mode => {
  if (pathname === demandRoutes.cooperation) return 'cooperation';
  if (pathname === demandRoutes.search) return 'search';
  if (pathname === demandRoutes.liked) return 'liked';
  if (pathname === demandRoutes.mine) return 'mine';
  if (pathname === demandRoutes.exhibitor) return 'exhibitor';
  return 'all';
};

const titleKey = {
  all: 'pages.list',
  cooperation: 'pages.cooperation',
  search: 'pages.search',
  liked: 'pages.liked',
  mine: 'pages.mine',
  exhibitor: 'pages.exhibitor',
} as const;

const isType = (value: string | undefined): value is DemandTypeValue =>
  (demandTypeValues as readonly string[]).includes(value ?? '');

/**
 * The demand lists (§2 /demand, /demand/list, /cooperation, /demand/search, /demand/like, /my/demand,
 * exhibitor area /meeting/exhibitor/demand): a search box, type / industry / category / order chips where they
 * apply, cards newest or hottest first, 20 at a time with "load more", skeleton, empty and error states,
 * and "Post a demand". /cooperation shows cooperation demands; the liked and own lists need a login.
 */
function DemandListRoute() {
  const { t } = useTranslation(['demands', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const mode = modeOf(useLocation().pathname);
  const [typeParam, setType] = useSearchState('type');
  const [industryId, setIndustry] = useSearchState('industry_id');
  const [categoryId, setCategory] = useSearchState('category_id');
  const [orderParam, setOrder] = useSearchState('order');
  const [keyword, setKeyword] = useSearchState('keyword');
  const [typed, setTyped] = useState(keyword ?? '');
  const industries = useDemandCategories(meetingId, 'industry');
  const categories = useDemandCategories(meetingId, 'demand');
  const type: DemandTypeValue | undefined =
    mode === 'cooperation' ? 'cooperation' : isType(typeParam) ? typeParam : undefined;
  const order = orderParam === 'hot' ? 'hot' : 'newest';
  const filter: DemandFilter = {
    meetingId,
    type,
    industryId,
    categoryId,
    keyword: keyword?.trim() || undefined,
    order,
    scope: mode === 'liked' ? 'liked' : mode === 'mine' || mode === 'exhibitor' ? 'mine' : 'all',
  };
  const pages = useDemandPages(filter);
  const items = pages.data?.pages.flat() ?? [];
  const isBrowsing = filter.scope === 'all';

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(typed.trim() || undefined);
  };

  const empty =
    filter.keyword !== undefined
      ? t('list.emptySearch', { keyword: filter.keyword })
      : mode === 'liked'
        ? t('list.emptyLiked')
        : filter.scope === 'mine'
          ? t('list.emptyMine')
          : t('list.empty');

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8" data-testid="demand-list-page">
      <PageHeader
        className="mb-4"
        title={t(titleKey[mode])}
        subtitle={localize(meeting.title, language)}
        actions={
          <ButtonLink to={demandPaths.form({ meetingId, type: type ?? 'demand' })} size="sm">
            <Plus aria-hidden="true" className="size-4" />
            {t('list.post')}
          </ButtonLink>
        }
      />
      {isBrowsing ? (
        <search className="mb-3 block">
          <form onSubmit={search} className="flex gap-2" aria-label={t('list.searchLabel')}>
            <label className="relative flex-1">
              <span className="sr-only">{t('list.searchLabel')}</span>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              />
              <input
                type="search"
                value={typed}
                maxLength={100}
                onChange={(event) => setTyped(event.target.value)}
                placeholder={t('list.searchPlaceholder')}
                className="h-10 w-full rounded-full bg-white ps-9 pe-4 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
                data-testid="demand-search"
                // biome-ignore lint/a11y/noAutofocus: the search page exists to type a keyword
                autoFocus={mode === 'search'}
              />
            </label>
            <button
              type="submit"
              className="h-10 shrink-0 rounded-full bg-primary px-4 text-sm font-medium text-on-primary"
            >
              {t('list.search')}
            </button>
          </form>
        </search>
      ) : null}
      {isBrowsing && mode !== 'cooperation' ? (
        <Chips
          className="mb-2"
          label={t('list.typeLabel')}
          allLabel={t('types.all')}
          options={demandTypeValues.map((value) => ({ value, label: t(`types.${value}`) }))}
          value={type}
          onChange={setType}
        />
      ) : null}
      {isBrowsing && (industries.data?.length ?? 0) > 0 ? (
        <Chips
          className="mb-2"
          label={t('list.industryLabel')}
          allLabel={t('list.allIndustries')}
          options={(industries.data ?? []).map((category) => ({
            value: category._id.$id,
            label: localize(category.title, language),
          }))}
          value={industryId}
          onChange={setIndustry}
        />
      ) : null}
      {isBrowsing && (categories.data?.length ?? 0) > 0 ? (
        <Chips
          className="mb-2"
          label={t('list.categoryLabel')}
          allLabel={t('list.allCategories')}
          options={(categories.data ?? []).map((category) => ({
            value: category._id.$id,
            label: localize(category.title, language),
          }))}
          value={categoryId}
          onChange={setCategory}
        />
      ) : null}
      {isBrowsing ? (
        <fieldset className="mb-4 flex gap-1.5">
          <legend className="sr-only">{t('list.orderLabel')}</legend>
          {(['newest', 'hot'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={order === value}
              onClick={() => setOrder(value === 'hot' ? 'hot' : undefined)}
              className={
                order === value
                  ? 'h-8 rounded-full bg-slate-900 px-3 text-xs font-medium text-white'
                  : 'h-8 rounded-full px-3 text-xs font-medium text-slate-600 hover:bg-slate-100'
              }
            >
              {t(`list.${value}`)}
            </button>
          ))}
        </fieldset>
      ) : null}

      {pages.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {placeholderKeys(4).map((key) => (
            <DemandCardSkeleton key={key} />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Handshake aria-hidden="true" className="size-7" />}
          title={empty}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 desk:grid-cols-2" data-testid="demand-list">
            {items.map((demand) => (
              <li key={demand._id.$id}>
                <DemandCard demand={demand} meetingId={meetingId} timeZone={meeting.time_zone} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel={items.length > demandLimits.pageSize ? t('common:states.allLoaded') : ''}
          />
        </>
      )}
    </div>
  );
}

export { DemandListRoute as Component };
