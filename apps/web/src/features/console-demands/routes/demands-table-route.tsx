import type { ConsoleDemand } from '@app/contracts';
import { demandTypeValues } from '@app/contracts/wire/demand-limits.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Briefcase, CircleCheck, ExternalLink, MessageCircle, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { demandPaths } from '../../../lib/demands-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import {
  type ConsoleDemandFilter,
  consoleDemandKeys,
  consoleDemandQueryOptions,
  consoleDemandsPageSize,
  consoleDemandsQueryOptions,
  setCommentState,
  setDemandState,
} from '../api/console-demands-api.ts';

type Moderation = ConsoleDemand['moderation_state'];
const stateClass: Record<Moderation, string> = {
  visible: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  review: 'bg-amber-50 text-amber-800 ring-amber-200',
  blocked: 'bg-red-50 text-red-700 ring-red-200',
  deleted: 'bg-slate-100 text-slate-500 ring-slate-200',
};
const states: Moderation[] = ['visible', 'review', 'blocked', 'deleted'];

function StateChip({ state }: { state: Moderation }) {
  const { t } = useTranslation('console-demands');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${stateClass[state]}`}>
      {t(`states.${state}`)}
    </span>
  );
}

/**
 * `#/console/meetings/:meetingId/demands` (DESIGN §7; §3 Demand, §4 open / closed / blocked): the
 * meeting's demands — title, poster, type, status, moderation state, likes, comments, posting time —
 * filtered by keyword, status, state and type; open one to read it with its comments and contacts;
 * block, unblock or delete a demand or a comment (confirmation for delete; audited on the server).
 */
function DemandsTableRoute() {
  const { t } = useTranslation('console-demands');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ConsoleDemandFilter>({});
  const [typed, setTyped] = useState('');
  const [skip, setSkip] = useState(0);
  const [openId, setOpenId] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const [deleting, setDeleting] = useState<{ kind: 'demand' | 'comment'; id: string }>();
  const list = useQuery(consoleDemandsQueryOptions(meetingId, filter, skip));

  const change = useCallback(
    async (kind: 'demand' | 'comment', id: string, state: 'visible' | 'blocked' | 'deleted') => {
      setBusyId(id);
      try {
        if (kind === 'demand') await setDemandState(meetingId, id, state);
        else await setCommentState(meetingId, id, state);
        await queryClient.invalidateQueries({ queryKey: consoleDemandKeys.all(meetingId) });
        showToast(t('done'));
      } catch {
        showToast(t('failed'));
      } finally {
        setBusyId(undefined);
        setDeleting(undefined);
      }
    },
    [meetingId, queryClient, t],
  );

  const columns = useMemo<DataColumn<ConsoleDemand>[]>(
    () => [
      {
        id: 'title',
        header: t('columns.title'),
        cell: (demand) => (
          <div className="min-w-0" data-testid="console-demand-row">
            <bdi className="line-clamp-1 font-medium text-slate-900">{demand.title}</bdi>
            <p className="line-clamp-1 text-xs text-slate-500">{demand.description}</p>
          </div>
        ),
      },
      {
        id: 'author',
        header: t('columns.author'),
        cell: (demand) => <bdi>{demand.user.username || '—'}</bdi>,
      },
      { id: 'type', header: t('columns.type'), cell: (demand) => t(`types.${demand.type}`) },
      {
        id: 'state',
        header: t('columns.state'),
        cell: (demand) => (
          <span className="flex flex-wrap gap-1">
            <StateChip state={demand.moderation_state} />
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              {t(`status.${demand.status}`)}
            </span>
          </span>
        ),
      },
      {
        id: 'likes',
        header: t('columns.likes'),
        className: 'text-end tabular-nums',
        cell: (d) => d.like_total,
      },
      {
        id: 'comments',
        header: t('columns.comments'),
        className: 'text-end tabular-nums',
        cell: (d) => d.comment_total,
      },
      {
        id: 'created',
        header: t('columns.created'),
        cell: (demand) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(demand.create_time * 1000, timeZone, language, { day: 'numeric', month: 'short' })}{' '}
            {clockTime(demand.create_time * 1000, timeZone, language)}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: (demand) => {
          const id = demand._id.$id;
          const isBusy = busyId === id;
          return (
            <span className="flex flex-wrap items-center gap-1.5">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setOpenId(openId === id ? undefined : id)}
                data-testid="console-demand-open"
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                {t('actions.open')}
              </Button>
              {demand.moderation_state === 'blocked' || demand.moderation_state === 'review' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isBusy}
                  onClick={() => void change('demand', id, 'visible')}
                >
                  <CircleCheck aria-hidden="true" className="size-4" />
                  {t('actions.unblock')}
                </Button>
              ) : demand.moderation_state === 'visible' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isBusy}
                  onClick={() => void change('demand', id, 'blocked')}
                  data-testid="console-demand-block"
                >
                  <Ban aria-hidden="true" className="size-4" />
                  {t('actions.block')}
                </Button>
              ) : null}
              {demand.moderation_state !== 'deleted' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isBusy}
                  onClick={() => setDeleting({ kind: 'demand', id })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('actions.delete')}
                </Button>
              ) : null}
              <a
                href={`#${demandPaths.detail({ meetingId, demandId: id })}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-9 items-center gap-1 rounded-button px-3 text-sm text-primary hover:bg-primary/10"
                aria-label={`${t('actions.open')}: ${demand.title}`}
              >
                <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              </a>
            </span>
          );
        },
      },
    ],
    [t, language, meetingId, timeZone, busyId, openId, change],
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSkip(0);
    setFilter({ ...filter, keyword: typed.trim() || undefined });
  };
  const rows = list.data ?? [];
  const all = { value: '', label: t('filters.all') };

  return (
    <ConsolePage title={t('title')} description={t('subtitle')} testId="console-demands">
      <Card className="mb-4 p-4">
        <form onSubmit={search} className="grid grid-cols-1 items-end gap-3 desk:grid-cols-4">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
            {t('filters.keyword')}
            <input
              type="search"
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
              className="h-10 rounded-lg bg-white px-3 text-[15px] font-normal ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
            />
          </label>
          <SelectField
            label={t('filters.status')}
            value={filter.status ?? ''}
            onChange={(value) => {
              setSkip(0);
              setFilter({ ...filter, status: value === 'open' || value === 'closed' ? value : undefined });
            }}
            options={[
              all,
              { value: 'open', label: t('status.open') },
              { value: 'closed', label: t('status.closed') },
            ]}
          />
          <SelectField
            label={t('filters.state')}
            value={filter.state ?? ''}
            onChange={(value) => {
              setSkip(0);
              setFilter({ ...filter, state: states.find((state) => state === value) });
            }}
            options={[all, ...states.map((state) => ({ value: state, label: t(`states.${state}`) }))]}
          />
          <SelectField
            label={t('filters.type')}
            value={filter.type ?? ''}
            onChange={(value) => {
              setSkip(0);
              setFilter({ ...filter, type: demandTypeValues.find((type) => type === value) });
            }}
            options={[all, ...demandTypeValues.map((type) => ({ value: type, label: t(`types.${type}`) }))]}
          />
        </form>
      </Card>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<Briefcase aria-hidden="true" className="size-7" />} title={t('empty')} />
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(demand) => demand._id.$id}
              caption={t('title')}
              testId="console-demands-table"
            />
            {skip > 0 || rows.length === consoleDemandsPageSize ? (
              <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={skip === 0}
                  onClick={() => setSkip(Math.max(0, skip - consoleDemandsPageSize))}
                >
                  ‹
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={rows.length < consoleDemandsPageSize}
                  onClick={() => setSkip(skip + consoleDemandsPageSize)}
                >
                  ›
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Card>
      {openId ? (
        <DemandPanel
          meetingId={meetingId}
          demandId={openId}
          busyId={busyId}
          onState={(id, state) =>
            state === 'deleted' ? setDeleting({ kind: 'comment', id }) : void change('comment', id, state)
          }
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('confirm.deleteTitle')}
        body={t('confirm.deleteBody')}
        confirmLabel={t('confirm.confirm')}
        cancelLabel={t('confirm.cancel')}
        onConfirm={() => (deleting ? void change(deleting.kind, deleting.id, 'deleted') : undefined)}
        onCancel={() => setDeleting(undefined)}
        isBusy={busyId !== undefined}
      />
    </ConsolePage>
  );
}

/** One demand opened below the table: its text, photos, the poster's contact, and every comment. */
function DemandPanel({
  meetingId,
  demandId,
  busyId,
  onState,
}: {
  meetingId: string;
  demandId: string;
  busyId: string | undefined;
  onState: (commentId: string, state: 'visible' | 'blocked' | 'deleted') => void;
}) {
  const { t } = useTranslation('console-demands');
  const demand = useQuery(consoleDemandQueryOptions(meetingId, demandId));
  if (demand.isPending) return <TableSkeleton rows={2} />;
  if (demand.isError) return <ConsoleErrorState error={demand.error} onRetry={() => void demand.refetch()} />;
  const item = demand.data;
  const contact = [
    item.contact.phone ? `+${item.contact.area_code} ${item.contact.phone}` : '',
    item.contact.email,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card className="mt-4 p-4 desk:p-6" data-testid="console-demand-panel">
      <h2 className="text-lg font-semibold text-slate-900">
        <bdi>{item.title}</bdi>
      </h2>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{item.description}</p>
      {item.images.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('detail.photos')}>
          {item.images.map((src) => (
            <li key={src}>
              <img src={src} alt="" className="size-20 rounded-lg object-cover ring-1 ring-slate-200" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">
        <span className="font-medium">{t('detail.contact')}: </span>
        <bdi dir="ltr">{contact || '—'}</bdi>
        {item.hide_contact ? (
          <span className="ms-2 text-xs text-amber-700">({t('detail.hidden')})</span>
        ) : null}
      </p>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800">{t('detail.comments')}</h3>
      {item.comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.noComments')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {item.comments.map((comment) => (
            <li key={comment._id.$id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <bdi className="font-medium text-slate-800">{comment.user.username || '—'}</bdi>{' '}
                  <StateChip state={comment.moderation_state} />
                </p>
                <p className="text-sm text-slate-700">{comment.content}</p>
              </div>
              <span className="flex gap-1.5">
                {comment.moderation_state === 'visible' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busyId === comment._id.$id}
                    onClick={() => onState(comment._id.$id, 'blocked')}
                  >
                    {t('actions.block')}
                  </Button>
                ) : comment.moderation_state !== 'deleted' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busyId === comment._id.$id}
                    onClick={() => onState(comment._id.$id, 'visible')}
                  >
                    {t('actions.unblock')}
                  </Button>
                ) : null}
                {comment.moderation_state !== 'deleted' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busyId === comment._id.$id}
                    onClick={() => onState(comment._id.$id, 'deleted')}
                  >
                    {t('actions.delete')}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export const Component = DemandsTableRoute;
