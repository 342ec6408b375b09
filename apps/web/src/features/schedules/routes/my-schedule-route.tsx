import { CalendarCheck, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { appointmentPaths, appointmentRoutes } from '../../../lib/appointment-paths.ts';
import { deviceTimeZone } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { zoneLabel } from '../../../lib/time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSchedules } from '../api/list-schedules.ts';
import { EntryDays } from '../components/entry-days.tsx';
import { HistorySwitch } from '../components/history-switch.tsx';
import { entryHighlight } from '../components/schedule-model.ts';
import { ScheduleSkeleton } from '../components/schedule-skeleton.tsx';

/**
 * /meeting/my/schedule and /meeting/my/schedule/history (§2, §3 Schedule): the caller's
 * accepted meetings by day in the device's time zone, the current or next one highlighted; the history
 * address lists those that have ended, latest first.
 */
function MyScheduleRoute() {
  const { t, ready } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meetingId = useMeeting()._id.$id;
  const isHistory = useLocation().pathname === appointmentRoutes.myScheduleHistory;
  const timeZone = deviceTimeZone();
  const now = useNow(30_000);
  const entries = useSchedules({ meetingId, type: 'user', kind: 'appointment', isHistory });

  let body: ReactNode;
  if (!ready || entries.isPending) body = <ScheduleSkeleton />;
  else if (entries.isError) body = <ErrorState onRetry={() => void entries.refetch()} />;
  else if (entries.data.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarCheck aria-hidden="true" className="size-7" />}
        title={t(isHistory ? 'mine.emptyHistoryTitle' : 'mine.emptyTitle')}
        description={t(isHistory ? 'mine.emptyHistoryDescription' : 'mine.emptyDescription')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.exhibit.pavilion({ meetingId })}>{t('mine.findExhibitors')}</ButtonLink>
            <ButtonLink to={appointmentPaths.mine({ meetingId })} variant="secondary">
              {t('mine.myRequests')}
            </ButtonLink>
          </div>
        }
      />
    );
  } else {
    body = (
      <EntryDays
        entries={entries.data}
        meetingId={meetingId}
        timeZone={timeZone}
        now={now}
        highlight={isHistory ? null : entryHighlight(entries.data, Math.floor(now / 1000))}
      />
    );
  }

  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader
        title={tc(isHistory ? 'pages.scheduleHistory' : 'pages.mySchedule')}
        actions={
          ready ? (
            <ButtonLink to={appointmentPaths.mine({ meetingId })} variant="ghost" size="sm">
              {t('mine.myRequests')}
            </ButtonLink>
          ) : null
        }
      />
      {ready ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <HistorySwitch
            upcomingTo={appointmentPaths.schedule.mine({ meetingId })}
            historyTo={appointmentPaths.schedule.myHistory({ meetingId })}
            isHistory={isHistory}
          />
          <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="viewer-zone">
            <Globe aria-hidden="true" className="size-3.5 shrink-0" />
            {t('mine.zoneNote', { zone: zoneLabel(timeZone, now, language) })}
          </p>
        </div>
      ) : null}
      <section aria-live="polite" aria-busy={entries.isPending}>
        {body}
      </section>
    </div>
  );
}

export { MyScheduleRoute as Component };
