import { threadLimits } from '@app/contracts/wire/thread-limits.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { postReply } from '../api/threads.ts';

/**
 * The talk page's reply box: up to 500 characters (§5 answer limit); a refusal names its §5
 * category, the participant rule, a closed thread or 'Post failed' (§8). Visitors get a login button.
 */
export function ReplyBox({
  meetingId,
  threadId,
  onReplied,
}: {
  meetingId: string;
  threadId: string;
  onReplied: () => Promise<void>;
}) {
  const { t } = useTranslation(['threads', 'moderation']);
  const isLoggedIn = useIsLoggedIn(meetingId);
  const gate = useLoginGate(meetingId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const fieldId = useId();
  const countId = useId();

  if (!isLoggedIn) {
    return (
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => gate(() => undefined)}
        data-testid="reply-login"
      >
        {t('talk.loginToReply')}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (content.trim().length === 0) {
      setError(t('post.contentRequired'));
      return;
    }
    setBusy(true);
    try {
      const reply = await postReply(threadId, content.trim());
      showToast(reply.moderation_state === 'review' ? t('post.postedReview') : t('talk.sent'));
      setContent('');
      await onReplied();
    } catch (failure) {
      // Loaded on failure only: it reads the error-code table (and its schemas), which the first paint
      // of the page does not need (DESIGN §10 budget).
      setError(
        await import('./post-error.ts').then(
          (module) => module.postErrorMessage(failure, t),
          () => t('moderation:postFailed'),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2"
      data-testid="reply-box"
    >
      <div className="flex items-end justify-between">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          {t('talk.reply')}
        </label>
        <CharacterCount length={content.length} max={threadLimits.replyMax} id={countId} />
      </div>
      <textarea
        id={fieldId}
        value={content}
        maxLength={threadLimits.replyMax}
        rows={3}
        placeholder={t('talk.replyPlaceholder')}
        aria-describedby={countId}
        onChange={(event) => setContent(event.target.value)}
        data-testid="reply-content"
        className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
      />
      {error ? (
        <p
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          role="alert"
          data-testid="reply-error"
        >
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isBusy} data-testid="reply-submit">
          {isBusy ? t('talk.sending') : t('talk.send')}
        </Button>
      </div>
    </form>
  );
}
