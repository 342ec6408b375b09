import type { LocalizedText } from '@app/contracts';
import type { Language } from '@app/domain';
import { Field } from '../../../components/ui/field.tsx';
import { languageName } from '../../../lib/i18n.ts';

/** A language map as the form edits it (a plain string counts as its English text, §3). */
export function asLanguageMap(value: LocalizedText | undefined): Record<string, string> {
  if (value === undefined) return {};
  return typeof value === 'string' ? (value === '' ? {} : { en: value }) : { ...value };
}

/**
 * One text per enabled language of a §3 language map (title, exhibitor wording): English first when
 * enabled, then the meeting's other languages; empty ones are left out of what is saved.
 */
export function LocalizedInput({
  label,
  languages,
  value,
  onChange,
  maxLength,
  error,
  testId,
}: {
  label: string;
  languages: readonly Language[];
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  maxLength: number;
  error?: string | undefined;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      {languages.map((language, index) => (
        <Field
          key={language}
          label={`${label} · ${languageName(language)}`}
          isLabelHidden
          start={
            <span className="w-14 shrink-0 text-xs font-medium uppercase text-slate-500">{language}</span>
          }
          value={value[language] ?? ''}
          maxLength={maxLength}
          lang={language}
          dir="auto"
          error={index === 0 ? error : undefined}
          onChange={(event) => onChange({ ...value, [language]: event.target.value })}
        />
      ))}
    </fieldset>
  );
}

/** A language map without empty texts (what is saved). */
export function compactMap(value: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter(([, text]) => text.trim() !== ''));
}
