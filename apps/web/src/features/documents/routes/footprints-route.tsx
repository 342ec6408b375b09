import type { Footprint } from '@app/contracts';
import { fileIconOf } from '@app/contracts';
import { localize } from '@app/domain';
import { History, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FileIcon } from '../../../components/ui/file-icon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { documentPaths } from '../../../lib/documents-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { newsPaths } from '../../../lib/news-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useClearFootprints, useDeleteFootprint, useFootprints } from '../api/documents.ts';

/** Where a footprint leads: the item's own page (documents: the documents page). */
function linkOf(item: Footprint, meetingId: string): string | null {
  if (item.deleted === 1) return null;
  if (item.type === 'activity')
    return activityPaths.activity.detail({ meetingId, activityId: item.target_id });
  if (item.type === 'enterprise') return paths.enterprise({ meetingId, enterpriseId: item.target_id });
  if (item.type === 'product') return paths.product({ meetingId, productId: item.target_id });
  if (item.type === 'attachment') return documentPaths.list({ meetingId });
  if (item.type === 'news') return newsPaths.detail({ meetingId, newsId: item.target_id });
  return null;
}

/** "3 minutes ago" in the UI language, from unix seconds. */
function relativeTime(seconds: number, language: string, now: number): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const diff = seconds - Math.floor(now / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
  ];
  let value = diff;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

function FootprintRow({ item, meetingId }: { item: Footprint; meetingId: string }) {
  const { t } = useTranslation('documents');
  const language = useLanguage();
  const remove = useDeleteFootprint(meetingId);
  const title = localize(item.title, language) || t('footprints.untitled');
  const to = linkOf(item, meetingId);
  const picture =
    item.type === 'attachment' ? (
      <FileIcon kind={fileIconOf('', item.mime)} className="h-11 w-9" />
    ) : item.image ? (
      <img
        src={item.image}
        alt=""
        loading="lazy"
        className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
    ) : (
      <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-slate-100" />
    );
  const body = (
    <>
      {picture}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[15px] font-medium text-slate-900">{title}</span>
        <span className="mt-0.5 block truncate text-xs text-slate-500">
          {t(`footprints.types.${item.type}`)}
          <span aria-hidden="true"> · </span>
          {item.deleted === 1 ? t('footprints.gone') : relativeTime(item.last_viewed, language, Date.now())}
        </span>
      </span>
    </>
  );
  return (
    <li className="flex items-center gap-2 pe-2" data-testid="footprint">
      {to ? (
        <Link to={to} className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 hover:bg-slate-50">
          {body}
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 opacity-60">{body}</div>
      )}
      <button
        type="button"
        onClick={() => remove.mutate(item._id)}
        disabled={remove.isPending}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        aria-label={t('footprints.removeNamed', { name: title })}
        data-testid="footprint-remove"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * /my/footprints: what the visitor viewed in this meeting (activities, exhibitors, products,
 * documents), newest first, one row per item with when they last viewed it; each row opens the item
 * and can be removed (DELETE /logs/{id}, the visitor's own only); "Clear history" removes them all.
 * Anonymous visitors see their device's history.
 */
function FootprintsRoute() {
  const { t } = useTranslation(['documents', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const footprints = useFootprints(meetingId);
  const clear = useClearFootprints(meetingId);
  const [isConfirming, setConfirming] = useState(false);
  const items = footprints.data ?? [];

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5"
        title={t('footprints.title')}
        subtitle={t('footprints.subtitle')}
        actions={
          items.length > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(true)}
              data-testid="footprints-clear"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('footprints.clear')}
            </Button>
          ) : null
        }
      />
      {footprints.isPending ? (
        <div
          className="divide-y divide-slate-100 rounded-card bg-white ring-1 ring-slate-900/[0.06]"
          aria-busy="true"
        >
          {placeholderKeys(5).map((key) => (
            <div key={key} className="flex items-center gap-3 px-4 py-3">
              <Skeleton className="size-12" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : footprints.isError ? (
        <ErrorState onRetry={() => void footprints.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<History aria-hidden="true" className="size-7" />}
          title={t('footprints.empty')}
          description={t('footprints.emptyHint')}
        />
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]"
          data-testid="footprints"
        >
          {items.map((item) => (
            <FootprintRow key={item._id} item={item} meetingId={meetingId} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('footprints.clearTitle')}
        body={t('footprints.clearBody')}
        confirmLabel={t('footprints.clear')}
        cancelLabel={t('common:actions.cancel')}
        isBusy={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export { FootprintsRoute as Component };
