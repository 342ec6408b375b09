import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { useAppointment } from '../api/list-appointments.ts';
import { Counterpart } from '../components/appointment-parts.tsx';
import { AppointmentSummary } from '../components/appointment-summary.tsx';

/**
 * /meeting/appointment/success?appointment_id (§2, login): the request just sent — who, when (in its
 * zone and the device's), how, where, what — and that the exhibitor confirms it; links to my
 * requests, back to the exhibitor and my schedule.
 */
function AppointmentSuccessRoute() {
  const { t, ready } = useTranslation('appointments');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const appointmentId = idParam(search, 'appointment_id');
  const appointment = useAppointment(meetingId, appointmentId);

  if (!appointmentId) return <Navigate to={paths.notFound()} replace />;
  if (!ready || appointment.isPending) {
    return (
      <div className="mx-auto max-w-[560px] space-y-4 px-4 pt-10" aria-busy="true">
        <Skeleton className="mx-auto size-16 rounded-full" />
        <Skeleton className="mx-auto h-7 w-48" />
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    );
  }
  if (appointment.isError) return <ErrorState onRetry={() => void appointment.refetch()} />;
  if (!appointment.data) return <Navigate to={paths.notFound()} replace />;
  const data = appointment.data;

  return (
    <div className="mx-auto max-w-[560px] space-y-5 px-4 pt-8 pb-10" data-testid="appointment-success">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 aria-hidden="true" className="size-9" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('success.title')}</h1>
        <p className="mt-2 max-w-sm text-[15px] text-slate-600">{t('success.description')}</p>
      </div>
      <Card className="space-y-4 p-4">
        <Counterpart appointment={data} size="lg" />
        <AppointmentSummary appointment={data} />
      </Card>
      <div className="flex flex-col gap-3">
        <ButtonLink to={appointmentPaths.mine({ meetingId })} className="w-full" replace>
          {t('success.mine')}
        </ButtonLink>
        <div className="grid grid-cols-2 gap-3">
          <ButtonLink
            to={paths.enterprise({ meetingId, enterpriseId: data.enterprise_id.$id })}
            variant="secondary"
            className="w-full"
          >
            {t('success.backToExhibitor')}
          </ButtonLink>
          <ButtonLink
            to={appointmentPaths.schedule.overview({ meetingId })}
            variant="secondary"
            className="w-full"
          >
            {t('success.schedule')}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

export { AppointmentSuccessRoute as Component };
