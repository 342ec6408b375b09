import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { type ToggleState, useOptimisticToggle } from '../../../components/ui/reaction-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { setDemandLike } from '../api/demands.ts';

/**
 * Like of a demand: flips at once, then shows the server's exact total; visitors are sent to log in.
 * Re-key it per demand (the initial state is read once).
 */
export function DemandLikeButton({
  meetingId,
  demandId,
  initial,
  onSaved,
}: {
  meetingId: string;
  demandId: string;
  initial: ToggleState;
  onSaved?: () => void;
}) {
  const { t } = useTranslation(['demands', 'moderation']);
  const gate = useLoginGate(meetingId);
  const [state, toggle, isBusy] = useOptimisticToggle(
    initial,
    async (next) => {
      const answer = await setDemandLike(demandId, next);
      onSaved?.();
      return { isActive: answer.is_liked === 1, count: answer.like_total };
    },
    () => showToast(t('moderation:postFailed')),
  );
  return (
    <button
      type="button"
      aria-pressed={state.isActive}
      onClick={() => gate(toggle)}
      disabled={isBusy}
      data-testid="demand-like"
      className={cx(
        'inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors disabled:opacity-60',
        state.isActive
          ? 'bg-primary/10 text-primary ring-1 ring-primary/30'
          : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
      )}
    >
      <Heart aria-hidden="true" className={cx('size-4', state.isActive && 'fill-current')} />
      <span>{state.isActive ? t('detail.liked') : t('detail.like')}</span>
      <span className="tabular-nums text-slate-500" data-testid="demand-like-count">
        {state.count}
      </span>
    </button>
  );
}
