import type { Language } from '@app/domain';
import { type ReactNode, useId } from 'react';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { languageName } from '../../../lib/i18n.ts';

/**
 * A language map from a wire LocalizedText (a plain string goes to the first language). Here rather
 * than in block-settings.tsx so the pages overview does not load the block editor's TipTap.
 */
export function textsOf(value: unknown, languages: readonly Language[]): Record<string, string> {
  if (typeof value === 'string') return value ? { [languages[0] ?? 'en']: value } : {};
  if (value && typeof value === 'object') return { ...(value as Record<string, string>) };
  return {};
}

/** The native inputs' look (selects, text areas) beside the design system's Field. */
export const inputClass =
  'w-full rounded-card bg-white px-3 py-2.5 text-[15px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary';

/** A label above any control; `children` receives the control's id. */
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
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-[13px] text-slate-500">{hint}</p> : null}
    </div>
  );
}

/** A checkbox with its label (0/1 flags of §3 link fields). */
export function FlagBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: 0 | 1) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 accent-[var(--app-primary)]"
        checked={value === 1}
        onChange={(event) => onChange(event.target.checked ? 1 : 0)}
      />
      {label}
    </label>
  );
}

/**
 * One input per enabled language of a language-map text (§3 titles): `label(languageName)` labels
 * each; `multiline` gives text areas (introductions).
 */
export function LocalizedInputs({
  languages,
  value,
  onChange,
  label,
  multiline = false,
  maxLength,
  hint,
  testId,
}: {
  languages: readonly Language[];
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
  label: (language: string) => string;
  multiline?: boolean;
  maxLength?: number;
  hint?: string;
  testId?: string;
}) {
  return (
    <div
      className={cx('grid gap-3', !multiline && languages.length > 1 && 'desk:grid-cols-2')}
      data-testid={testId}
    >
      {languages.map((language) =>
        multiline ? (
          <Labelled key={language} label={label(languageName(language))} hint={hint}>
            {(id) => (
              <textarea
                id={id}
                lang={language}
                dir="auto"
                rows={6}
                maxLength={maxLength}
                className={cx(inputClass, 'font-mono text-[14px]')}
                value={value[language] ?? ''}
                onChange={(event) => onChange({ ...value, [language]: event.target.value })}
                data-language={language}
              />
            )}
          </Labelled>
        ) : (
          <Field
            key={language}
            label={label(languageName(language))}
            lang={language}
            dir="auto"
            maxLength={maxLength}
            value={value[language] ?? ''}
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
            data-language={language}
          />
        ),
      )}
    </div>
  );
}
