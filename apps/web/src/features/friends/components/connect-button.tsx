import type { ConnectionState } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog, TextArea } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { applyFriendRequest, useFriendMutation } from '../api/friends.ts';
import { friendErrorMessage } from './friend-error.ts';

type ConnectButtonProps = {
  /** The person to connect with. */
  userId: string;
  /** Where the viewer stands with them (GET /meeting/users/:id `connection`). */
  state: ConnectionState;
  className?: string;
  /** Called with the new state after a successful apply / accept. */
  onChange?: (state: ConnectionState) => void;
};

/**
 * State-aware connect control (§4 Connection application): 'none' → "Connect" opens a dialog with an
 * optional message (≤ 200) and applies; 'submitted' → a disabled "Pending"; 'received' → "Accept"
 * (applying back accepts their application at once); 'connected' → a "Connected" mark; 'self' → nothing.
 */
export function ConnectButton({ userId, state, className, onChange }: ConnectButtonProps) {
  const { t } = useTranslation('friends');
  const [isOpen, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const apply = useFriendMutation((body: { user_id: string; message?: string }) => applyFriendRequest(body));
  const run = (body: { user_id: string; message?: string }) =>
    apply.mutate(body, {
      onSuccess: (result) => {
        setOpen(false);
        setMessage('');
        showToast(result.connected ? t('connect.connected') : t('connect.sent'));
        onChange?.(result.connected ? 'connected' : 'submitted');
      },
      onError: (error) => showToast(friendErrorMessage(error, t)),
    });
  if (state === 'self') return null;
  if (state === 'connected') {
    return (
      <span
        data-testid="connect-state"
        className={`inline-flex h-9 items-center gap-1.5 rounded-button bg-emerald-50 px-3.5 text-sm font-medium text-emerald-700 ${className ?? ''}`}
      >
        <span aria-hidden="true">✓</span>
        {t('connect.isConnected')}
      </span>
    );
  }
  if (state === 'submitted') {
    return (
      <Button size="sm" variant="secondary" disabled className={className} data-testid="connect-state">
        {t('connect.pending')}
      </Button>
    );
  }
  if (state === 'received') {
    return (
      <Button
        size="sm"
        className={className}
        disabled={apply.isPending}
        data-testid="connect-accept"
        onClick={() => run({ user_id: userId })}
      >
        {t('connect.accept')}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" className={className} data-testid="connect-open" onClick={() => setOpen(true)}>
        {t('connect.connect')}
      </Button>
      <FormDialog
        isOpen={isOpen}
        title={t('connect.title')}
        submitLabel={t('connect.send')}
        cancelLabel={t('connect.cancel')}
        isBusy={apply.isPending}
        testId="connect-dialog"
        onCancel={() => setOpen(false)}
        onSubmit={() => run({ user_id: userId, ...(message.trim() ? { message: message.trim() } : {}) })}
      >
        <TextArea
          label={t('connect.message')}
          value={message}
          onChange={setMessage}
          maxLength={200}
          testId="connect-message"
        />
      </FormDialog>
    </>
  );
}
