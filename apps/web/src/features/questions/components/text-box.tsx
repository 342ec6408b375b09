import { useId } from 'react';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';

/**
 * A labelled multi-line field with its "n / max" counter (§5: answers at most 500 characters) and an
 * error line announced to screen readers.
 */
export function TextBox({
  label,
  value,
  onChange,
  max,
  placeholder,
  error,
  rows = 5,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  placeholder?: string | undefined;
  error?: string | undefined;
  rows?: number;
  testId: string;
}) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        dir="auto"
        maxLength={max}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${countId} ${errorId}` : countId}
        className={cx(
          'w-full rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 outline-none focus:ring-2 focus:ring-primary',
          error ? 'ring-red-400' : 'ring-slate-200',
        )}
        data-testid={testId}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : (
          <span />
        )}
        <CharacterCount length={value.length} max={max} id={countId} />
      </div>
    </div>
  );
}
