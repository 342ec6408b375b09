import type { Appointment } from '@app/contracts';
import { CalendarX2, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { deviceTimeZone } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';
import { useAppointment } from '../api/list-appointments.ts';
import { AppointmentActionBar } from '../components/appointment-action-bar.tsx';
import { Counterpart, StatusBadge } from '../components/appointment-parts.tsx';
import { AppointmentSummary, Row } from '../components/appointment-summary.tsx';
import { appointmentTimeline } from '../components/appointment-view.ts';

/**
 * /appointment?appointment_id&meeting_id (§2, login): one request in full — the other side (with
 * tel:/mailto: links once the server fills them: accepted, exhibitor's side), the time in its zone and
 * the device's, mode, place, matter, status with a small timeline and the reason, and the buttons
 * the server allows; after an action the lists and counts refresh.
 */
function AppointmentDetailRoute() {
  const { t, ready } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const meetingId = idOf(useMeeting());
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const appointmentId = idParam(search, 'appointment_id');
  const appointment = useAppointment(meetingId, appointmentId);

  // §2: an unknown request (or one the caller's side deleted, which hides it) is a 404.
  if (!appointmentId || appointment.data === null) return <Navigate to={paths.notFound()} replace />;
  let body: ReactNode;
  if (!ready || appointment.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-20 w-full rounded-card" />
        <Skeleton className="h-72 w-full rounded-card" />
      </div>
    );
  } else if (appointment.isError) {
    body = <ErrorState onRetry={() => void appointment.refetch()} />;
  } else if (!appointment.data) {
    body = (
      <EmptyState
        icon={<CalendarX2 aria-hidden="true" className="size-7" />}
        title={t('detail.notFoundTitle')}
        description={t('detail.notFoundDescription')}
        action={
          <ButtonLink to={appointmentPaths.mine({ meetingId })} variant="secondary">
            {t('detail.backToList')}
          </ButtonLink>
        }
      />
    );
  } else {
    const data = appointment.data;
    const listPath =
      data.role === 'exhibitor'
        ? appointmentPaths.enterprise({ meetingId })
        : appointmentPaths.mine({ meetingId });
    body = (
      <div className="space-y-4" data-testid="appointment-detail">
        <Card className="space-y-4 p-4">
          <p className="text-[13px] text-slate-500">
            {data.role === 'exhibitor' ? t('detail.from') : t('detail.to')}
          </p>
          <Counterpart appointment={data} size="lg" />
          <Contact appointment={data} />
        </Card>
        <Card className="p-4">
          <AppointmentSummary
            appointment={data}
            extra={
              <>
                <Row label={t('detail.status')}>
                  <div className="space-y-3">
                    <StatusBadge appointment={data} />
                    <Timeline appointment={data} />
                    {data.is_forced === 1 ? (
                      <p className="text-[13px] text-amber-700">{t('detail.forced')}</p>
                    ) : null}
                  </div>
                </Row>
                {data.reason ? (
                  <Row label={t('detail.reason')}>
                    <p className="text-[15px] whitespace-pre-line break-words text-slate-800">
                      {data.reason}
                    </p>
                  </Row>
                ) : null}
              </>
            }
          />
        </Card>
        <AppointmentActionBar
          appointment={data}
          className="justify-stretch [&>button]:h-11 [&>button]:flex-1"
          onDeleted={() => navigate(listPath, { replace: true })}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.appointment')} />
      {body}
    </div>
  );
}

/** Phone and e-mail of the other side, when the server filled them (accepted, exhibitor's side). */
function Contact({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const { phone, email } = appointment.requester;
  if (appointment.role !== 'exhibitor' || (!phone && !email)) return null;
  const row =
    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-[15px] text-slate-800 ring-1 ring-slate-200 transition-colors hover:bg-slate-50';
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid="appointment-contact">
      {phone ? (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={row}>
          <Phone aria-hidden="true" className="size-4 text-primary" />
          <span className="flex-1">{t('detail.call')}</span>
          <bdi dir="ltr" className="text-sm text-slate-500">
            {phone}
          </bdi>
        </a>
      ) : null}
      {email ? (
        <a href={`mailto:${email}`} className={row}>
          <Mail aria-hidden="true" className="size-4 text-primary" />
          <span className="flex-1">{t('detail.mail')}</span>
          <bdi dir="ltr" className="max-w-[60%] truncate text-sm text-slate-500">
            {email}
          </bdi>
        </a>
      ) : null}
    </div>
  );
}

/** Sent → (waiting) → the answer, with times on the device's clock. */
function Timeline({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const language = useLanguage();
  const zone = deviceTimeZone();
  const steps = appointmentTimeline(appointment);
  return (
    <ol aria-label={t('timeline.label')} className="space-y-0" data-testid="appointment-timeline">
      {steps.map((step, index) => {
        const isLast = index === steps.length - 1;
        return (
          <li key={step.key} className="relative flex gap-3 pb-3 last:pb-0">
            {!isLast ? (
              <span aria-hidden="true" className="absolute start-[5px] top-3.5 bottom-0 w-px bg-slate-200" />
            ) : null}
            <span
              aria-hidden="true"
              className={cx(
                'mt-1.5 size-[11px] shrink-0 rounded-full',
                step.isOpen ? 'bg-white ring-2 ring-amber-400' : isLast ? 'bg-primary' : 'bg-slate-300',
              )}
            />
            <div className="min-w-0">
              <p className={cx('text-[14px]', isLast ? 'font-medium text-slate-900' : 'text-slate-600')}>
                {t(`timeline.${step.key}`)}
              </p>
              {step.at ? (
                <p className="text-[12px] text-slate-500">
                  {formatDate(step.at * 1000, zone, language, { day: 'numeric', month: 'short' })}{' '}
                  <bdi dir="ltr">{formatTime(step.at * 1000, zone, language)}</bdi>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export { AppointmentDetailRoute as Component };
