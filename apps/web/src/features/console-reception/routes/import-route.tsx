import type { ReceptionImportReport, ReceptionImportRow } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsolePage } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { importGuests, receptionKeys } from '../api/console-reception-api.ts';
import { ReceptionTabs } from '../components/reception-tabs.tsx';

/**
 * `#/console/meetings/:meetingId/reception/import` (reception.manage; §3 Guest, §6): pick an XLSX
 * file, check it (a dry run answers one report line per row: ready, or each problem — bad phone or
 * e-mail, duplicate code / phone / e-mail, unknown phase, unknown receptionist), then import every row
 * at once; nothing is stored while any row has a problem.
 */
function ImportRoute() {
  const { t } = useTranslation('console-reception');
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ReceptionImportReport | null>(null);
  const [phase, setPhase] = useState<'idle' | 'checking' | 'importing'>('idle');
  const [failure, setFailure] = useState('');

  const check = async (picked: File) => {
    setPhase('checking');
    setFailure('');
    setReport(null);
    try {
      setReport(await importGuests(meetingId, picked, true));
    } catch {
      setFailure(t('import.unreadable'));
    } finally {
      setPhase('idle');
    }
  };

  const commit = async () => {
    if (!file) return;
    setPhase('importing');
    try {
      const done = await importGuests(meetingId, file, false);
      showToast(t('import.done', { count: done.imported }));
      setReport(done);
      await queryClient.invalidateQueries({ queryKey: receptionKeys.all(meetingId) });
    } catch (error) {
      const again =
        error instanceof ApiError ? (error.data?.report as ReceptionImportReport | undefined) : undefined;
      if (again) setReport(again);
      else setFailure(t('errors.failed'));
    } finally {
      setPhase('idle');
    }
  };

  const columns = useMemo<DataColumn<ReceptionImportRow>[]>(
    () => [
      { id: 'line', header: t('import.line'), className: 'tabular-nums', cell: (row) => row.line },
      {
        id: 'name',
        header: t('guests.name'),
        cell: (row) => (
          <span>
            <bdi className="block font-medium text-slate-900">{row.name}</bdi>
            <bdi dir="ltr" className="block text-xs text-slate-500">
              {[row.phone, row.email, row.code].filter(Boolean).join(' · ')}
            </bdi>
          </span>
        ),
      },
      {
        id: 'phases',
        header: t('guests.phases'),
        cell: (row) => <bdi className="text-sm text-slate-600">{row.phases.join(' · ')}</bdi>,
      },
      {
        id: 'status',
        header: t('import.status'),
        cell: (row) =>
          row.ok === 1 ? (
            <span
              className="inline-flex items-center gap-1 text-sm text-emerald-700"
              data-testid="reception-import-ok"
            >
              <CircleCheck aria-hidden="true" className="size-4" />
              {t('import.ok')}
            </span>
          ) : (
            <ul className="space-y-0.5 text-sm text-red-700" data-testid="reception-import-problem">
              {row.problems.map((p) => (
                <li key={`${p.column}-${p.code}-${p.value}`} className="flex items-start gap-1">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <bdi>
                    {t(`import.problem.${p.code}`, {
                      column: t(`import.column.${p.column}`),
                      value: p.value,
                    })}
                  </bdi>
                </li>
              ))}
            </ul>
          ),
      },
    ],
    [t],
  );

  const isReady =
    report !== null && report.total > 0 && report.valid === report.total && report.imported === 0;
  return (
    <ConsolePage title={t('import.title')} description={t('import.hint')} testId="console-reception-import">
      <ReceptionTabs meetingId={meetingId} />
      <Card className="mb-4 flex flex-wrap items-center gap-3 p-4">
        <label
          htmlFor={inputId}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-button bg-white px-5 text-[15px] font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
        >
          <FileSpreadsheet aria-hidden="true" className="size-5" />
          {t('import.pick')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          data-testid="reception-import-file"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            setFile(picked);
            if (picked) void check(picked);
          }}
        />
        {file ? <bdi className="min-w-0 truncate text-sm text-slate-600">{file.name}</bdi> : null}
        {phase === 'checking' ? <span className="text-sm text-slate-500">{t('import.checking')}</span> : null}
        {failure ? (
          <span role="alert" className="text-sm text-red-600">
            {failure}
          </span>
        ) : null}
      </Card>
      {report ? (
        <Card className="overflow-hidden" data-testid="reception-import-report">
          <div className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-medium text-slate-900" data-testid="reception-import-summary">
                {report.imported > 0
                  ? t('import.done', { count: report.imported })
                  : t('import.summary', { valid: report.valid, total: report.total })}
              </p>
              {report.valid < report.total ? (
                <p className="mt-1 text-sm text-slate-500">{t('import.fixFirst')}</p>
              ) : null}
              {report.unknown_columns.length > 0 ? (
                <p className="mt-1 text-sm text-amber-700">
                  {t('import.unknownColumns', { columns: report.unknown_columns.join(', ') })}
                </p>
              ) : null}
            </div>
            {isReady ? (
              <Button
                onClick={() => void commit()}
                disabled={phase !== 'idle'}
                data-testid="reception-import-commit"
              >
                <Upload aria-hidden="true" className="size-4" />
                {phase === 'importing' ? t('import.importing') : t('import.commit', { count: report.total })}
              </Button>
            ) : null}
          </div>
          <div className="desk:px-2">
            <DataTable
              columns={columns}
              rows={report.rows}
              rowKey={(row) => String(row.line)}
              caption={t('import.title')}
              testId="reception-import-table"
            />
          </div>
        </Card>
      ) : null}
    </ConsolePage>
  );
}

export { ImportRoute as Component };
