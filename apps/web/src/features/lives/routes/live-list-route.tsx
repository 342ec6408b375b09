import { localize } from '@app/domain';
import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { type LiveListFilter, useLivePages } from '../api/lives.ts';
import { LiveCard, LiveCardSkeleton } from '../components/live-card.tsx';
import { useServerClock } from '../components/live-clock.ts';

const filters = ['ongoing', 'upcoming', 'past'] as const;
const isFilter = (value: string | undefined): value is (typeof filters)[number] =>
  (filters as readonly string[]).includes(value ?? '');

/**
 * /meeting/live (§2 live list; §3 Live; §4 states): the meeting's shown lives — live now first, then
 * upcoming by start, then past — with a filter (all, live now, upcoming, past), 20 at a time. Cards
 * count down to the start on the server's clock (§9 tick 1000 ms) and open the live room.
 */
function LiveListRoute() {
  const { t, ready } = useTranslation(['lives', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [stateParam, setState] = useSearchState('state');
  const state: LiveListFilter = isFilter(stateParam) ? stateParam : '';
  const pages = useLivePages(meetingId, state);
  const items = pages.data?.pages.flat() ?? [];
  const lastPage = pages.data?.pages.findLast((page) => page.length > 0);
  const now = useServerClock(lastPage?.[0]?.now, pages.dataUpdatedAt);

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8" data-testid="live-list-page">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={ready ? t('list.title') : ''}
        subtitle={localize(meeting.title, language)}
      />
      {ready ? (
        <Chips
          className="mb-4"
          label={t('list.filter')}
          allLabel={t('list.all')}
          options={filters.map((value) => ({ value, label: t(`list.${value}`) }))}
          value={state || undefined}
          onChange={setState}
        />
      ) : null}
      {pages.isPending || !ready ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" aria-busy="true">
          {placeholderKeys(6).map((key) => (
            <LiveCardSkeleton key={key} />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Radio aria-hidden="true" className="size-7" />}
          title={state ? t(`list.empty.${state}`) : t('list.empty.all')}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" data-testid="live-list">
            {items.map((live) => (
              <li key={live._id.$id}>
                <LiveCard live={live} meetingId={meetingId} timeZone={meeting.time_zone} now={now} />
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

export { LiveListRoute as Component };
