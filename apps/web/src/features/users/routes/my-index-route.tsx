import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Briefcase,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  ClipboardList,
  Heart,
  LogOut,
  Mail,
  Phone,
  TicketIcon,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { currentUserQueryOptions } from '../../../lib/api/current-user.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/update-profile.ts';
import { MenuRow, maskPhone } from '../components/menu-row.tsx';

/**
 * /my/index (§2 Personal): the personal centre — who you are, your contact details with links to
 * change them, your tickets, registrations, collection (§2 /my/collection), meeting requests and
 * schedule, and logout (§4 Session: clears token and user, back to login with a redirect).
 * `requestRows`: rows other features add above the caller's own requests (the app passes the bound
 * exhibitor's pending requests; features never import each other).
 */
export function MyIndex({ requestRows }: { requestRows?: (meetingId: string) => ReactNode }) {
  const { t, ready } = useTranslation(['users', 'common']);
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useQuery(currentUserQueryOptions(meetingId));
  const [isConfirming, setConfirming] = useState(false);
  const [isLeaving, setLeaving] = useState(false);

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // The session is forgotten here whatever the server said (it may already be gone).
    }
    clearSession();
    queryClient.removeQueries({ queryKey: ['users'] });
    navigate(paths.login({ meetingId, redirect: paths.my.index({ meetingId }) }), { replace: true });
  };

  if (!ready || isPending) {
    return (
      <div className="space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="h-28 w-full rounded-card" />
        <Skeleton className="h-48 w-full rounded-card" />
      </div>
    );
  }
  if (isError || !user) return <ErrorState onRetry={() => void refetch()} />;

  const work = [user.work.title, user.work.company].filter(Boolean).join(' · ');
  return (
    <div className="mx-auto max-w-[720px] space-y-4 p-4 desk:py-8">
      <section className="flex items-center gap-4 rounded-card bg-white p-5 shadow-sm ring-1 ring-slate-100">
        <Avatar name={user.username || '?'} photo={user.avatar} className="size-16 text-xl" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-[20px] font-semibold text-slate-900">
            {user.username || t('users:noName')}
          </h1>
          <p className="mt-0.5 truncate text-[14px] text-slate-500">{work || t('users:noWork')}</p>
        </div>
        <Link to={paths.my.profile({ meetingId })} className="shrink-0 text-[14px] font-medium text-primary">
          {t('users:edit')}
        </Link>
      </section>

      <section className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-100">
        <MenuRow
          to={paths.my.profile({ meetingId })}
          icon={<UserRound aria-hidden="true" className="size-5" />}
          label={t('users:menu.profile')}
        />
        <MenuRow
          to={paths.my.profile({ meetingId })}
          icon={<Briefcase aria-hidden="true" className="size-5" />}
          label={t('users:menu.work')}
          value={work}
        />
        <MenuRow
          to={
            user.phone
              ? paths.account.phone({ meetingId })
              : paths.bind({ meetingId, redirect: paths.my.index({ meetingId }) })
          }
          icon={<Phone aria-hidden="true" className="size-5" />}
          label={user.phone ? t('users:menu.phone') : t('users:menu.bindPhone')}
          value={maskPhone(user.area_code, user.phone)}
        />
        <MenuRow
          to={paths.account.email({ meetingId })}
          icon={<Mail aria-hidden="true" className="size-5" />}
          label={t('users:menu.email')}
          value={user.contact.email}
        />
      </section>

      <section className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-100">
        <MenuRow
          to={activityPaths.myTickets({ meetingId })}
          icon={<TicketIcon aria-hidden="true" className="size-5" />}
          label={tc('pages.myTickets')}
        />
        <MenuRow
          to={activityPaths.registration.list({ meetingId })}
          icon={<ClipboardList aria-hidden="true" className="size-5" />}
          label={tc('pages.myRegistration')}
        />
        <MenuRow
          to={activityPaths.myEvent({ meetingId })}
          icon={<CalendarDays aria-hidden="true" className="size-5" />}
          label={tc('pages.myEvent')}
        />
        <MenuRow
          to={paths.collection({ meetingId })}
          icon={<Heart aria-hidden="true" className="size-5" />}
          label={t('users:menu.collection')}
        />
      </section>

      <section className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-100">
        {requestRows?.(meetingId)}
        <MenuRow
          to={appointmentPaths.mine({ meetingId })}
          icon={<CalendarClock aria-hidden="true" className="size-5" />}
          label={tc('pages.userAppointments')}
        />
        <MenuRow
          to={appointmentPaths.schedule.overview({ meetingId })}
          icon={<CalendarRange aria-hidden="true" className="size-5" />}
          label={tc('pages.mySchedule')}
        />
      </section>

      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="flex h-12 w-full items-center justify-center gap-2 rounded-card bg-white text-[15px] font-medium text-red-600 shadow-sm ring-1 ring-slate-100 hover:bg-red-50"
      >
        <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('users:logout.action')}
      </button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('users:logout.confirmTitle')}
        body={t('users:logout.confirmBody')}
        confirmLabel={t('users:logout.action')}
        cancelLabel={tc('actions.cancel')}
        onConfirm={() => void onLogout()}
        onCancel={() => setConfirming(false)}
        isBusy={isLeaving}
      />
    </div>
  );
}
