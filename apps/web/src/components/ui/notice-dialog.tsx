import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './dialog.tsx';

type NoticeDialogProps = {
  isOpen: boolean;
  title: string;
  body?: ReactNode;
  /** The one button ('Got it'). */
  acknowledgeLabel: string;
  onClose: () => void;
};

/** An acknowledge-only modal (§8 'know' dialogs): a message and one button. */
export function NoticeDialog({ isOpen, title, body, acknowledgeLabel, onClose }: NoticeDialogProps) {
  return (
    <ModalDialog
      isOpen={isOpen}
      onDismiss={onClose}
      title={title}
      body={body}
      isCentered
      testId="notice-dialog"
    >
      <Button className="w-full" onClick={onClose}>
        {acknowledgeLabel}
      </Button>
    </ModalDialog>
  );
}
