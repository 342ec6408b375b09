import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { type ToggleState, useOptimisticToggle } from '../../../components/ui/reaction-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { setThreadLike } from '../api/threads.ts';

/**
 * Like of a thread or a reply: flips at once, then shows the server's exact total; visitors are
 * sent to log in first. Re-key it per item (the initial state is read once).
 */
export function LikeButton({
  meetingId,
  target,
  targetId,
  initial,
  onSaved,
  size = 'md',
}: {
  meetingId: string;
  target: 'thread' | 'reply';
  targetId: string;
  initial: ToggleState;
  onSaved?: () => void;
  size?: 'md' | 'sm';
}) {
  const { t } = useTranslation('threads');
  const gate = useLoginGate(meetingId);
  const [state, toggle, isBusy] = useOptimisticToggle(
    initial,
    async (next) => {
      const answer = await setThreadLike(target, targetId, next);
      onSaved?.();
      return { isActive: answer.is_liked === 1, count: answer.like_total };
    },
    () => showToast(t('talk.likeFailed')),
  );
  return (
    <button
      type="button"
      aria-pressed={state.isActive}
      onClick={() => gate(toggle)}
      disabled={isBusy}
      data-testid={`${target}-like`}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full font-medium transition-colors disabled:opacity-60',
        size === 'md' ? 'h-10 px-4 text-sm' : 'h-8 px-3 text-xs',
        state.isActive
          ? 'bg-primary/10 text-primary ring-1 ring-primary/30'
          : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
      )}
    >
      <Heart
        aria-hidden="true"
        className={cx(size === 'md' ? 'size-4' : 'size-3.5', state.isActive && 'fill-current')}
      />
      <span>{state.isActive ? t('talk.liked') : t('talk.like')}</span>
      <span className="tabular-nums text-slate-500" data-testid={`${target}-like-count`}>
        {state.count}
      </span>
    </button>
  );
}
