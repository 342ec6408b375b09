import { demandLimits } from '@app/contracts/wire/demand-limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { demandKeys, postDemandComment, useDemandAuthorization } from '../api/demands.ts';
import { AuthorizationNotice } from './authorization-notice.tsx';
import { demandErrorMessage } from './post-error.ts';

/**
 * The comment box of a demand (§2 /demand/comment/{type}; §6 commenting needs participant
 * registration, and reveals the commenter's contact to the poster — said under the box). Without
 * the right to comment it shows why (login, registration, ban).
 */
export function CommentForm({
  meetingId,
  demandId,
  onPosted,
}: {
  meetingId: string;
  demandId: string;
  onPosted?: () => void;
}) {
  const { t } = useTranslation(['demands', 'moderation']);
  const queryClient = useQueryClient();
  const authorization = useDemandAuthorization(meetingId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const fieldId = useId();
  const countId = useId();

  if (authorization.isPending) return null;
  if (authorization.data && authorization.data.is_authorization !== 1)
    return <AuthorizationNotice meetingId={meetingId} authorization={authorization.data} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (content.trim() === '') {
      setError(t('form.required'));
      return;
    }
    setBusy(true);
    try {
      const comment = await postDemandComment(demandId, content.trim());
      setContent('');
      showToast(comment.state === 'review' ? t('form.commentReview') : t('form.commentDone'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: demandKeys.comments(demandId) }),
        queryClient.invalidateQueries({ queryKey: demandKeys.one(demandId) }),
        queryClient.invalidateQueries({ queryKey: demandKeys.lists(meetingId) }),
      ]);
      onPosted?.();
    } catch (failure) {
      setError(demandErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]"
      data-testid="demand-comment-form"
    >
      <div className="flex items-end justify-between">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          {t('form.comment')}
        </label>
        <CharacterCount length={content.length} max={demandLimits.commentMax} id={countId} />
      </div>
      <textarea
        id={fieldId}
        value={content}
        rows={3}
        maxLength={demandLimits.commentMax}
        placeholder={t('detail.writeComment')}
        aria-describedby={countId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setContent(event.target.value)}
        className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
        data-testid="demand-comment-content"
      />
      <p className="text-xs text-slate-500">{t('form.commentHint')}</p>
      {error ? (
        <p
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          role="alert"
          data-testid="demand-comment-error"
        >
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isBusy} data-testid="demand-comment-submit">
          {t('form.commentSubmit')}
        </Button>
      </div>
    </form>
  );
}
