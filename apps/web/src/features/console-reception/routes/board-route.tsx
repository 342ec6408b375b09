import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Activity, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatTime } from '../../../lib/time.ts';
import { boardQueryOptions } from '../api/console-reception-api.ts';
import { ReceptionTabs } from '../components/reception-tabs.tsx';

/**
 * `#/console/meetings/:meetingId/reception/board` (reception.manage or reception.desk; §4): per phase
 * a progress bar of guests received out of assigned, and the latest arrivals with who marked them,
 * asked again every 5 seconds.
 */
function BoardRoute() {
  const { t } = useTranslation('console-reception');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const timeZone = useConsole().meeting?.time_zone ?? 'UTC';
  const board = useQuery(boardQueryOptions(meetingId));

  return (
    <ConsolePage
      title={t('board.title')}
      description={t('board.refreshing')}
      testId="console-reception-board"
    >
      <ReceptionTabs meetingId={meetingId} />
      {board.isPending ? (
        <div className="grid gap-4 desk:grid-cols-2" aria-busy="true">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : board.isError ? (
        <Card>
          <ConsoleErrorState error={board.error} onRetry={() => void board.refetch()} />
        </Card>
      ) : board.data.phases.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ListChecks aria-hidden="true" className="size-7" />}
            title={t('board.empty')}
            description={t('board.emptyHint')}
          />
        </Card>
      ) : (
        <div className="grid gap-4 desk:grid-cols-2">
          <Card className="p-4">
            <p className="mb-3 text-sm text-slate-500">
              {t('board.guests', { count: board.data.guest_total })}
            </p>
            <ul className="space-y-4">
              {board.data.phases.map((phase) => {
                const share = phase.guest_total > 0 ? phase.received_total / phase.guest_total : 0;
                return (
                  <li key={phase.phase_id.$id} data-testid="reception-board-phase">
                    <div className="mb-1 flex items-baseline justify-between gap-2">
                      <bdi className="font-medium text-slate-900">{localize(phase.title, language)}</bdi>
                      <span className="text-sm text-slate-600 tabular-nums">
                        {t('board.progress', { received: phase.received_total, total: phase.guest_total })}
                      </span>
                    </div>
                    <div
                      className="h-2.5 overflow-hidden rounded-full bg-slate-100"
                      role="progressbar"
                      aria-valuemin={0}
                      aria-valuemax={phase.guest_total}
                      aria-valuenow={phase.received_total}
                      aria-label={localize(phase.title, language)}
                    >
                      <div
                        className="h-full rounded-full bg-primary transition-all"
                        style={{ width: `${share * 100}%` }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
              <Activity aria-hidden="true" className="size-4 text-primary" />
              {t('board.recent')}
            </h2>
            {board.data.recent.length === 0 ? (
              <p className="text-sm text-slate-500">{t('board.noArrivals')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {board.data.recent.map((arrival) => (
                  <li
                    key={arrival.history_id}
                    className="flex items-center gap-3 py-2.5"
                    data-testid="reception-arrival"
                  >
                    {arrival.guest_photo ? (
                      <img
                        src={arrival.guest_photo}
                        alt=""
                        className="size-9 shrink-0 rounded-full object-cover"
                      />
                    ) : (
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm text-slate-500">
                        {arrival.guest_name.slice(0, 1)}
                      </span>
                    )}
                    <div className="min-w-0 flex-1">
                      <bdi className="block truncate font-medium text-slate-900">{arrival.guest_name}</bdi>
                      <span className="block truncate text-xs text-slate-500">
                        <bdi>{localize(arrival.phase_title, language)}</bdi>
                        {arrival.by_name ? <> · {t('board.by', { name: arrival.by_name })}</> : null}
                      </span>
                    </div>
                    <time className="shrink-0 text-xs text-slate-500 tabular-nums">
                      {formatTime(arrival.at * 1000, timeZone, language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </ConsolePage>
  );
}

export { BoardRoute as Component };
