import type { ModerationAction, ModerationQueueItem } from '@app/contracts';
import { moderatedKindValues, moderationCategoryValues } from '@app/contracts/wire/moderation.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  banUser,
  consoleModerationKeys,
  decideItem,
  type QueueFilter,
  queuePageSize,
  queueQueryOptions,
} from '../api/console-moderation-api.ts';
import { ModerationTabs } from '../components/moderation-tabs.tsx';

/** The decisions offered for an item in a given queue state. */
const actionsOf = (state: ModerationQueueItem['state']): ModerationAction[] =>
  state === 'pending'
    ? ['approve', 'block', 'delete']
    : state === 'blocked'
      ? ['unblock', 'delete']
      : state === 'approved'
        ? ['block', 'delete']
        : [];

type Pending = { kind: 'delete'; item: ModerationQueueItem } | { kind: 'ban'; item: ModerationQueueItem };

/**
 * `#/console/meetings/:meetingId/moderation` (DESIGN §7; §5 sensitive content): the review queue —
 * items the check was unsure about and items users reported, pending or resolved, filtered by type
 * and category; each row shows the text, author, reason and reports, opens the item, and offers
 * approve / block / unblock / delete and blocking the author (delete and block-author confirmed).
 * Acting needs community.moderate; without it the queue is read-only.
 */
function ModerationQueueRoute() {
  const { t } = useTranslation(['console-moderation', 'moderation']);
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canModerate = meeting?.actions.includes('community.moderate') ?? false;
  const timeZone = meeting?.time_zone ?? 'UTC';
  const [search, setSearch] = useSearchParams();
  const filter: QueueFilter = {
    tab: search.get('tab') === 'resolved' ? 'resolved' : 'pending',
    kind: search.get('kind') ?? '',
    category: search.get('category') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
  const list = useQuery(queueQueryOptions(meetingId, filter));
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleModerationKeys.all(meetingId) });
  const go = (next: Partial<QueueFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const params = new URLSearchParams();
    params.set('tab', merged.tab);
    if (merged.kind) params.set('kind', merged.kind);
    if (merged.category) params.set('category', merged.category);
    params.set('page', String(merged.page));
    setSearch(params, { replace: true });
  };

  const decide = useMutation({
    mutationFn: (input: { item: ModerationQueueItem; action: ModerationAction }) =>
      decideItem(meetingId, input.item._id, input.action),
    onSuccess: () => {
      setPending(undefined);
      showToast(t('queue.done'));
      void refresh();
    },
    onError: () => {
      setPending(undefined);
      showToast(t('failed'));
    },
  });
  const ban = useMutation({
    mutationFn: (item: ModerationQueueItem) =>
      banUser(
        meetingId,
        item.author?._id ?? '',
        item.category ? t(`moderation:reasons.${item.category}`) : '',
      ),
    onSuccess: () => {
      setPending(undefined);
      showToast(t('bans.banned'));
      void refresh();
    },
    onError: () => {
      setPending(undefined);
      showToast(t('failed'));
    },
  });

  const columns = useMemo<DataColumn<ModerationQueueItem>[]>(
    () => [
      {
        id: 'item',
        header: t('queue.item'),
        cell: (item) => (
          <div className="min-w-0 max-w-md" data-testid="moderation-row">
            <span className="text-xs font-medium text-slate-500">{t(`kinds.${item.kind}`)}</span>
            <bdi className="line-clamp-3 block text-sm text-slate-900">{item.text || '—'}</bdi>
            {item.link ? (
              <a
                href={`#${item.link}`}
                target="_blank"
                rel="noreferrer"
                className="mt-1 inline-flex items-center gap-1 text-xs text-primary"
              >
                <ExternalLink aria-hidden="true" className="size-3" />
                {t('queue.open')}
              </a>
            ) : null}
          </div>
        ),
      },
      {
        id: 'author',
        header: t('queue.author'),
        cell: (item) => (
          <span className="text-sm">
            <bdi>{item.author?.username || '—'}</bdi>
            {item.author_banned ? (
              <span className="block text-xs text-red-600">{t('queue.banned')}</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'reason',
        header: t('queue.reason'),
        cell: (item) => (
          <span className="text-sm">
            {item.category ? t(`moderation:reasons.${item.category}`) : '—'}
            <span className="block text-xs text-slate-500">
              {item.source === 'report' ? t('queue.sourceReport') : t('queue.sourceProvider')}
            </span>
          </span>
        ),
      },
      {
        id: 'reports',
        header: t('queue.reports'),
        className: 'text-end',
        cell: (item) => <span className="tabular-nums">{item.reports_count}</span>,
      },
      {
        id: 'when',
        header: t('queue.updated'),
        cell: (item) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(item.updated * 1000, timeZone, language, { day: 'numeric', month: 'short' })}
          </span>
        ),
      },
      { id: 'state', header: t('queue.state'), cell: (item) => t(`states.${item.state}`) },
      {
        id: 'actions',
        header: t('queue.actions'),
        className: 'text-end',
        cell: (item) =>
          canModerate ? (
            <div className="flex flex-wrap justify-end gap-1">
              {actionsOf(item.state).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'approve' || action === 'unblock' ? 'primary' : 'secondary'}
                  disabled={decide.isPending}
                  onClick={() =>
                    action === 'delete'
                      ? setPending({ kind: 'delete', item })
                      : decide.mutate({ item, action })
                  }
                  data-testid={`moderation-${action}`}
                >
                  {t(`queue.${action}`)}
                </Button>
              ))}
              {item.author && !item.author_banned ? (
                <Button size="sm" variant="secondary" onClick={() => setPending({ kind: 'ban', item })}>
                  {t('queue.ban')}
                </Button>
              ) : null}
            </div>
          ) : null,
      },
    ],
    [t, language, timeZone, canModerate, decide],
  );

  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / queuePageSize));
  return (
    <ConsolePage title={t('heading')} description={t('description')} testId="console-moderation">
      <ModerationTabs meetingId={meetingId} current="queue" />
      <Tabs
        label={t('queue.tabs')}
        className="mb-4"
        items={(['pending', 'resolved'] as const).map((value) => ({ value, label: t(`queue.${value}`) }))}
        value={filter.tab}
        onChange={(value) => go({ tab: value as QueueFilter['tab'] })}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('queue.kind')}
          value={filter.kind}
          onChange={(kind) => go({ kind })}
          options={[
            { value: '', label: t('queue.allKinds') },
            ...moderatedKindValues.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
        />
        <SelectField
          label={t('queue.category')}
          value={filter.category}
          onChange={(category) => go({ category })}
          options={[
            { value: '', label: t('queue.allCategories') },
            ...moderationCategoryValues.map((value) => ({ value, label: t(`moderation:reasons.${value}`) })),
          ]}
        />
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck aria-hidden="true" className="size-7" />}
            title={filter.tab === 'pending' ? t('queue.empty') : t('queue.emptyResolved')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(item) => item._id}
            caption={t('tabs.queue')}
            testId="moderation-table"
          />
        )}
      </Card>
      {pages > 1 ? (
        <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={t('queue.pages')}>
          <Button
            variant="secondary"
            size="sm"
            disabled={filter.page <= 1}
            onClick={() => go({ page: filter.page - 1 })}
          >
            {t('queue.previous')}
          </Button>
          <span className="tabular-nums text-slate-600">{t('queue.page', { page: filter.page, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={filter.page >= pages}
            onClick={() => go({ page: filter.page + 1 })}
          >
            {t('queue.next')}
          </Button>
        </nav>
      ) : null}
      <ConfirmDialog
        isOpen={pending !== undefined}
        title={pending?.kind === 'ban' ? t('queue.ban') : t('queue.delete')}
        body={
          pending?.kind === 'ban'
            ? t('queue.confirmBan', { name: pending.item.author?.username ?? '' })
            : t('queue.confirmDelete')
        }
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        isBusy={decide.isPending || ban.isPending}
        onCancel={() => setPending(undefined)}
        onConfirm={() => {
          if (pending?.kind === 'ban') ban.mutate(pending.item);
          else if (pending) decide.mutate({ item: pending.item, action: 'delete' });
        }}
      />
    </ConsolePage>
  );
}

export const Component = ModerationQueueRoute;
