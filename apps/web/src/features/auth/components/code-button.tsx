import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import type { SentCode } from '../api/send-code.ts';

type CodeButtonProps = {
  /** Checks the address first; returns false (after showing why) to send nothing. */
  canSend: () => boolean | Promise<boolean>;
  send: () => Promise<SentCode>;
};

/**
 * 'Get code' with the resend countdown the server asks for (resend_after, or Retry-After on a 429
 * 'Do not operate frequently!'), ticking every second (§9 countdown 1000 ms).
 */
export function CodeButton({ canSend, send }: CodeButtonProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    setSending(true);
    try {
      if (!(await canSend())) return;
      const sent = await send();
      setSecondsLeft(sent.resend_after);
      showToast(t('code.sent'));
    } catch (error) {
      if (error instanceof ApiError && error.retryAfter) setSecondsLeft(Math.min(error.retryAfter, 3600));
      showToast(apiErrorMessage(error, tc));
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={isSending || secondsLeft > 0}
      className="shrink-0 whitespace-nowrap border-s border-slate-200 ps-3 text-[15px] font-medium text-primary disabled:text-slate-400"
    >
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.get')}
    </button>
  );
}
