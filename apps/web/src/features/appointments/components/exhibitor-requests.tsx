import { CalendarClock, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { useAppointmentAuthentication } from '../api/authentication.ts';
import { usePendingAppointmentCount } from '../api/count-appointments.ts';

/**
 * Where a bound exhibitor finds the meeting requests waiting for an answer (§4 pending, §6: only a
 * bound exhibitor handles them): a row of the personal centre (`menu`) or a card on the home
 * (`card`), each with the pending count from GET /appointments/count?type=enterprise&pending=1 as a
 * badge, opening the enterprise's requests on the Pending tab. Nothing for anyone else.
 */
export function ExhibitorRequests({ meetingId, variant }: { meetingId: string; variant: 'menu' | 'card' }) {
  const { t, ready } = useTranslation(['appointments', 'common']);
  const authentication = useAppointmentAuthentication(meetingId);
  const isExhibitor = authentication.data?.is_exhibitor === 1;
  const pending = usePendingAppointmentCount(meetingId, 'enterprise', isExhibitor);
  if (!ready || !isExhibitor) return null;

  const count = pending.data ?? 0;
  const to = appointmentPaths.enterprise({ meetingId, status: count > 0 ? '0' : undefined });
  const badge =
    count > 0 ? (
      <span
        className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1.5 text-[12px] leading-none font-semibold text-white tabular-nums"
        data-testid="exhibitor-requests-badge"
      >
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="sr-only">{t('appointments:inbox.badge', { count })}</span>
      </span>
    ) : null;
  const status = count > 0 ? t('appointments:inbox.waiting', { count }) : t('appointments:inbox.noneWaiting');

  if (variant === 'menu') {
    return (
      <Link
        to={to}
        className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
        data-testid="exhibitor-requests"
      >
        <span className="text-slate-500">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <span className="flex-1 text-[15px] text-slate-900">{t('common:pages.enterpriseAppointments')}</span>
        {badge}
        <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
      </Link>
    );
  }
  return (
    <Link
      to={to}
      className={cx(
        'flex items-center gap-3 rounded-card bg-white p-4 ring-1 transition hover:shadow-md',
        count > 0 ? 'ring-primary/30' : 'ring-slate-900/[0.06]',
      )}
      data-testid="exhibitor-requests"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <CalendarClock aria-hidden="true" className="size-[22px]" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] font-semibold text-slate-900">
          {t('common:pages.enterpriseAppointments')}
        </span>
        <span className="block truncate text-[13px] text-slate-500">{status}</span>
      </span>
      {badge}
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
