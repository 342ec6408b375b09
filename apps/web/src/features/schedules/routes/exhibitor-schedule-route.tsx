import { CalendarClock, CalendarPlus, Store, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader, SectionTitle } from '../../../components/ui/page-header.tsx';
import { appointmentPaths, appointmentRoutes } from '../../../lib/appointment-paths.ts';
import { deviceTimeZone } from '../../../lib/device-time.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useAppointmentAuthentication } from '../api/appointment-authentication.ts';
import { useSchedules } from '../api/list-schedules.ts';
import { EntryDays } from '../components/entry-days.tsx';
import { HistorySwitch } from '../components/history-switch.tsx';
import { PublishSlots } from '../components/publish-slots.tsx';
import { isForbidden } from '../components/schedule-errors.ts';
import { entryHighlight } from '../components/schedule-model.ts';
import { ScheduleSkeleton } from '../components/schedule-skeleton.tsx';
import { SlotDays } from '../components/slot-days.tsx';

/**
 * /meeting/exhibitor/schedule and /meeting/exhibitor/schedule/history (§2, §3 Schedule, §7 Enterprises
 * schedules): the bound exhibitor's accepted meetings and the bookable slots it publishes,
 * side by side from 1024 px. A caller with no exhibitor binding (403 no_permission) is offered the
 * bind page.
 */
function ExhibitorScheduleRoute() {
  const { t, ready } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const meetingId = useMeeting()._id.$id;
  const isHistory = useLocation().pathname === appointmentRoutes.exhibitorScheduleHistory;
  const timeZone = deviceTimeZone();
  const now = useNow(30_000);
  const [isPublishing, setPublishing] = useState(false);
  const authentication = useAppointmentAuthentication(meetingId);
  // Asked only once the caller is known to be an exhibitor: a visitor gets the bind offer without a 403
  // in the console (the 403 is still handled, e.g. after an unbind in another tab).
  const isExhibitor = authentication.data?.is_exhibitor === 1;
  const meetings = useSchedules(
    { meetingId, type: 'exhibitor', kind: 'appointment', isHistory },
    isExhibitor,
  );
  const slots = useSchedules({ meetingId, type: 'exhibitor', kind: 'slot', isHistory }, isExhibitor);
  const enterpriseId = authentication.data?.enterprise_id?.$id ?? null;

  const isNotExhibitor =
    authentication.data?.is_exhibitor === 0 || isForbidden(meetings.error) || isForbidden(slots.error);

  const header = (
    <PageHeader
      title={tc(isHistory ? 'pages.scheduleHistory' : 'pages.exhibitorSchedule')}
      actions={
        ready && !isNotExhibitor ? (
          <ButtonLink to={appointmentPaths.enterprise({ meetingId })} variant="ghost" size="sm">
            {t('exhibitor.requests')}
          </ButtonLink>
        ) : null
      }
    />
  );

  if (ready && isNotExhibitor) {
    return (
      <div className="mx-auto max-w-[1120px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
        {header}
        <EmptyState
          icon={<Store aria-hidden="true" className="size-7" />}
          title={t('exhibitor.notExhibitorTitle')}
          description={t('exhibitor.notExhibitorDescription')}
          action={<ButtonLink to={paths.exhibitor.bind({ meetingId })}>{t('exhibitor.bind')}</ButtonLink>}
        />
      </div>
    );
  }

  if (authentication.isError) {
    return (
      <div className="mx-auto max-w-[1120px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
        {header}
        <ErrorState onRetry={() => void authentication.refetch()} />
      </div>
    );
  }

  let meetingsBody: ReactNode;
  if (!ready || meetings.isPending) meetingsBody = <ScheduleSkeleton count={2} />;
  else if (meetings.isError) meetingsBody = <ErrorState onRetry={() => void meetings.refetch()} />;
  else if (meetings.data.length === 0) {
    meetingsBody = (
      <EmptyState
        className="rounded-card bg-white py-10 ring-1 ring-slate-900/[0.06]"
        icon={<Users aria-hidden="true" className="size-7" />}
        title={t(isHistory ? 'exhibitor.noMeetingsHistory' : 'exhibitor.noMeetings')}
      />
    );
  } else {
    meetingsBody = (
      <EntryDays
        entries={meetings.data}
        meetingId={meetingId}
        timeZone={timeZone}
        now={now}
        highlight={isHistory ? null : entryHighlight(meetings.data, Math.floor(now / 1000))}
      />
    );
  }

  const canPublish = !isHistory && enterpriseId !== null;
  let slotsBody: ReactNode;
  if (!ready || slots.isPending) slotsBody = <ScheduleSkeleton count={2} />;
  else if (slots.isError) slotsBody = <ErrorState onRetry={() => void slots.refetch()} />;
  else if (slots.data.length === 0) {
    slotsBody = isPublishing ? null : (
      <EmptyState
        className="rounded-card bg-white py-10 ring-1 ring-slate-900/[0.06]"
        icon={<CalendarClock aria-hidden="true" className="size-7" />}
        title={t(isHistory ? 'exhibitor.noSlotsHistory' : 'exhibitor.noSlots')}
        description={isHistory ? undefined : t('exhibitor.noSlotsDescription')}
        action={
          canPublish ? (
            <Button onClick={() => setPublishing(true)}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('publish.open')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    slotsBody = (
      <SlotDays
        slots={slots.data}
        meetingId={meetingId}
        enterpriseId={enterpriseId}
        timeZone={timeZone}
        now={now}
        isHistory={isHistory}
      />
    );
  }

  return (
    <div className="mx-auto max-w-[1120px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      {header}
      {ready ? (
        <HistorySwitch
          upcomingTo={appointmentPaths.schedule.exhibitor({ meetingId })}
          historyTo={appointmentPaths.schedule.exhibitorHistory({ meetingId })}
          isHistory={isHistory}
        />
      ) : null}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-6">
        <section
          aria-labelledby="exhibitor-meetings"
          aria-busy={meetings.isPending}
          data-testid="exhibitor-meetings"
        >
          <SectionTitle id="exhibitor-meetings">{ready ? t('exhibitor.meetings') : null}</SectionTitle>
          {meetingsBody}
        </section>
        <section aria-labelledby="exhibitor-slots" aria-busy={slots.isPending} data-testid="exhibitor-slots">
          <SectionTitle
            id="exhibitor-slots"
            action={
              canPublish && ready && !isPublishing ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setPublishing(true)}
                  data-testid="publish-open"
                >
                  <CalendarPlus aria-hidden="true" className="size-4" />
                  {t('publish.open')}
                </Button>
              ) : null
            }
          >
            {ready ? t('exhibitor.slots') : null}
          </SectionTitle>
          {ready && !isHistory ? (
            <p className="-mt-2 mb-3 text-[13px] text-slate-500">{t('exhibitor.slotsHint')}</p>
          ) : null}
          <div className="space-y-4">
            {isPublishing && enterpriseId ? (
              <PublishSlots
                enterpriseId={enterpriseId}
                meetingId={meetingId}
                onClose={() => setPublishing(false)}
              />
            ) : null}
            {slotsBody}
          </div>
        </section>
      </div>
    </div>
  );
}

export { ExhibitorScheduleRoute as Component };
