import type { DemandState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

const tone: Record<DemandState, string> = {
  open: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  closed: 'bg-slate-100 text-slate-600 ring-slate-200',
  blocked: 'bg-red-50 text-red-700 ring-red-200',
  review: 'bg-amber-50 text-amber-800 ring-amber-200',
};

/** §4 state of a demand: open, closed, blocked — and 'under review', which only its poster sees. */
export function StateBadge({ state, className }: { state: DemandState; className?: string }) {
  const { t } = useTranslation('demands');
  return (
    <span
      className={cx('rounded-full px-2 py-0.5 text-xs font-medium ring-1', tone[state], className)}
      data-testid="demand-state"
    >
      {t(`states.${state}`)}
    </span>
  );
}
