import { cx } from './cx.ts';

/**
 * The language switch of a console editor whose texts are kept per enabled language (§3 language
 * map): one pill tab per language code, a dot on the languages already written (with `writtenLabel`
 * for screen readers). `labelOf` names a code; `testIdPrefix` + code is each tab's data-testid.
 */
export function LanguageTabs({
  languages,
  value,
  onChange,
  labelOf,
  isWritten,
  label,
  writtenLabel,
  testIdPrefix,
  className,
}: {
  languages: readonly string[];
  value: string;
  onChange: (code: string) => void;
  labelOf: (code: string) => string;
  isWritten: (code: string) => boolean;
  /** The tab list's accessible name. */
  label: string;
  writtenLabel: string;
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cx('scrollbar-none -mx-1 flex gap-1 overflow-x-auto px-1 pb-1', className)}
    >
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          role="tab"
          aria-selected={code === value}
          onClick={() => onChange(code)}
          data-testid={`${testIdPrefix}${code}`}
          className={cx(
            'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm whitespace-nowrap transition',
            code === value
              ? 'bg-primary text-on-primary shadow-sm'
              : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50',
          )}
        >
          {labelOf(code)}
          {isWritten(code) ? (
            <span
              className={cx('size-1.5 rounded-full', code === value ? 'bg-on-primary' : 'bg-emerald-500')}
            >
              <span className="sr-only">{writtenLabel}</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
