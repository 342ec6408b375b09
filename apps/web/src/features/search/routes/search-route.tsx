import { maxSearchKeywordLength, type SearchGroup } from '@app/contracts';
import { Clock, Flame, Search, SearchX, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import {
  useClearRecent,
  useHotKeywords,
  useMoreResults,
  useRecentKeywords,
  useRecordKeyword,
  useSearch,
} from '../api/search.ts';
import { SearchResult, SearchResultsSkeleton, typeIcons } from '../components/search-result.tsx';

const debounceMs = 300;
/** A keyword left as it is this long counts as a search made (logged for recent and hot keywords). */
const settleMs = 2000;

/**
 * /meeting/search (§2): one box over the meeting's sessions, speakers, exhibitors, products, news and
 * documents. Searched as one types (debounced), the keyword kept in the address; under the empty box
 * the caller's recent keywords (removable) and the meeting's hot ones; results grouped by type with
 * the matches marked, each group opening to all its results. A keyword is logged (§7) when the
 * visitor presses Enter, opens a result, or leaves it for two seconds — not every prefix typed.
 */
export function Component() {
  const { t } = useTranslation(['search', 'common']);
  const meetingId = useMeeting()._id.$id;
  const inputId = useId();
  const [keyword, setKeyword] = useSearchState('keyword');
  const [draft, setDraft] = useState(keyword ?? '');
  const record = useRecordKeyword(meetingId);
  const recorded = useRef(new Set<string>());
  const results = useSearch(meetingId, keyword ?? '');

  // The keyword this page last wrote to the address: a different one came from outside (back,
  // forward, a link or a chip) and replaces what is in the box.
  const written = useRef(keyword);
  useEffect(() => {
    const trimmed = draft.trim();
    if (trimmed === (keyword ?? '')) return;
    const timer = setTimeout(() => {
      written.current = trimmed || undefined;
      setKeyword(trimmed || undefined);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [draft, keyword, setKeyword]);
  useEffect(() => {
    if (keyword === written.current) return;
    written.current = keyword;
    setDraft(keyword ?? '');
  }, [keyword]);

  const logSearch = (value: string | undefined) => {
    if (!value || recorded.current.has(value)) return;
    recorded.current.add(value);
    record.mutate(value);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: logs the settled keyword only
  useEffect(() => {
    if (!keyword) return;
    const timer = setTimeout(() => logSearch(keyword), settleMs);
    return () => clearTimeout(timer);
  }, [keyword]);

  const choose = (value: string) => {
    written.current = value;
    setDraft(value);
    setKeyword(value);
    logSearch(value);
  };

  return (
    <div className="px-4 pt-4 pb-8 desk:mx-auto desk:max-w-3xl desk:px-0 desk:pt-8" data-testid="search-page">
      <search
        className="relative block"
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            const trimmed = draft.trim();
            if (trimmed) choose(trimmed);
          }
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('placeholder')}
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
          placeholder={t('placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the page exists to type a search
          autoFocus
          maxLength={maxSearchKeywordLength}
          data-testid="meeting-search-input"
          className="h-11 w-full rounded-button bg-white ps-10 pe-10 text-[16px] ring-1 ring-slate-200 outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-primary [&::-webkit-search-cancel-button]:hidden"
        />
        {draft ? (
          <button
            type="button"
            aria-label={t('common:actions.clear')}
            onClick={() => {
              written.current = undefined;
              setDraft('');
              setKeyword(undefined);
            }}
            className="absolute end-2 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </search>
      <div className="mt-5">
        {!keyword ? (
          <Suggestions meetingId={meetingId} onChoose={choose} />
        ) : results.isPending ? (
          <SearchResultsSkeleton />
        ) : results.isError ? (
          <ErrorState onRetry={() => void results.refetch()} />
        ) : results.data.length === 0 ? (
          <EmptyState
            icon={<SearchX aria-hidden="true" className="size-7" />}
            title={t('noResults', { keyword })}
            description={t('noResultsHint')}
          />
        ) : (
          <div className="space-y-6" data-testid="search-results" aria-live="polite">
            {results.data.map((group) => (
              <ResultGroup
                key={group.type}
                group={group}
                meetingId={meetingId}
                keyword={keyword}
                onOpen={() => logSearch(keyword)}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function ResultGroup({
  group,
  meetingId,
  keyword,
  onOpen,
}: {
  group: SearchGroup;
  meetingId: string;
  keyword: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation(['search', 'common']);
  const [isOpen, setIsOpen] = useState(false);
  const more = useMoreResults(meetingId, keyword, group.type, group.items.length, isOpen);
  const extra = isOpen ? (more.data?.pages.flat() ?? []) : [];
  const Icon = typeIcons[group.type];
  const headingId = useId();
  const hasMore = group.total > group.items.length;
  return (
    <section aria-labelledby={headingId} data-testid={`search-group-${group.type}`}>
      <h2
        id={headingId}
        className="mb-1 flex items-center gap-2 px-3 text-[13px] font-semibold text-slate-500"
      >
        <Icon aria-hidden={true} className="size-4" />
        <span>{t(`types.${group.type}`)}</span>
        <span className="tabular-nums text-slate-400">{group.total}</span>
      </h2>
      <ul className="rounded-card bg-white py-1 ring-1 ring-slate-900/[0.06]">
        {[...group.items, ...extra].map((hit) => (
          <li key={hit._id.$id}>
            <SearchResult hit={hit} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {hasMore && !isOpen ? (
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          data-testid={`search-more-${group.type}`}
          className="mt-2 px-3 text-[14px] font-medium text-primary hover:underline"
        >
          {t('more', { count: group.total })}
        </button>
      ) : null}
      {isOpen ? (
        more.isError ? (
          <ErrorState onRetry={() => void more.refetch()} className="mt-2" />
        ) : (
          <LoadMore
            hasMore={more.isPending || more.hasNextPage}
            isLoading={more.isPending || more.isFetchingNextPage}
            onLoad={() => void more.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel={t('common:states.allLoaded')}
          />
        )
      ) : null}
    </section>
  );
}

/** Under the empty box: the caller's recent keywords (removable one by one or all) and the hot ones. */
function Suggestions({ meetingId, onChoose }: { meetingId: string; onChoose: (keyword: string) => void }) {
  const { t } = useTranslation('search');
  const recent = useRecentKeywords(meetingId);
  const hot = useHotKeywords(meetingId);
  const clear = useClearRecent(meetingId);
  const chip =
    'inline-flex h-8 max-w-full items-center gap-1 rounded-full bg-slate-100 ps-3 text-[14px] text-slate-700 hover:bg-slate-200';
  if (recent.isPending && hot.isPending) {
    return (
      <div className="flex flex-wrap gap-2" aria-hidden="true" data-testid="search-suggestions-skeleton">
        <Skeleton className="h-8 w-20 rounded-full" />
        <Skeleton className="h-8 w-28 rounded-full" />
        <Skeleton className="h-8 w-16 rounded-full" />
      </div>
    );
  }
  const recentKeywords = recent.data ?? [];
  const hotKeywords = hot.data ?? [];
  if (recentKeywords.length === 0 && hotKeywords.length === 0) {
    return <EmptyState icon={<Search aria-hidden="true" className="size-7" />} title={t('hint')} />;
  }
  return (
    <div className="space-y-6">
      {recentKeywords.length > 0 ? (
        <section data-testid="search-recent">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="flex items-center gap-1.5 text-[14px] font-semibold text-slate-700">
              <Clock aria-hidden="true" className="size-4" />
              {t('recent')}
            </h2>
            <button
              type="button"
              onClick={() => clear.mutate(undefined)}
              className="text-[13px] text-slate-500 hover:text-primary"
            >
              {t('clearRecent')}
            </button>
          </div>
          <ul className="flex flex-wrap gap-2">
            {recentKeywords.map((item) => (
              <li key={item.keyword} className={chip}>
                <button type="button" onClick={() => onChoose(item.keyword)} className="truncate">
                  <bdi>{item.keyword}</bdi>
                </button>
                <button
                  type="button"
                  aria-label={t('removeRecent', { keyword: item.keyword })}
                  onClick={() => clear.mutate(item.keyword)}
                  className="inline-flex size-8 items-center justify-center rounded-full text-slate-400 hover:text-slate-700"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hotKeywords.length > 0 ? (
        <section data-testid="search-hot">
          <h2 className="mb-2 flex items-center gap-1.5 text-[14px] font-semibold text-slate-700">
            <Flame aria-hidden="true" className="size-4 text-orange-500" />
            {t('hot')}
          </h2>
          <ol className="flex flex-wrap gap-2">
            {hotKeywords.map((item, index) => (
              <li key={item.keyword}>
                <button type="button" onClick={() => onChoose(item.keyword)} className={`${chip} pe-3`}>
                  <span className={index < 3 ? 'font-semibold text-orange-600' : 'text-slate-400'}>
                    {index + 1}
                  </span>
                  <bdi className="truncate">{item.keyword}</bdi>
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
