import { type ReactNode, useEffect, useRef } from 'react';
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
 * A modal confirmation on the native <dialog> (focus trap, Escape and the top layer come from the
 * browser); above everything at the popup z-index of §9.
 */
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
  const ref = useRef<HTMLDialogElement>(null);
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
        onCancel();
      }}
      aria-labelledby="confirm-title"
      className="z-[3000] m-auto w-[min(22rem,calc(100vw-2rem))] rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id="confirm-title" className="text-[17px] font-semibold text-slate-900">
          {title}
        </h2>
        {body ? <div className="mt-2 text-[15px] text-slate-600">{body}</div> : null}
      </div>
      <div className="flex gap-3 border-t border-slate-100 p-4">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button className="flex-1" onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
