import type { ConsoleLive, LiveViewer } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import { viewersQueryOptions } from '../api/console-lives-api.ts';

const pageSize = 50;

/**
 * The viewers tab (§7 GET /lives/users, lives.moderate): who watched, online ones first, then by last
 * seen, with first and last heartbeat in the meeting's zone, time watched and their standing (muted,
 * banned); visitors without an account show as 'Guest'. Pages of 50; refreshes every 30 s while live.
 */
export function ViewersTab({
  meetingId,
  live,
  timeZone,
}: {
  meetingId: string;
  live: ConsoleLive;
  timeZone: string;
}) {
  const { t } = useTranslation('console-lives');
  const language = useLanguage();
  const viewers = useInfiniteQuery({
    ...viewersQueryOptions(meetingId, live._id.$id, pageSize),
    refetchInterval: live.state === 'streaming' || live.state === 'paused' ? 30_000 : false,
  });
  const rows = useMemo(
    () => (viewers.data?.pages.flat() ?? []).map((viewer, index) => ({ ...viewer, key: index })),
    [viewers.data],
  );
  const columns = useMemo<DataColumn<LiveViewer & { key: number }>[]>(() => {
    const when = (seconds: number) =>
      `${formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short' })} ${clockTime(seconds * 1000, timeZone, language)}`;
    // `40 s`, `12 min`, `1 h 05 min` of the seconds watched.
    const duration = (seconds: number) => {
      if (seconds < 60) return t('viewers.seconds', { s: seconds });
      const minutes = Math.floor(seconds / 60);
      if (minutes < 60) return t('viewers.minutes', { m: minutes });
      return t('viewers.hours', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
    };
    return [
      {
        id: 'viewer',
        header: t('viewers.viewer'),
        cell: (viewer) => (
          <span className="flex items-center gap-2.5">
            <Avatar name={viewer.user?.username ?? '?'} photo={viewer.user?.avatar} className="size-8" />
            <bdi className="truncate font-medium">
              {viewer.user ? viewer.user.username || t('users.noName') : t('viewers.guest')}
            </bdi>
          </span>
        ),
      },
      {
        id: 'online',
        header: t('viewers.status'),
        cell: (viewer) =>
          viewer.online ? (
            <span className="inline-flex items-center gap-1.5 text-sm text-emerald-700">
              <span className="size-2 rounded-full bg-emerald-500" /> {t('viewers.online')}
            </span>
          ) : (
            <span className="text-sm text-slate-500">{t('viewers.offline')}</span>
          ),
      },
      { id: 'first', header: t('viewers.first'), cell: (viewer) => when(viewer.first_seen) },
      { id: 'last', header: t('viewers.last'), cell: (viewer) => when(viewer.last_seen) },
      {
        id: 'watched',
        header: t('viewers.watched'),
        className: 'text-end tabular-nums',
        cell: (viewer) => duration(viewer.watch_seconds),
      },
      {
        id: 'standing',
        header: t('viewers.standing'),
        cell: (viewer) =>
          [viewer.muted ? t('users.muted') : '', viewer.banned ? t('users.banned') : '']
            .filter(Boolean)
            .join(' · ') || '—',
      },
    ];
  }, [t, timeZone, language]);

  return (
    <div className="flex flex-col gap-3" data-testid="console-live-viewers">
      <p className="text-sm text-slate-600">
        {t('viewers.summary', { online: live.online, total: live.viewer_total, peak: live.viewer_peak })}
      </p>
      <Card className="overflow-hidden">
        {viewers.isPending ? (
          <TableSkeleton />
        ) : viewers.isError ? (
          <ConsoleErrorState error={viewers.error} onRetry={() => void viewers.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<Eye aria-hidden="true" className="size-7" />}
            title={t('viewers.empty')}
            description={t('viewers.emptyHint')}
          />
        ) : (
          <div className="desk:px-2">
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(viewer) => String(viewer.key)}
              caption={t('tabs.viewers')}
              testId="console-live-viewers-table"
            />
          </div>
        )}
      </Card>
      {viewers.hasNextPage ? (
        <LoadMore
          hasMore
          isLoading={viewers.isFetchingNextPage}
          onLoad={() => void viewers.fetchNextPage()}
          loadLabel={t('viewers.more')}
          loadingLabel={t('loading')}
          doneLabel=""
        />
      ) : null}
    </div>
  );
}
