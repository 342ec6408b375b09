import { threadLimits } from '@app/contracts/wire/thread-limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { postThread, threadKeys } from '../api/threads.ts';
import { PicturePicker } from './picture-picker.tsx';

/**
 * The list's post box (§2 /meeting/thread/list): title and message, checked here as the server
 * checks them (title ≥ 2, message required, limits from wire/thread-limits.ts); a refusal names its §5
 * category, the participant rule or 'Post failed' (§8). Visitors get a login button instead.
 */
export function PostBox({ meetingId, onPosted }: { meetingId: string; onPosted: () => void }) {
  const { t } = useTranslation(['threads', 'moderation']);
  const isLoggedIn = useIsLoggedIn(meetingId);
  const gate = useLoginGate(meetingId);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [isShowingChecks, setShowingChecks] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [images, setImages] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);
  const contentId = useId();
  const countId = useId();

  if (!isLoggedIn) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
        <p className="text-sm text-slate-600">{t('post.heading')}</p>
        <Button size="sm" onClick={() => gate(() => undefined)} data-testid="thread-login">
          {t('post.loginToPost')}
        </Button>
      </div>
    );
  }

  const titleError =
    title.trim().length < threadLimits.titleMin
      ? t('post.titleTooShort', { min: threadLimits.titleMin })
      : undefined;
  const contentError = content.trim().length === 0 ? t('post.contentRequired') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowingChecks(true);
    setError(undefined);
    if (titleError || contentError) return;
    setBusy(true);
    try {
      const thread = await postThread({ meetingId, title: title.trim(), content: content.trim(), images });
      showToast(thread.moderation_state === 'review' ? t('post.postedReview') : t('post.posted'));
      setTitle('');
      setContent('');
      setImages([]);
      setShowingChecks(false);
      await queryClient.invalidateQueries({ queryKey: threadKeys.lists(meetingId) });
      onPosted();
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
      className="flex flex-col gap-3 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]"
      data-testid="thread-post-box"
      aria-label={t('post.heading')}
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <PenLine aria-hidden="true" className="size-4 text-primary" />
        {t('post.heading')}
      </h2>
      <Field
        label={t('post.title')}
        value={title}
        maxLength={threadLimits.titleMax}
        placeholder={t('post.titlePlaceholder')}
        onChange={(event) => setTitle(event.target.value)}
        error={isShowingChecks ? titleError : undefined}
        data-testid="thread-title"
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-end justify-between">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-700">
            {t('post.content')}
          </label>
          <CharacterCount length={content.length} max={threadLimits.contentMax} id={countId} />
        </div>
        <textarea
          id={contentId}
          value={content}
          maxLength={threadLimits.contentMax}
          rows={4}
          placeholder={t('post.contentPlaceholder')}
          aria-describedby={countId}
          aria-invalid={isShowingChecks && contentError ? true : undefined}
          onChange={(event) => setContent(event.target.value)}
          data-testid="thread-content"
          className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
        />
        {isShowingChecks && contentError ? (
          <p className="text-sm text-red-600" role="alert">
            {contentError}
          </p>
        ) : null}
      </div>
      <PicturePicker urls={images} onChange={setImages} onBusyChange={setUploading} />
      {error ? (
        <p
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          role="alert"
          data-testid="thread-post-error"
        >
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isBusy || isUploading} data-testid="thread-submit">
          {isBusy ? t('post.posting') : t('post.submit')}
        </Button>
      </div>
    </form>
  );
}
