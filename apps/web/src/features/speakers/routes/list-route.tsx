import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { Search, UsersRound, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useSpeakerCount } from '../api/count-speakers.ts';
import { useSpeakerCategories } from '../api/list-speaker-categories.ts';
import { useSpeakerPages } from '../api/list-speakers.ts';
import { SpeakerCard } from '../components/speaker-card.tsx';

const debounceMs = 300;

/** /meeting/speaker/list: search (debounced), category filter, speakers 60 at a time with "load more". */
function SpeakerListRoute() {
  const { t } = useTranslation(['speakers', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const searchId = useId();
  const [keyword, setKeyword] = useSearchState('keyword');
  const [categoryId, setCategory] = useSearchState('category_id');
  const [draft, setDraft] = useState(keyword ?? '');

  useEffect(() => {
    const trimmed = draft.trim();
    if (trimmed === (keyword ?? '')) return;
    const timer = setTimeout(() => setKeyword(trimmed || undefined), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, keyword, setKeyword]);

  const filter = { meetingId, keyword, categoryId };
  const pages = useSpeakerPages(filter);
  const count = useSpeakerCount(filter);
  const categories = useSpeakerCategories(meetingId);
  const speakers = pages.data?.pages.flat() ?? [];
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category._id.$id,
    label: localize(category.title, language),
  }));

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={t('common:pages.speakerList')}
        subtitle={localize(meeting.title, language)}
      />
      <div className="space-y-3 desk:flex desk:items-center desk:gap-4 desk:space-y-0">
        <search className="relative block desk:w-96">
          <label htmlFor={searchId} className="sr-only">
            {t('list.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3.5 top-1/2 size-[18px] -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('list.searchPlaceholder')}
            enterKeyHint="search"
            autoComplete="off"
            maxLength={textLimits.keyword}
            data-testid="speaker-search"
            className="h-11 w-full rounded-button bg-white ps-10 pe-10 text-[15px] ring-1 ring-slate-200 outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-primary [&::-webkit-search-cancel-button]:hidden"
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
        {categoryOptions.length > 0 ? (
          <Chips
            className="desk:flex-1"
            label={t('list.categories')}
            allLabel={t('list.allCategories')}
            options={categoryOptions}
            value={categoryId}
            onChange={setCategory}
          />
        ) : null}
      </div>

      <p className="mt-4 mb-3 h-4 text-xs font-medium text-slate-500" aria-live="polite">
        {count.data !== undefined ? t('list.total', { count: count.data }) : null}
      </p>

      {pages.isPending ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-4">
          {placeholderKeys(8).map((key) => (
            <Skeleton key={key} className="h-[84px] rounded-card desk:h-48" />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : speakers.length === 0 ? (
        <EmptyState
          icon={<UsersRound className="size-7" />}
          title={keyword ? t('list.noResults', { keyword }) : t('list.empty')}
          description={keyword ? t('list.noResultsHint') : undefined}
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-4">
            {speakers.map((speaker) => (
              <li key={speaker._id.$id}>
                <SpeakerCard speaker={speaker} meetingId={meetingId} />
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

export { SpeakerListRoute as Component };
