import type { ConsoleThread } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Lock, LockOpen, MessagesSquare, Pin, PinOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { threadPaths } from '../../../lib/threads-paths.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import {
  consoleThreadKeys,
  consoleThreadsPageSize,
  consoleThreadsQueryOptions,
  updateThreadFlags,
} from '../api/console-threads-api.ts';

const stateClass: Record<ConsoleThread['moderation_state'], string> = {
  visible: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  review: 'bg-amber-50 text-amber-800 ring-amber-200',
  blocked: 'bg-red-50 text-red-700 ring-red-200',
};

/**
 * `#/console/meetings/:meetingId/threads` (DESIGN §7; §2 /meeting/thread/list): the meeting's
 * discussion threads — title, author, replies, likes, posting time, state (visible, under review,
 * blocked; pinned, closed) — with pin/unpin, close/reopen and a link that opens the thread's public
 * page. Blocking and deleting happen in the moderation queue.
 */
function ThreadsTableRoute() {
  const { t } = useTranslation('console-threads');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const queryClient = useQueryClient();
  const [skip, setSkip] = useState(0);
  const [busyId, setBusyId] = useState<string>();
  const list = useQuery(consoleThreadsQueryOptions(meetingId, skip));

  const columns = useMemo<DataColumn<ConsoleThread>[]>(() => {
    const change = async (thread: ConsoleThread, flags: { pinned?: 0 | 1; closed?: 0 | 1 }) => {
      setBusyId(thread._id.$id);
      try {
        await updateThreadFlags(meetingId, thread._id.$id, flags);
        await queryClient.invalidateQueries({ queryKey: consoleThreadKeys.all(meetingId) });
        showToast(t('saved'));
      } catch {
        showToast(t('failed'));
      } finally {
        setBusyId(undefined);
      }
    };
    return [
      {
        id: 'title',
        header: t('columns.title'),
        cell: (thread) => (
          <div className="min-w-0" data-testid="console-thread-row">
            <bdi dir="auto" className="line-clamp-1 font-medium text-slate-900">
              {thread.title}
            </bdi>
            <p dir="auto" className="line-clamp-1 text-xs text-slate-500">
              {thread.content}
            </p>
          </div>
        ),
      },
      { id: 'author', header: t('columns.author'), cell: (thread) => <bdi>{thread.user.name || '—'}</bdi> },
      {
        id: 'replies',
        header: t('columns.replies'),
        className: 'text-end tabular-nums',
        cell: (thread) => thread.reply_total,
      },
      {
        id: 'likes',
        header: t('columns.likes'),
        className: 'text-end tabular-nums',
        cell: (thread) => thread.like_total,
      },
      {
        id: 'created',
        header: t('columns.created'),
        cell: (thread) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(thread.created * 1000, timeZone, language, { day: 'numeric', month: 'short' })}{' '}
            {clockTime(thread.created * 1000, timeZone, language)}
          </span>
        ),
      },
      {
        id: 'state',
        header: t('columns.state'),
        cell: (thread) => (
          <span className="flex flex-wrap gap-1">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${stateClass[thread.moderation_state]}`}
            >
              {t(`state.${thread.moderation_state}`)}
            </span>
            {thread.pinned ? (
              <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                {t('state.pinned')}
              </span>
            ) : null}
            {thread.closed ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                {t('state.closed')}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: (thread) => {
          const isBusy = busyId === thread._id.$id;
          return (
            <span className="flex flex-wrap items-center gap-1.5">
              <Button
                size="sm"
                variant="secondary"
                disabled={isBusy}
                onClick={() => void change(thread, { pinned: thread.pinned ? 0 : 1 })}
                data-testid="console-thread-pin"
              >
                {thread.pinned ? (
                  <PinOff aria-hidden="true" className="size-4" />
                ) : (
                  <Pin aria-hidden="true" className="size-4" />
                )}
                {thread.pinned ? t('actions.unpin') : t('actions.pin')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isBusy}
                onClick={() => void change(thread, { closed: thread.closed ? 0 : 1 })}
                data-testid="console-thread-close"
              >
                {thread.closed ? (
                  <LockOpen aria-hidden="true" className="size-4" />
                ) : (
                  <Lock aria-hidden="true" className="size-4" />
                )}
                {thread.closed ? t('actions.reopen') : t('actions.close')}
              </Button>
              <a
                href={`#${threadPaths.talk({ meetingId, threadId: thread._id.$id })}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-9 items-center gap-1 rounded-button px-3 text-sm text-primary hover:bg-primary/10"
              >
                <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                {t('actions.open')}
              </a>
            </span>
          );
        },
      },
    ];
  }, [t, language, meetingId, timeZone, busyId, queryClient]);

  const total = list.data?.total ?? 0;
  return (
    <ConsolePage title={t('title')} description={t('subtitle')} testId="console-threads">
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare aria-hidden="true" className="size-7" />}
            title={t('empty')}
            description={t('emptyHint')}
          />
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={list.data.items}
              rowKey={(thread) => thread._id.$id}
              caption={t('title')}
              testId="console-threads-table"
            />
            <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
              <span>{t('total', { total })}</span>
              {total > consoleThreadsPageSize ? (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={skip === 0}
                    onClick={() => setSkip(Math.max(0, skip - consoleThreadsPageSize))}
                  >
                    {t('previous')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={skip + consoleThreadsPageSize >= total}
                    onClick={() => setSkip(skip + consoleThreadsPageSize)}
                  >
                    {t('next')}
                  </Button>
                </span>
              ) : null}
            </div>
          </>
        )}
      </Card>
    </ConsolePage>
  );
}

export const Component = ThreadsTableRoute;
