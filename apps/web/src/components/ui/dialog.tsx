import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isBusy?: boolean;
};

/**
 * A modal on the native <dialog> (focus trap, Escape and the top layer come from the browser), above
 * everything at the popup z-index of §9. Escape calls `onDismiss`; the caller closes it by `isOpen`.
 * The pieces below (ConfirmDialog, NoticeDialog) give it their buttons.
 */
export function ModalDialog({
  isOpen,
  onDismiss,
  title,
  body,
  isCentered = false,
  testId,
  children,
}: {
  isOpen: boolean;
  onDismiss: () => void;
  title: string;
  body?: ReactNode;
  isCentered?: boolean;
  testId?: string;
  /** The footer's buttons. */
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
  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className="z-[3000] m-auto w-[min(22rem,calc(100vw-2rem))] rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className={isCentered ? 'p-5 text-center' : 'p-5'}>
        <h2 id={titleId} className="text-[17px] font-semibold text-slate-900">
          {title}
        </h2>
        {body ? <div className="mt-2 text-[15px] text-slate-600">{body}</div> : null}
      </div>
      <div className="flex gap-3 border-t border-slate-100 p-4">{children}</div>
    </dialog>
  );
}

/** A modal confirmation: cancel and confirm buttons (confirm disabled while `isBusy`). */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isBusy,
}: ConfirmDialogProps) {
  return (
    <ModalDialog isOpen={isOpen} onDismiss={onCancel} title={title} body={body}>
      <Button variant="secondary" className="flex-1" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button className="flex-1" onClick={onConfirm} disabled={isBusy}>
        {confirmLabel}
      </Button>
    </ModalDialog>
  );
}
