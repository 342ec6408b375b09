import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button.tsx';

type NoticeDialogProps = {
  isOpen: boolean;
  title: string;
  body?: ReactNode;
  /** The one button ('Got it'). */
  acknowledgeLabel: string;
  onClose: () => void;
};

/**
 * An acknowledge-only modal (§8 'know' dialogs): a message and one button, on the native <dialog>
 * (focus trap, Escape, top layer) at the popup z-index of §9.
 */
export function NoticeDialog({ isOpen, title, body, acknowledgeLabel, onClose }: NoticeDialogProps) {
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
        onClose();
      }}
      aria-labelledby="notice-title"
      data-testid="notice-dialog"
      className="z-[3000] m-auto w-[min(22rem,calc(100vw-2rem))] rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5 text-center">
        <h2 id="notice-title" className="text-[17px] font-semibold text-slate-900">
          {title}
        </h2>
        {body ? <div className="mt-2 text-[15px] text-slate-600">{body}</div> : null}
      </div>
      <div className="border-t border-slate-100 p-4">
        <Button className="w-full" onClick={onClose}>
          {acknowledgeLabel}
        </Button>
      </div>
    </dialog>
  );
}
