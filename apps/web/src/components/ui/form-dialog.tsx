import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * A modal form of the console on the native <dialog> (focus trap, Escape, top layer from the browser):
 * a title, the fields, and cancel / submit buttons; wider than the confirmation dialog so a form of
 * several fields fits on a desktop, full width less a margin on a phone.
 */
export function FormDialog({
  isOpen,
  title,
  submitLabel,
  cancelLabel,
  isBusy,
  onSubmit,
  onCancel,
  testId,
  children,
}: {
  isOpen: boolean;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  isBusy?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className="z-[3000] m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form onSubmit={submit}>
        <h2 id={titleId} className="px-5 pt-5 text-[17px] font-semibold text-slate-900">
          {title}
        </h2>
        <div className="max-h-[65vh] space-y-4 overflow-y-auto p-5">{children}</div>
        <div className="flex gap-3 border-t border-slate-100 p-4">
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" className="flex-1" disabled={isBusy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** A labelled multi-line text input (a rejection reason). */
export function TextArea({
  label,
  value,
  onChange,
  maxLength,
  isRequired,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  isRequired?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        required={isRequired}
        rows={4}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
      />
    </div>
  );
}

/** A labelled select of this area's forms (exhibitor group, industry, category type). */
export function SelectField({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
