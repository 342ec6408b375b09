import type { NewsStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

const tones: Record<NewsStatus, string> = {
  draft: 'bg-slate-100 text-slate-600',
  scheduled: 'bg-amber-50 text-amber-700 ring-1 ring-amber-200',
  published: 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
};

/** A news item's state as a coloured label: draft (grey), scheduled (amber), published (green). */
export function StatusBadge({ status }: { status: NewsStatus }) {
  const { t } = useTranslation('console-news');
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[status],
      )}
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}
