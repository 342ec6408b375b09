import type { LocalizedText } from '@app/contracts';
import { allLanguages, type Language } from '@app/domain';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName } from '../../../lib/i18n.ts';

/**
 * Small building blocks of the activity editor's tabs (DESIGN §7): a section card, labelled inputs,
 * a switch row, a language-map text input, money in cents, and the message of a refused save.
 */

export const inputClass =
  'h-11 w-full min-w-0 rounded-card bg-white px-3 text-[15px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary';

/** A titled card around one part of a tab. */
export function Section({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 desk:p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-[16px] font-semibold text-slate-900">{title}</h2>
          {description ? <p className="mt-0.5 text-[13px] text-slate-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </Card>
  );
}

/** A label above any control. */
export function Labelled({
  label,
  hint,
  children,
  className,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-[12px] text-slate-500">{hint}</p> : null}
    </div>
  );
}

/** A whole-number input (a limit, a weight); empty reads as `emptyValue`. */
export function NumberInput({
  label,
  hint,
  value,
  onChange,
  min = 0,
  testId,
}: {
  label: string;
  hint?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  testId?: string;
}) {
  return (
    <Labelled label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          dir="ltr"
          data-testid={testId}
          className={inputClass}
          value={value ?? ''}
          onChange={(event) => {
            const text = event.target.value;
            onChange(text === '' ? null : Math.max(min, Math.trunc(Number(text))));
          }}
        />
      )}
    </Labelled>
  );
}

/** A 0/1 flag as a switch row with its explanation. */
export function FlagSwitch({
  label,
  hint,
  value,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  value: 0 | 1;
  onChange: (value: 0 | 1) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3 py-2">
      <label htmlFor={id} className="min-w-0">
        <span className="block text-[14px] font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-[12px] text-slate-500">{hint}</span> : null}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={value === 1}
        data-testid={testId}
        checked={value === 1}
        onChange={(event) => onChange(event.target.checked ? 1 : 0)}
        className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
      />
    </div>
  );
}

/** A LocalizedText as a map (a plain string reads as English). */
export function asMap(value: LocalizedText | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  return typeof value === 'string' ? { en: value } : { ...value };
}

/** A map back to the wire: empty languages dropped; a single English value stays a map. */
export function fromMap(map: Record<string, string>): LocalizedText {
  const kept = Object.fromEntries(Object.entries(map).filter(([, text]) => text.trim() !== ''));
  return Object.keys(kept).length === 0 ? '' : kept;
}

/**
 * A text in several languages (§3 titles are language maps): one input per language, a language
 * picker to add one, a remove button per language (the first stays).
 */
export function LocalizedInput({
  label,
  value,
  onChange,
  isMultiline,
  maxLength,
  testId,
}: {
  label: string;
  value: LocalizedText | undefined;
  onChange: (value: Record<string, string>) => void;
  isMultiline?: boolean;
  maxLength?: number;
  testId?: string;
}) {
  const { t } = useTranslation('console-activities');
  const map = asMap(value);
  const entries = Object.entries(map).length > 0 ? Object.entries(map) : [['en', ''] as [string, string]];
  const missing = allLanguages.filter((language) => !(language in map));
  const groupId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-labelledby={groupId}>
      <legend id={groupId} className="text-sm font-medium text-slate-700">
        {label}
      </legend>
      {entries.map(([language, text], index) => (
        <div key={language} className="flex items-start gap-2">
          <span className="mt-3 w-10 shrink-0 text-[12px] font-semibold uppercase text-slate-500" dir="ltr">
            {language}
          </span>
          {isMultiline ? (
            <textarea
              aria-label={`${label} (${languageName(language as Language)})`}
              className={cx(inputClass, 'h-24 py-2')}
              value={text}
              maxLength={maxLength}
              data-testid={index === 0 ? testId : undefined}
              onChange={(event) =>
                onChange({ ...Object.fromEntries(entries), [language]: event.target.value })
              }
            />
          ) : (
            <input
              aria-label={`${label} (${languageName(language as Language)})`}
              className={inputClass}
              value={text}
              maxLength={maxLength}
              data-testid={index === 0 ? testId : undefined}
              onChange={(event) =>
                onChange({ ...Object.fromEntries(entries), [language]: event.target.value })
              }
            />
          )}
          {index > 0 ? (
            <button
              type="button"
              aria-label={t('actions.removeLanguage', { language: languageName(language as Language) })}
              className="mt-1 flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
              onClick={() => {
                const next = { ...map };
                delete next[language];
                onChange(next);
              }}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      ))}
      {missing.length > 0 ? (
        <label className="flex items-center gap-2 self-start text-[13px] text-primary">
          <Plus aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('actions.addLanguage')}</span>
          <select
            className="bg-transparent text-[13px] text-primary outline-none"
            value=""
            onChange={(event) => {
              if (event.target.value) onChange({ ...Object.fromEntries(entries), [event.target.value]: '' });
            }}
          >
            <option value="">{t('actions.addLanguage')}</option>
            {missing.map((language) => (
              <option key={language} value={language}>
                {languageName(language)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </fieldset>
  );
}

/** `¥12.00` from cents (§9: money is integer cents, formatted only at the edge). */
export function formatCents(cents: number): string {
  return `¥${(cents / 100).toFixed(2)}`;
}

/** Cents from a typed amount in yuan (`12.5` → 1250); null when it is not a number ≥ 0. */
export function centsOf(text: string): number | null {
  if (!/^\d+(\.\d{0,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/** Catalogue keys of the refusals the editor explains itself. */
const refusalKeys: Record<string, string> = {
  'conflict.stale': 'errors.stale',
  'price.total_below_sold': 'errors.totalBelowSold',
  'source.max_below_signups': 'errors.maxBelowSignups',
  'activity.max_below_registered': 'errors.maxBelowRegistered',
  validation_failed: 'errors.validation',
  not_found: 'errors.notFound',
};

/** The message of a refused save in the current language (409 'changed by someone else, reload' …). */
export function useSaveError(): (error: unknown) => string {
  const { t } = useTranslation('console-activities');
  const { t: tc } = useTranslation('common');
  return (error) => {
    const key = error instanceof ApiError ? refusalKeys[String(error.code)] : undefined;
    return key ? t(key as 'errors.stale') : apiErrorMessage(error, tc);
  };
}

/** Whether a refusal is the 409 of a stale edit (the screen then offers to reload). */
export const isStale = (error: unknown) => error instanceof ApiError && error.code === 'conflict.stale';
