import { localize } from '@app/domain';
import { QrCode, Search, Settings2, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePavilionCategories } from '../../../lib/api/categories.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useDirectory, useDirectoryCount } from '../api/people.ts';
import { PersonRow } from '../components/person-row.tsx';
import { RecommendationStrip } from '../components/recommendation-strip.tsx';

/**
 * /meeting/connection (§2; §3 Exposure setting): the meeting's people who chose to be shown — a
 * search box (name, company, job title, tag), industry chips, "Recommended for you", a "Scan a card"
 * entry to the personal QR page's scanner and a link to one's own people settings; newest first with
 * load more, skeleton / empty / error-with-retry. Hidden people never appear (the server decides).
 */
function ConnectionRoute() {
  const { t, ready } = useTranslation('people');
  const language = useLanguage();
  const meetingId = idOf(useMeeting());
  const [keyword, setKeyword] = useSearchState('keyword');
  const [industryId, setIndustryId] = useSearchState('industry_id');
  const [tag, setTag] = useSearchState('tag');
  const [draft, setDraft] = useState(keyword ?? '');
  const industries = usePavilionCategories(meetingId, 'industry');
  const filter = { meetingId, keyword, industryId, tag };
  const pages = useDirectory(filter);
  const count = useDirectoryCount(filter);
  const people = pages.data?.pages.flat() ?? [];
  const isFiltered = Boolean(keyword || industryId || tag);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim() || undefined);
  };

  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.connection')} subtitle={ready ? t('directory.intro') : undefined} />
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to={peoplePaths.scanCard({ meetingId })} variant="primary" className="h-11">
          <QrCode aria-hidden="true" className="size-4" />
          {t('directory.scan')}
        </ButtonLink>
        <ButtonLink to={peoplePaths.profilePeople({ meetingId })} variant="secondary" className="h-11">
          <Settings2 aria-hidden="true" className="size-4" />
          {t('directory.mySettings')}
        </ButtonLink>
      </div>
      <RecommendationStrip meetingId={meetingId} />
      <form
        onSubmit={submit}
        className="flex h-12 items-center gap-2 rounded-card bg-white px-3 ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-primary"
      >
        <Search aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        <input
          type="search"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => setKeyword(draft.trim() || undefined)}
          placeholder={t('directory.search')}
          aria-label={t('directory.search')}
          data-testid="people-search"
          className="min-w-0 flex-1 bg-transparent text-[16px] text-slate-900 outline-none placeholder:text-slate-400"
        />
      </form>
      {industries.data && industries.data.length > 0 ? (
        <Chips
          label={t('directory.industry')}
          allLabel={t('directory.all')}
          value={industryId}
          onChange={(value) => setIndustryId(value)}
          options={industries.data.map((category) => ({
            value: category._id.$id,
            label: localize(category.title, language),
          }))}
        />
      ) : null}
      {tag ? (
        <button
          type="button"
          onClick={() => setTag(undefined)}
          className="inline-flex h-8 items-center gap-1 rounded-full bg-primary px-3 text-sm text-on-primary"
        >
          <bdi>#{tag}</bdi> <span aria-hidden="true">×</span>
          <span className="sr-only">{t('directory.clearTag')}</span>
        </button>
      ) : null}
      {count.data ? (
        <p className="text-sm text-slate-500" data-testid="people-count">
          {t('directory.count', { count: count.data.total })}
        </p>
      ) : null}
      {!ready || pages.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {placeholderKeys(4).map((key) => (
            <Skeleton key={key} className="h-24 w-full rounded-card" />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : people.length === 0 ? (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-7" />}
          title={isFiltered ? t('directory.noMatch') : t('directory.empty')}
          description={t('directory.emptyHint')}
        />
      ) : (
        <>
          <ul className="space-y-3" data-testid="people-list">
            {people.map((person) => (
              <li key={person._id.$id}>
                <PersonRow person={person} meetingId={meetingId} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('directory.loadMore')}
            loadingLabel={t('directory.loading')}
            doneLabel={t('directory.done')}
          />
        </>
      )}
    </div>
  );
}

export { ConnectionRoute as Component };
