import { textLimits } from '@app/contracts/wire/limits.ts';
import { Search, SearchX, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useExhibitorPages } from '../api/list-exhibitors.ts';
import { useProductMatches } from '../api/search-products.ts';
import { ExhibitorCard, ExhibitorListSkeleton } from './exhibitor-card.tsx';
import { ProductMatch } from './product-match.tsx';
import { useExhibitWords } from './titles.ts';

const debounceMs = 300;

export type SearchKind = 'exhibitors' | 'products';

/**
 * The pavilion searches (/exhibit/exhibitor/search, /exhibit/product/search): a box searched as one
 * types (debounced 300 ms), the keyword kept in the address, results with the matched words marked,
 * and a switch between exhibitor and product results that keeps the keyword.
 */
export function SearchScreen({ kind }: { kind: SearchKind }) {
  const { t } = useTranslation(['exhibitors', 'common']);
  const meetingId = useMeeting()._id.$id;
  const words = useExhibitWords();
  const inputId = useId();
  const [keyword, setKeyword] = useSearchState('keyword');
  const [draft, setDraft] = useState(keyword ?? '');

  useEffect(() => {
    const trimmed = draft.trim();
    if (trimmed === (keyword ?? '')) return;
    const timer = setTimeout(() => setKeyword(trimmed || undefined), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, keyword, setKeyword]);

  const tabs: { kind: SearchKind; label: string; to: string }[] = [
    {
      kind: 'exhibitors',
      label: words.exhibitors,
      to: paths.exhibit.searchExhibitors({ meetingId, keyword }),
    },
    { kind: 'products', label: words.products, to: paths.exhibit.searchProducts({ meetingId, keyword }) },
  ];

  return (
    <div className="px-4 pt-4 pb-8 desk:mx-auto desk:max-w-3xl desk:px-0 desk:pt-8">
      <search className="relative block">
        <label htmlFor={inputId} className="sr-only">
          {t('search.placeholder')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3.5 top-1/2 size-[18px] -translate-y-1/2 text-slate-400"
        />
        <input
          id={inputId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the page exists to type a search
          autoFocus
          maxLength={textLimits.keyword}
          data-testid="search-input"
          className="h-11 w-full rounded-button bg-white ps-10 pe-10 text-[16px] ring-1 ring-slate-200 outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-primary [&::-webkit-search-cancel-button]:hidden"
        />
        {draft ? (
          <button
            type="button"
            aria-label={t('common:actions.clear')}
            onClick={() => {
              setDraft('');
              setKeyword(undefined);
            }}
            className="absolute end-2 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </search>
      <nav className="mt-3 flex gap-6 border-b border-slate-200" aria-label={t('search.placeholder')}>
        {tabs.map((tab) => (
          <Link
            key={tab.kind}
            to={tab.to}
            replace
            aria-current={tab.kind === kind ? 'page' : undefined}
            data-testid={`search-tab-${tab.kind}`}
            className={cx(
              '-mb-px border-b-2 px-1 pb-2.5 text-[15px] font-medium',
              tab.kind === kind ? 'border-primary text-primary' : 'border-transparent text-slate-500',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        {!keyword ? (
          <EmptyState icon={<Search aria-hidden="true" className="size-7" />} title={t('search.hint')} />
        ) : kind === 'exhibitors' ? (
          <ExhibitorResults meetingId={meetingId} keyword={keyword} />
        ) : (
          <ProductResults meetingId={meetingId} keyword={keyword} />
        )}
      </div>
    </div>
  );
}

function NoResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation('exhibitors');
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" className="size-7" />}
      title={t('search.noResults', { keyword })}
      description={t('search.noResultsHint')}
    />
  );
}

function ExhibitorResults({ meetingId, keyword }: { meetingId: string; keyword: string }) {
  const { t } = useTranslation('common');
  const pages = useExhibitorPages({ meetingId, keyword });
  const items = pages.data?.pages.flat() ?? [];
  if (pages.isPending) return <ExhibitorListSkeleton count={4} />;
  if (pages.isError) return <ErrorState onRetry={() => void pages.refetch()} />;
  if (items.length === 0) return <NoResults keyword={keyword} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="exhibitor-results">
        {items.map((exhibitor) => (
          <li key={exhibitor._id.$id}>
            <ExhibitorCard exhibitor={exhibitor} meetingId={meetingId} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={pages.hasNextPage}
        isLoading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        loadLabel={t('actions.loadMore')}
        loadingLabel={t('states.loadingMore')}
        doneLabel={t('states.allLoaded')}
      />
    </>
  );
}

function ProductResults({ meetingId, keyword }: { meetingId: string; keyword: string }) {
  const { t } = useTranslation('common');
  const pages = useProductMatches(meetingId, keyword);
  const items = pages.data?.pages.flat() ?? [];
  if (pages.isPending) return <ExhibitorListSkeleton count={4} />;
  if (pages.isError) return <ErrorState onRetry={() => void pages.refetch()} />;
  if (items.length === 0) return <NoResults keyword={keyword} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="product-results">
        {items.map((product) => (
          <li key={product._id.$id}>
            <ProductMatch product={product} meetingId={meetingId} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={pages.hasNextPage}
        isLoading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        loadLabel={t('actions.loadMore')}
        loadingLabel={t('states.loadingMore')}
        doneLabel={t('states.allLoaded')}
      />
    </>
  );
}
