import type { ScheduleChangeList, ScheduleFileError, SchedulePreview } from '@app/contracts';
import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { importSchedule, previewSchedule } from '../api/programme.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string }
  | { kind: 'preview'; name: string; text: string; preview: SchedulePreview }
  | { kind: 'errors'; name: string; errors: ScheduleFileError[] }
  | { kind: 'applying'; name: string; text: string; preview: SchedulePreview };

const kinds = ['sessions', 'speakers', 'rooms', 'tracks'] as const;

/** The problems of a refused file, from the 400 invalid_schedule answer (`data.errors`). */
function fileErrors(error: unknown): ScheduleFileError[] | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_schedule') return null;
  const list = error.data?.errors;
  return Array.isArray(list)
    ? (list as ScheduleFileError[])
    : [{ line: 0, path: '', message: error.message }];
}

/**
 * Upload of a frab/pretalx schedule JSON (schedule interchange): the file is checked and the
 * server answers what the import would add, change and remove (nothing written); Apply imports it
 * with the same code as `npm run import`. A malformed file lists its problems by line.
 */
export function ScheduleUpload({ meetingId, onImported }: { meetingId: string; onImported: () => void }) {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const check = async (file: File) => {
    setStep({ kind: 'checking', name: file.name });
    const text = await file.text();
    try {
      const preview = await previewSchedule(meetingId, text);
      setStep({ kind: 'preview', name: file.name, text, preview });
    } catch (error) {
      const errors = fileErrors(error);
      if (errors) setStep({ kind: 'errors', name: file.name, errors });
      else {
        setStep({ kind: 'idle' });
        showToast(apiErrorMessage(error, tc));
      }
    }
  };

  const apply = async () => {
    if (step.kind !== 'preview') return;
    setStep({ ...step, kind: 'applying' });
    try {
      await importSchedule(meetingId, step.text);
      showToast(t('programme.imported'));
      setStep({ kind: 'idle' });
      onImported();
    } catch (error) {
      const errors = fileErrors(error);
      if (errors) setStep({ kind: 'errors', name: step.name, errors });
      else {
        setStep({ ...step, kind: 'preview' });
        showToast(apiErrorMessage(error, tc));
      }
    }
  };

  return (
    <section className="rounded-card bg-white p-4 ring-1 ring-slate-200" data-testid="schedule-upload">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-[16px] font-semibold text-slate-900">{t('programme.uploadTitle')}</h2>
          <p className="text-[13px] text-slate-500">{t('programme.uploadHint')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          disabled={step.kind === 'checking' || step.kind === 'applying'}
        >
          <FileUp aria-hidden="true" className="size-4" />
          {t('programme.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void check(file);
          }}
        />
      </div>
      {step.kind === 'checking' ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t('programme.checking', { name: step.name })}
        </p>
      ) : null}
      {step.kind === 'errors' ? (
        <div
          role="alert"
          className="mt-3 rounded-card bg-red-50 p-3 ring-1 ring-red-200"
          data-testid="schedule-errors"
        >
          <p className="text-sm font-medium text-red-800">
            {t('programme.fileErrors', { name: step.name, number: step.errors.length })}
          </p>
          <ul className="mt-2 max-h-60 list-disc overflow-auto ps-5 text-[13px] text-red-800">
            {step.errors.map((error) => (
              <li key={`${error.line}-${error.path}-${error.message}`} dir="auto">
                {error.line > 0 ? t('programme.errorLine', { line: error.line }) : null}{' '}
                <code className="break-all">{error.path}</code> {error.message}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-[13px] text-red-700">{t('programme.nothingChanged')}</p>
        </div>
      ) : null}
      {step.kind === 'preview' || step.kind === 'applying' ? (
        <div className="mt-4 flex flex-col gap-3" data-testid="schedule-preview">
          <p className="text-sm text-slate-700">{t('programme.previewIntro', { name: step.name })}</p>
          <div className="grid gap-3 desk:grid-cols-2">
            {kinds.map((kind) => (
              <ChangeSummary key={kind} label={t(`programme.kind.${kind}`)} changes={step.preview[kind]} />
            ))}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => setStep({ kind: 'idle' })}
              disabled={step.kind === 'applying'}
            >
              {t('actions.cancel')}
            </Button>
            <Button
              onClick={() => void apply()}
              disabled={step.kind === 'applying'}
              data-testid="schedule-apply"
            >
              {step.kind === 'applying' ? t('programme.applying') : t('programme.apply')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ChangeSummary({ label, changes }: { label: string; changes: ScheduleChangeList }) {
  const { t } = useTranslation('console-meetings');
  const groups = [
    { key: 'added', names: changes.added, className: 'text-emerald-700' },
    { key: 'changed', names: changes.changed, className: 'text-amber-700' },
    { key: 'removed', names: changes.removed, className: 'text-red-700' },
  ] as const;
  return (
    <div className="rounded-card p-3 ring-1 ring-slate-200">
      <p className="text-sm font-semibold text-slate-900">{label}</p>
      <p className="text-[13px] text-slate-600">
        {t('programme.counts', {
          added: changes.added.length,
          changed: changes.changed.length,
          removed: changes.removed.length,
          unchanged: changes.unchanged,
        })}
      </p>
      {groups.map((group) =>
        group.names.length > 0 ? (
          <details key={group.key} className="mt-1">
            <summary className={`cursor-pointer text-[13px] ${group.className}`}>
              {t(`programme.change.${group.key}`, { number: group.names.length })}
            </summary>
            <ul className="mt-1 max-h-40 list-disc overflow-auto ps-5 text-[13px] text-slate-700">
              {group.names.map((name, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list shown once and never reordered; names may repeat
                <li key={`${name}-${index}`} dir="auto">
                  {name || '—'}
                </li>
              ))}
            </ul>
          </details>
        ) : null,
      )}
    </div>
  );
}
