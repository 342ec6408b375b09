import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';

/**
 * 'Upcoming' ↔ 'History' as a segmented control of two links (each view has its own address, so back
 * and shared links keep it).
 */
export function HistorySwitch({
  upcomingTo,
  historyTo,
  isHistory,
}: {
  upcomingTo: string;
  historyTo: string;
  isHistory: boolean;
}) {
  const { t } = useTranslation('schedules');
  const items = [
    { to: upcomingTo, label: t('tabs.upcoming'), isCurrent: !isHistory, testId: 'tab-upcoming' },
    { to: historyTo, label: t('tabs.history'), isCurrent: isHistory, testId: 'tab-history' },
  ];
  return (
    <nav aria-label={t('tabs.label')} className="inline-flex rounded-button bg-slate-200/70 p-1">
      {items.map((item) => (
        <Link
          key={item.testId}
          to={item.to}
          replace
          aria-current={item.isCurrent ? 'page' : undefined}
          data-testid={item.testId}
          className={cx(
            'min-w-24 rounded-[calc(var(--app-radius-button)-0.25rem)] px-4 py-1.5 text-center text-sm font-medium transition-colors',
            item.isCurrent ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
