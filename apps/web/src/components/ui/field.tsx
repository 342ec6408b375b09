import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './cx.ts';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the input in red and announced; also marks the input invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Content before the input inside its box (an area-code picker). */
  start?: ReactNode;
  /** Content after the input inside its box (a send-code button). */
  end?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  isLabelHidden?: boolean;
};

/** A labelled text input with optional leading/trailing content, hint and error (forms of §5). */
export function Field({
  label,
  error,
  hint,
  start,
  end,
  isLabelHidden,
  className,
  id,
  ...input
}: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={inputId}
        className={cx('text-sm font-medium text-slate-700', isLabelHidden && 'sr-only')}
      >
        {label}
      </label>
      <div
        className={cx(
          'flex h-12 items-center gap-2 rounded-card bg-white px-3 ring-1 transition-shadow focus-within:ring-2',
          error ? 'ring-red-400 focus-within:ring-red-500' : 'ring-slate-200 focus-within:ring-primary',
        )}
      >
        {start}
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className="h-full min-w-0 flex-1 bg-transparent text-[16px] text-slate-900 outline-none placeholder:text-slate-400"
          {...input}
        />
        {end}
      </div>
      {error ? (
        <p id={messageId} role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-[13px] text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
