import type { RegistrationOptions } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { importFile, registrationsKey } from '../api/console-registrations.ts';
import { errorKey, SelectField, WideDialog } from './parts.tsx';

type LineProblem = { line: number; message: string };
const maxBytes = 5 * 1024 * 1024;

/** The bad lines a refused import reports (`data.lines`), or null for another failure. */
function linesOf(error: unknown): LineProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const lines = error.data?.lines;
  return Array.isArray(lines) ? (lines as LineProblem[]) : null;
}

/**
 * Importing registrants from CSV or XLSX (§6 input_by_admin): the file is checked first (every line
 * with the registration rules; the bad lines are listed with their messages and nothing is saved),
 * then imported all at once.
 */
export function ImportDialog({
  meetingId,
  activities,
  isOpen,
  onClose,
}: {
  meetingId: string;
  activities: RegistrationOptions['activities'];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [activityId, setActivityId] = useState('');
  const [sourceId, setSourceId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [ready, setReady] = useState<number | null>(null);
  const [lines, setLines] = useState<LineProblem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const activity = activities.find((a) => a._id.$id === activityId);
  const reset = () => {
    setReady(null);
    setLines([]);
    setProblem(null);
  };
  const close = () => {
    setActivityId('');
    setSourceId('');
    setFile(null);
    reset();
    onClose();
  };
  const run = useMutation({
    mutationFn: (dryRun: boolean) =>
      importFile(meetingId, { activityId, sourceId, file: file as File }, dryRun),
    onSuccess: (result, dryRun) => {
      reset();
      if (dryRun) {
        setReady(result.rows);
        return;
      }
      showToast(t('import.done', { count: result.imported }));
      void queryClient.invalidateQueries({ queryKey: registrationsKey(meetingId) });
      close();
    },
    onError: (error) => {
      reset();
      const bad = linesOf(error);
      if (bad) setLines(bad);
      else setProblem(t(errorKey(error)));
    },
  });

  return (
    <WideDialog
      isOpen={isOpen}
      onDismiss={close}
      title={t('import.title')}
      testId="import-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('review.cancel')}
          </Button>
          {ready !== null ? (
            <Button onClick={() => run.mutate(false)} disabled={run.isPending} data-testid="import-submit">
              {t('import.submit', { count: ready })}
            </Button>
          ) : (
            <Button
              onClick={() => run.mutate(true)}
              disabled={!activity || !file || run.isPending}
              data-testid="import-check"
            >
              {t('import.check')}
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-3">
        <p className="text-[14px] text-slate-600">{t('import.description')}</p>
        <div className="grid gap-3 desk:grid-cols-2">
          <SelectField
            label={t('add.activity')}
            value={activityId}
            onChange={(event) => {
              setActivityId(event.target.value);
              setSourceId('');
              reset();
            }}
            options={[
              { value: '', label: t('add.chooseActivity') },
              ...activities.map((a) => ({ value: a._id.$id, label: localize(a.title, language) })),
            ]}
            data-testid="import-activity"
          />
          <SelectField
            label={t('add.source')}
            value={sourceId}
            onChange={(event) => setSourceId(event.target.value)}
            options={[
              { value: '', label: t('add.none') },
              ...(activity?.sources ?? []).map((s) => ({ value: s._id.$id, label: s.title })),
            ]}
          />
        </div>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          {t('import.file')}
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="text-[14px]"
            data-testid="import-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              reset();
              if (chosen && chosen.size > maxBytes) {
                setFile(null);
                setProblem(t('import.tooLarge'));
                return;
              }
              setFile(chosen);
            }}
          />
        </label>
        {ready !== null ? (
          <p
            className="rounded-card bg-emerald-50 p-3 text-[14px] text-emerald-800"
            data-testid="import-ready"
          >
            {t('import.valid', { count: ready })}
          </p>
        ) : null}
        {lines.length > 0 ? (
          <div role="alert" className="rounded-card bg-red-50 p-3" data-testid="import-errors">
            <p className="mb-2 text-[14px] font-semibold text-red-700">
              {t('import.errorsTitle', { count: lines.length })}
            </p>
            <ul className="max-h-60 space-y-1 overflow-y-auto text-[13px] text-red-700">
              {lines.map((line) => (
                <li key={`${line.line}-${line.message}`}>
                  <span className="font-medium">{t('import.line', { line: line.line })}</span>{' '}
                  <bdi>{line.message}</bdi>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-[14px] text-red-600">
            {problem}
          </p>
        ) : null}
      </div>
    </WideDialog>
  );
}
