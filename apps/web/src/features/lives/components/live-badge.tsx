import type { LiveStateName } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

const tones: Record<LiveStateName, string> = {
  streaming: 'bg-red-500 text-white',
  coming_soon: 'bg-primary text-on-primary',
  paused: 'bg-amber-500 text-white',
  replay: 'bg-slate-900/75 text-white',
  ended: 'bg-slate-900/60 text-white',
};

/** The §4 state of a live as a small badge (Live pulses). */
export function LiveBadge({ state, className }: { state: LiveStateName; className?: string }) {
  const { t } = useTranslation('lives');
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-semibold text-[11px] leading-4',
        tones[state],
        className,
      )}
      data-testid="live-badge"
    >
      {state === 'streaming' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
      ) : null}
      {t(`state.${state}`)}
    </span>
  );
}
