import { Building2, CalendarCheck, TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { useAppointmentAuthentication } from '../api/authentication.ts';
import { useBookedEnterprise, useBookedExhibitor } from '../api/enterprise.ts';
import { BookingForm } from '../components/booking-form.tsx';

/**
 * /meeting/appointment/apply and /meeting/enterprise/appointment?enterprise_id&schedule_id (§2, §6,
 * login): asks GET /appointments/user/is_authentication first — a visitor without a registration is
 * pointed to the activities, the enterprise's own exhibitor gets a note — then shows the booking form.
 */
function AppointmentApplyRoute() {
  const { t, ready } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const enterpriseId = idParam(search, 'enterprise_id');
  const scheduleId = idParam(search, 'schedule_id');
  const authentication = useAppointmentAuthentication(meetingId);
  const enterprise = useBookedEnterprise(enterpriseId);
  const exhibitor = useBookedExhibitor(meetingId, enterpriseId);

  if (!enterpriseId || enterprise.data === null) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.data?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;

  let body: ReactNode;
  if (!ready || authentication.isPending || enterprise.isPending || exhibitor.isPending) {
    body = <BookingSkeleton />;
  } else if (authentication.isError) {
    body = <ErrorState onRetry={() => void authentication.refetch()} />;
  } else if (
    authentication.data.is_exhibitor === 1 &&
    authentication.data.enterprise_id?.$id === enterpriseId
  ) {
    body = (
      <EmptyState
        icon={<Building2 aria-hidden="true" className="size-7" />}
        title={t('apply.ownTitle')}
        description={t('apply.ownDescription')}
        action={
          <ButtonLink to={appointmentPaths.enterprise({ meetingId })} variant="secondary">
            {tc('pages.enterpriseAppointments')}
          </ButtonLink>
        }
      />
    );
  } else if (authentication.data.is_authentication !== 1) {
    body = (
      <EmptyState
        icon={<TicketIcon aria-hidden="true" className="size-7" />}
        title={t('apply.participantTitle')}
        description={t('apply.participantDescription')}
        action={
          <ButtonLink to={activityPaths.activity.list({ meetingId })} variant="primary">
            {t('apply.register')}
          </ButtonLink>
        }
      />
    );
  } else if (enterprise.isError || exhibitor.isError) {
    body = (
      <ErrorState
        onRetry={() => {
          void enterprise.refetch();
          void exhibitor.refetch();
        }}
      />
    );
  } else if (!enterprise.data || !exhibitor.data) {
    body = (
      <EmptyState
        icon={<CalendarCheck aria-hidden="true" className="size-7" />}
        title={t('apply.notExhibitingTitle')}
        action={
          <ButtonLink to={paths.exhibit.pavilion({ meetingId })} variant="secondary">
            {t('list.browse')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <BookingForm
        key={`${enterpriseId}-${scheduleId ?? ''}`}
        exhibitor={{
          ...exhibitor.data,
          enterprise: {
            ...exhibitor.data.enterprise,
            logo: enterprise.data.logo || exhibitor.data.enterprise.logo,
          },
        }}
        meetingId={meetingId}
        scheduleId={scheduleId}
      />
    );
  }

  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.appointmentApply')} />
      {body}
    </div>
  );
}

function BookingSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-[88px] w-full rounded-card" />
      <Skeleton className="h-20 w-full rounded-card" />
      <Skeleton className="h-56 w-full rounded-card" />
      <Skeleton className="h-40 w-full rounded-card" />
    </div>
  );
}

export { AppointmentApplyRoute as Component };
