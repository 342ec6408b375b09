import type { ConsoleActivity } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

const tone = {
  grey: 'bg-slate-100 text-slate-600',
  green: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  red: 'bg-red-50 text-red-700',
  blue: 'bg-sky-50 text-sky-700',
} as const;

const stateTone = {
  open: 'green',
  not_started: 'blue',
  closed: 'grey',
  full: 'red',
  disabled: 'grey',
} as const;

/** An activity's status as the list shows it: hidden (draft), private, and its registration state (§4). */
export function StatusBadges({ activity }: { activity: ConsoleActivity }) {
  const { t } = useTranslation('console-activities');
  const badges: { label: string; tone: keyof typeof tone }[] = [];
  if (activity.enable_show === 0) badges.push({ label: t('status.hidden'), tone: 'amber' });
  if (activity.privacy === 1) badges.push({ label: t('status.private'), tone: 'amber' });
  badges.push({
    label: t(`status.${activity.registration_state}` as 'status.open'),
    tone: stateTone[activity.registration_state],
  });
  return (
    <span className="flex flex-wrap gap-1.5">
      {badges.map((badge) => (
        <span
          key={badge.label}
          className={cx('rounded-full px-2 py-0.5 text-[12px] font-medium', tone[badge.tone])}
        >
          {badge.label}
        </span>
      ))}
    </span>
  );
}
