import type { ConsoleActivityCredits, ConsoleUnionCode } from '@app/contracts';
import { localize } from '@app/domain';
import { Download, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatMoment } from '../../../lib/time.ts';
import { exportPaths, useDeleteCode, useUnionCodes } from '../api/console-credits-api.ts';
import { ImportDialog } from './import-dialog.tsx';

/**
 * The union codes of one activity: totals, import (dialog with the per-row report), export, a
 * filter by use and text, the list with who used each code and when, and delete of unused codes.
 */
export function UnionCodesPanel({
  meetingId,
  timeZone,
  activity,
}: {
  meetingId: string;
  timeZone: string;
  activity: ConsoleActivityCredits;
}) {
  const { t } = useTranslation('console-credits');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const activityId = activity.activity_id.$id;
  const [used, setUsed] = useState<'' | '0' | '1'>('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [isImporting, setImporting] = useState(false);
  const [doomed, setDoomed] = useState<ConsoleUnionCode | null>(null);
  const codes = useUnionCodes(meetingId, activityId, { used, q, offset });
  const remove = useDeleteCode(meetingId, activityId);

  const exportCodes = () =>
    downloadFile(exportPaths.codes(meetingId, activityId), `unioncodes-${activityId}.xlsx`).catch((error) =>
      showToast(apiErrorMessage(error, tc)),
    );

  return (
    <section
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 desk:p-5"
      data-testid="console-unioncodes"
      aria-labelledby="unioncodes-title"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="unioncodes-title" className="text-[17px] font-semibold text-slate-900">
            {t('codes.title', { activity: localize(activity.activity_title, language) })}
          </h2>
          <p className="mt-0.5 text-[13px] text-slate-500">
            {t('codes.totals', { total: codes.data?.total ?? 0, used: codes.data?.used_total ?? 0 })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setImporting(true)} data-testid="console-unioncodes-import-open">
            <Upload aria-hidden="true" className="size-4" />
            {t('codes.import')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void exportCodes()}>
            <Download aria-hidden="true" className="size-4" />
            {t('codes.export')}
          </Button>
        </div>
      </header>
      <div className="mt-4 grid gap-3 desk:grid-cols-[1fr_14rem]">
        <Field
          label={t('codes.search')}
          isLabelHidden
          placeholder={t('codes.search')}
          value={q}
          type="search"
          onChange={(event) => {
            setQ(event.target.value);
            setOffset(0);
          }}
        />
        <SelectField
          label={t('codes.filter')}
          value={used}
          onChange={(value) => {
            setUsed(value as '' | '0' | '1');
            setOffset(0);
          }}
          options={[
            { value: '', label: t('codes.all') },
            { value: '1', label: t('codes.usedOnly') },
            { value: '0', label: t('codes.unusedOnly') },
          ]}
        />
      </div>
      <div className="mt-4">
        {codes.isPending ? (
          <TableSkeleton />
        ) : codes.isError ? (
          <ConsoleErrorState error={codes.error} onRetry={() => void codes.refetch()} />
        ) : codes.data.items.length === 0 ? (
          <EmptyState title={t('codes.empty')} description={t('codes.emptyHint')} />
        ) : (
          <DataTable
            caption={t('codes.caption')}
            rows={codes.data.items}
            rowKey={(row) => row._id.$id}
            testId="console-unioncodes-table"
            columns={[
              {
                id: 'code',
                header: t('codes.code'),
                cell: (row) => <bdi className="font-mono">{row.code}</bdi>,
              },
              { id: 'partner', header: t('codes.partner'), cell: (row) => <bdi>{row.partner || '—'}</bdi> },
              {
                id: 'status',
                header: t('codes.status'),
                cell: (row) =>
                  row.used ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[12px] text-emerald-700">
                      {t('codes.used')}
                    </span>
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] text-slate-600">
                      {t('codes.unused')}
                    </span>
                  ),
              },
              {
                id: 'holder',
                header: t('codes.holder'),
                cell: (row) =>
                  row.used ? (
                    <span>
                      <bdi>{row.ticket_name || '—'}</bdi>
                      {row.used_by_name ? (
                        <span className="block text-[12px] text-slate-500">
                          <bdi>{row.used_by_name}</bdi>
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              {
                id: 'when',
                header: t('codes.when'),
                cell: (row) => (row.used_at ? formatMoment(row.used_at, timeZone, language) : '—'),
              },
              {
                id: 'actions',
                header: t('codes.actions'),
                className: 'text-end',
                cell: (row) =>
                  row.used ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('codes.delete', { code: row.code })}
                      onClick={() => setDoomed(row)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  ),
              },
            ]}
          />
        )}
        {codes.data && codes.data.matched > 100 ? (
          <div className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600">
            <Button
              size="sm"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - 100))}
            >
              {t('codes.previous')}
            </Button>
            <span>
              {t('codes.range', {
                from: offset + 1,
                to: Math.min(offset + 100, codes.data.matched),
                total: codes.data.matched,
              })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={offset + 100 >= codes.data.matched}
              onClick={() => setOffset(offset + 100)}
            >
              {t('codes.next')}
            </Button>
          </div>
        ) : null}
      </div>
      {isImporting ? (
        <ImportDialog meetingId={meetingId} activityId={activityId} onClose={() => setImporting(false)} />
      ) : null}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t('codes.deleteTitle')}
        body={doomed ? t('codes.deleteBody', { code: doomed.code }) : ''}
        confirmLabel={t('codes.deleteConfirm')}
        cancelLabel={tc('actions.cancel')}
        isBusy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed._id.$id, {
            onSuccess: () => {
              showToast(t('codes.deleted'));
              setDoomed(null);
            },
            onError: (error) => {
              showToast(apiErrorMessage(error, tc));
              setDoomed(null);
            },
          })
        }
      />
    </section>
  );
}
