import { CalendarDays, ChevronRight, Inbox, Send, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader, SectionLink, SectionTitle } from '../../../components/ui/page-header.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { deviceTimeZone } from '../../../lib/device-time.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useAppointmentAuthentication } from '../api/appointment-authentication.ts';
import { useSchedules } from '../api/list-schedules.ts';
import { CalendarCard } from '../components/calendar-card.tsx';
import { EntryDays } from '../components/entry-days.tsx';
import { entryHighlight } from '../components/schedule-model.ts';
import { ScheduleSkeleton } from '../components/schedule-skeleton.tsx';
import { Timeline } from '../components/timeline.tsx';

/** How many upcoming meetings the overview shows. */
const upcomingCount = 3;

/**
 * /my/schedules (§2 Personal): my timeline (bookmarked sessions, accepted appointments and registered
 * activities with clashes marked), the next few meetings, the way to my requests (and, for an
 * exhibitor, the enterprise's schedule and requests), and the calendar subscription.
 */
function MySchedulesRoute() {
  const { t, ready } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const meetingId = useMeeting()._id.$id;
  const timeZone = deviceTimeZone();
  const now = useNow(30_000);
  const authentication = useAppointmentAuthentication(meetingId);
  const upcoming = useSchedules({
    meetingId,
    type: 'user',
    kind: 'appointment',
    isHistory: false,
    limit: upcomingCount,
  });

  let upcomingBody: ReactNode;
  if (!ready || upcoming.isPending) upcomingBody = <ScheduleSkeleton count={2} />;
  else if (upcoming.isError) upcomingBody = <ErrorState onRetry={() => void upcoming.refetch()} />;
  else if (upcoming.data.length === 0) {
    upcomingBody = (
      <EmptyState
        className="rounded-card bg-white py-8 ring-1 ring-slate-900/[0.06]"
        icon={<CalendarDays aria-hidden="true" className="size-7" />}
        title={t('overview.empty')}
        description={t('mine.emptyDescription')}
      />
    );
  } else {
    upcomingBody = (
      <EntryDays
        entries={upcoming.data}
        meetingId={meetingId}
        timeZone={timeZone}
        now={now}
        highlight={entryHighlight(upcoming.data, Math.floor(now / 1000))}
      />
    );
  }

  const links = [
    {
      to: appointmentPaths.mine({ meetingId }),
      icon: Send,
      title: t('overview.myRequests'),
      hint: t('overview.myRequestsHint'),
      testId: 'link-my-requests',
    },
    ...(authentication.data?.is_exhibitor === 1
      ? [
          {
            to: appointmentPaths.schedule.exhibitor({ meetingId }),
            icon: Store,
            title: t('overview.exhibitorSchedule'),
            hint: t('overview.exhibitorScheduleHint'),
            testId: 'link-exhibitor-schedule',
          },
          {
            to: appointmentPaths.enterprise({ meetingId }),
            icon: Inbox,
            title: t('overview.enterpriseRequests'),
            hint: t('overview.enterpriseRequestsHint'),
            testId: 'link-enterprise-requests',
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-[1120px] space-y-6 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.mySchedules')} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-6">
        <div className="space-y-8">
          <section aria-labelledby="overview-timeline">
            <SectionTitle id="overview-timeline">{ready ? t('timeline.title') : null}</SectionTitle>
            {ready ? <Timeline meetingId={meetingId} timeZone={timeZone} /> : <ScheduleSkeleton count={2} />}
          </section>
          <section aria-labelledby="overview-upcoming" aria-busy={upcoming.isPending}>
            <SectionTitle
              id="overview-upcoming"
              action={
                ready ? (
                  <div className="flex items-center gap-4">
                    <Link
                      to={appointmentPaths.schedule.myHistory({ meetingId })}
                      className="text-sm font-medium text-slate-500 hover:text-primary"
                    >
                      {t('overview.history')}
                    </Link>
                    <SectionLink to={appointmentPaths.schedule.mine({ meetingId })}>
                      {t('overview.seeAll')}
                    </SectionLink>
                  </div>
                ) : null
              }
            >
              {ready ? t('overview.upcoming') : null}
            </SectionTitle>
            {upcomingBody}
          </section>
        </div>
        <div className="space-y-6">
          {ready ? (
            <nav aria-label={tc('pages.mySchedules')}>
              <Card className="divide-y divide-slate-100 overflow-hidden">
                {links.map((link) => (
                  <Link
                    key={link.testId}
                    to={link.to}
                    className="flex items-center gap-3 p-4 hover:bg-slate-50"
                    data-testid={link.testId}
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <link.icon aria-hidden="true" className="size-4.5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{link.title}</span>
                      <span className="block truncate text-[13px] text-slate-500">{link.hint}</span>
                    </span>
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100"
                    />
                  </Link>
                ))}
              </Card>
            </nav>
          ) : null}
          {ready ? <CalendarCard /> : null}
        </div>
      </div>
    </div>
  );
}

export { MySchedulesRoute as Component };
