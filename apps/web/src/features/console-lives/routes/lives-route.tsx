import type { ConsoleLive } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Plus, Radio } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { livesQueryOptions } from '../api/console-lives-api.ts';
import { LiveStateBadge, liveWindow } from '../components/live-parts.tsx';
import { livesScreens } from '../console-lives-screens.ts';

/** How often the list refreshes its figures while one of its lives is on (streaming or paused), in ms. */
const ongoingRefreshMs = 15_000;

/**
 * `#/console/meetings/:meetingId/lives` (lives.edit; DESIGN §7, §3 Live, §4 Live states): the
 * meeting's lives by start with their state, window in the meeting's zone, access, and figures
 * (online, peak, viewers, chat messages, reminder subscribers), refreshed while one streams; a new
 * live; each opens its own screen.
 */
function LivesRoute() {
  const { t } = useTranslation('console-lives');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const timeZone = useConsole().meeting?.time_zone ?? 'UTC';
  const list = useQuery({
    ...livesQueryOptions(meetingId),
    refetchInterval: (query) =>
      query.state.data?.items.some((live) => live.state === 'streaming' || live.state === 'paused')
        ? ongoingRefreshMs
        : false,
  });

  const columns = useMemo<DataColumn<ConsoleLive>[]>(
    () => [
      {
        id: 'title',
        header: t('table.title'),
        cell: (live) => (
          <Link
            to={livesScreens.live(meetingId, live._id.$id)}
            className="flex min-w-0 items-center gap-3 font-medium text-slate-900 hover:text-primary"
            data-testid="console-live-row"
          >
            {live.cover ? (
              <img src={live.cover} alt="" className="h-10 w-16 shrink-0 rounded-lg object-cover" />
            ) : (
              <span className="flex h-10 w-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
                <Radio aria-hidden="true" className="size-5" />
              </span>
            )}
            <span className="min-w-0">
              <bdi className="line-clamp-2">{localize(live.title, language) || t('table.untitled')}</bdi>
              {live.enable_show === 0 ? (
                <span className="mt-0.5 flex items-center gap-1 text-xs font-normal text-slate-500">
                  <EyeOff aria-hidden="true" className="size-3.5" /> {t('table.hidden')}
                </span>
              ) : null}
            </span>
          </Link>
        ),
      },
      { id: 'state', header: t('table.state'), cell: (live) => <LiveStateBadge state={live.state} /> },
      {
        id: 'time',
        header: t('table.time'),
        cell: (live) => (
          <span className="text-sm text-slate-600">{liveWindow(live, timeZone, language)}</span>
        ),
      },
      {
        id: 'access',
        header: t('table.access'),
        cell: (live) => <span className="text-sm text-slate-600">{t(`access.${live.access}`)}</span>,
      },
      {
        id: 'viewers',
        header: t('table.viewers'),
        className: 'text-end',
        cell: (live) => (
          <span className="text-sm text-slate-700 tabular-nums">
            {t('table.viewersValue', {
              online: live.online,
              peak: live.viewer_peak,
              total: live.viewer_total,
            })}
          </span>
        ),
      },
      {
        id: 'chats',
        header: t('table.chats'),
        className: 'text-end tabular-nums',
        cell: (live) => live.chat_total,
      },
      {
        id: 'subscribers',
        header: t('table.subscribers'),
        className: 'text-end tabular-nums',
        cell: (live) => live.subscriber_total,
      },
    ],
    [t, language, meetingId, timeZone],
  );

  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      testId="console-lives"
      actions={
        <ButtonLink to={livesScreens.create(meetingId)} size="sm">
          <Plus aria-hidden="true" className="size-4" />
          {t('new')}
        </ButtonLink>
      }
    >
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<Radio aria-hidden="true" className="size-7" />}
            title={t('empty')}
            description={t('emptyHint')}
            action={
              <ButtonLink to={livesScreens.create(meetingId)} size="sm">
                <Plus aria-hidden="true" className="size-4" />
                {t('new')}
              </ButtonLink>
            }
          />
        ) : (
          <div className="desk:px-2">
            <DataTable
              columns={columns}
              rows={list.data.items}
              rowKey={(live) => live._id.$id}
              caption={t('title')}
              testId="console-lives-table"
            />
          </div>
        )}
      </Card>
    </ConsolePage>
  );
}

export { LivesRoute as Component };
