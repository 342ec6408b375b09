import type { MembershipLevel } from '@app/contracts';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

const levelClass: Record<MembershipLevel, string> = {
  primer: 'bg-sky-50 text-sky-800 ring-sky-200',
  senior: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  council: 'bg-amber-50 text-amber-800 ring-amber-200',
  senior_council: 'bg-violet-50 text-violet-800 ring-violet-200',
};

/** The membership level badge (§3 membership levels: primer, senior, council, senior_council). */
export function LevelBadge({ level, className }: { level: MembershipLevel | null; className?: string }) {
  const { t } = useTranslation('people');
  if (!level) return null;
  return (
    <span
      data-testid="level-badge"
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        levelClass[level],
        className,
      )}
    >
      <Award aria-hidden="true" className="size-3.5" />
      {t(`levels.${level}`)}
    </span>
  );
}

/** The organiser's special identity label (§6), e.g. 'Official'. */
export function IdentityBadge({ label }: { label: string }) {
  if (!label) return null;
  return (
    <bdi className="inline-flex items-center rounded-full bg-slate-900 px-2 py-0.5 text-xs font-medium text-white">
      {label}
    </bdi>
  );
}
