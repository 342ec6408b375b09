import type { TicketStatus } from '@app/contracts';
import { type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { ApiError } from '../../../lib/api/client.ts';

/** A labelled native select (the console's filters and forms); logical spacing so Arabic mirrors. */
export function SelectField({
  label,
  options,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="h-11 min-w-0 rounded-card bg-white ps-3 pe-8 text-[15px] text-slate-900 ring-1 ring-slate-200 focus:outline-none focus:ring-2 focus:ring-primary"
        {...select}
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

const statusTones: Record<TicketStatus, string> = {
  0: 'bg-amber-50 text-amber-800 ring-amber-200',
  1: 'bg-primary/10 text-primary ring-primary/20',
  2: 'bg-red-50 text-red-700 ring-red-200',
  3: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

/** A registration's status (§3 Ticket: under review, registered, rejected, checked in) as a badge. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('console-registrations');
  const keys = { 0: 'status.0', 1: 'status.1', 2: 'status.2', 3: 'status.3' } as const;
  return (
    <span
      data-testid="registration-status"
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        statusTones[status],
      )}
    >
      {t(keys[status])}
    </span>
  );
}

/**
 * A wide modal on the native <dialog> (focus trap, Escape, top layer from the browser) for the
 * console's forms: up to 36rem, full width on a phone, scrolling inside when tall.
 */
export function WideDialog({
  isOpen,
  onDismiss,
  title,
  testId,
  children,
  footer,
}: {
  isOpen: boolean;
  onDismiss: () => void;
  title: string;
  testId?: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className="z-[3000] m-auto w-[min(36rem,calc(100vw-1.5rem))] rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="max-h-[70vh] overflow-y-auto p-5">
        <h2 id={titleId} className="mb-4 text-[17px] font-semibold text-slate-900">
          {title}
        </h2>
        {isOpen ? children : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 p-4">{footer}</div>
    </dialog>
  );
}

/** The catalogue key (namespace console-registrations) of a failed call's message. */
export function errorKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'errors.failed' as const;
  const code = String(error.code);
  if (code === 'conflict.stale') return 'errors.stale' as const;
  if (code === 'no_permission') return 'errors.noPermission' as const;
  if (code === 'conflict.already_used') return 'errors.seatTaken' as const;
  if (code === 'ticket.not_reviewable') return 'review.notReviewable' as const;
  if (['ticket.sold_out', 'signup.failed.max', 'source.invalid', '4340'].includes(code))
    return 'errors.full' as const;
  if (['phone.registered', 'email.registered', 'id_number.exists'].includes(code)) {
    return 'errors.contactTaken' as const;
  }
  if (error.status === 400) return 'errors.checkFields' as const;
  return 'errors.failed' as const;
}

/** Whether the selected meeting lets the caller do `action` (GET /console/me's actions). */
export function canDo(actions: readonly string[] | undefined, action: string): boolean {
  return actions?.includes(action) ?? false;
}
