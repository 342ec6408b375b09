import { Heart, ThumbsUp } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { cx } from './cx.ts';

type ReactionButtonProps = {
  isActive: boolean;
  count: number;
  icon: ReactNode;
  label: string;
  activeLabel: string;
  onToggle: () => void;
  disabled?: boolean;
  testId?: string;
};

/** A toggle with an icon, a label and a count (collect, like): pressed state announced. */
export function ReactionButton({
  isActive,
  count,
  icon,
  label,
  activeLabel,
  onToggle,
  disabled,
  testId,
}: ReactionButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      onClick={onToggle}
      disabled={disabled}
      data-testid={testId}
      className={cx(
        'inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors disabled:opacity-60',
        isActive
          ? 'bg-primary/10 text-primary ring-1 ring-primary/30'
          : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
      )}
    >
      {icon}
      <span>{isActive ? activeLabel : label}</span>
      <span className="tabular-nums text-slate-500">{count}</span>
    </button>
  );
}

/** A toggle's state: on or off, and how many have it on. */
export type ToggleState = { isActive: boolean; count: number };

/**
 * Optimistic toggle: flips at once (count ±1), then takes the server's answer (the exact total); on
 * failure goes back to what it was and calls `onError`. Taps while a change is on its way are ignored.
 * Re-key the component for another item: the initial state is read once.
 */
export function useOptimisticToggle(
  initial: ToggleState,
  send: (next: boolean) => Promise<ToggleState>,
  onError: (error: unknown) => void,
): [ToggleState, () => void, boolean] {
  const [state, setState] = useState(initial);
  const [isBusy, setBusy] = useState(false);
  const busy = useRef(false);
  const toggle = () => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    const previous = state;
    const next = !previous.isActive;
    setState({ isActive: next, count: Math.max(0, previous.count + (next ? 1 : -1)) });
    send(next)
      .then(setState, (error: unknown) => {
        setState(previous);
        onError(error);
      })
      .finally(() => {
        busy.current = false;
        setBusy(false);
      });
  };
  return [state, toggle, isBusy];
}

type ReactionSide = {
  state: ToggleState;
  onToggle: () => void;
  label: string;
  activeLabel: string;
  testId: string;
};

/** Collect (heart) and like (thumb) side by side, as enterprises and products show them. */
export function CollectLikePair({ collect, like }: { collect: ReactionSide; like: ReactionSide }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ReactionButton
        isActive={collect.state.isActive}
        count={collect.state.count}
        icon={
          <Heart aria-hidden="true" className={collect.state.isActive ? 'size-4 fill-current' : 'size-4'} />
        }
        label={collect.label}
        activeLabel={collect.activeLabel}
        onToggle={collect.onToggle}
        testId={collect.testId}
      />
      <ReactionButton
        isActive={like.state.isActive}
        count={like.state.count}
        icon={
          <ThumbsUp aria-hidden="true" className={like.state.isActive ? 'size-4 fill-current' : 'size-4'} />
        }
        label={like.label}
        activeLabel={like.activeLabel}
        onToggle={like.onToggle}
        testId={like.testId}
      />
    </div>
  );
}
