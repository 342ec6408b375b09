import type { ImportUnionCodesResult, UnionCodeRowProblem } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, TextArea } from '../../../components/ui/form-dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImportCodes } from '../api/console-credits-api.ts';

type Source = 'lines' | 'file';

/** A file's bytes as base64 (without the data: prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Imports a partner's union codes for an activity: pasted one a line, or a CSV / XLSX file (first
 * column, a 'code' header row skipped), with the partner's name. "Check" runs a dry run; "Import"
 * stores the good rows; both show the per-row report (empty, too long, duplicate in the file, already
 * there).
 */
export function ImportDialog({
  meetingId,
  activityId,
  onClose,
}: {
  meetingId: string;
  activityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-credits');
  const { t: tc } = useTranslation('common');
  const fileId = useId();
  const [source, setSource] = useState<Source>('lines');
  const [partner, setPartner] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ result: ImportUnionCodesResult; isDry: boolean } | null>(null);
  const run = useImportCodes(meetingId, activityId);

  const send = async (isDry: boolean) => {
    if (source === 'lines' && text.trim() === '') {
      showToast(t('import.nothing'));
      return;
    }
    if (source === 'file' && !file) {
      showToast(t('import.noFile'));
      return;
    }
    const body =
      source === 'lines'
        ? { format: 'lines' as const, text }
        : {
            format: (file?.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv') as 'xlsx' | 'csv',
            file: await base64Of(file as File),
          };
    run.mutate(
      { partner, ...body, dry_run: isDry ? 1 : 0 },
      {
        onSuccess: (result) => {
          setReport({ result, isDry });
          if (!isDry) showToast(t('import.done', { number: result.imported }));
        },
        onError: (error) => showToast(apiErrorMessage(error, tc)),
      },
    );
  };
  const problemLabel: Record<UnionCodeRowProblem, string> = {
    empty: t('problems.empty'),
    too_long: t('problems.too_long'),
    duplicate_in_file: t('problems.duplicate_in_file'),
    exists: t('problems.exists'),
  };

  return (
    <FormDialog
      isOpen
      title={t('import.title')}
      submitLabel={t('import.submit')}
      cancelLabel={report && !report.isDry ? t('import.close') : tc('actions.cancel')}
      isBusy={run.isPending}
      onSubmit={() => void send(false)}
      onCancel={onClose}
      testId="console-unioncodes-import"
    >
      <Field
        label={t('import.partner')}
        hint={t('import.partnerHint')}
        value={partner}
        maxLength={100}
        onChange={(event) => setPartner(event.target.value)}
        name="partner"
      />
      <Tabs
        label={t('import.source')}
        items={[
          { value: 'lines', label: t('import.paste') },
          { value: 'file', label: t('import.file') },
        ]}
        value={source}
        onChange={(value) => setSource(value as Source)}
      />
      {source === 'lines' ? (
        <TextArea
          label={t('import.codes')}
          value={text}
          onChange={setText}
          maxLength={2_000_000}
          testId="console-unioncodes-text"
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
            {t('import.fileLabel')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="text-sm text-slate-700 file:me-3 file:rounded-button file:border-0 file:bg-slate-100 file:px-3 file:py-2"
            data-testid="console-unioncodes-file"
          />
          <p className="text-[13px] text-slate-500">{t('import.fileHint')}</p>
        </div>
      )}
      <Button variant="secondary" size="sm" onClick={() => void send(true)} disabled={run.isPending}>
        {t('import.check')}
      </Button>
      {report ? (
        <div
          className="rounded-xl bg-slate-50 p-3 text-sm"
          data-testid="console-unioncodes-report"
          aria-live="polite"
        >
          <p className="font-medium text-slate-900">
            {report.isDry
              ? t('import.reportDry', { rows: report.result.rows, accepted: report.result.accepted })
              : t('import.report', { rows: report.result.rows, imported: report.result.imported })}
          </p>
          {report.result.problem_total > 0 ? (
            <>
              <p className="mt-1 text-slate-600">
                {t('import.skipped', { total: report.result.problem_total })}
              </p>
              <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
                {report.result.problems.map((problem) => (
                  <li key={`${problem.line}-${problem.problem}`} className="flex gap-2 text-[13px]">
                    <span className="shrink-0 text-slate-500">
                      {t('import.line', { line: problem.line })}
                    </span>
                    {problem.code ? <bdi className="min-w-0 truncate font-mono">{problem.code}</bdi> : null}
                    <span className="ms-auto shrink-0 text-amber-700">{problemLabel[problem.problem]}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </FormDialog>
  );
}
