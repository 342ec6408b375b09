import type { Appointment } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentTimes, ModeBadge } from './appointment-parts.tsx';

/** Rows of label and value: when, how, where, matter (success and details pages). */
export function AppointmentSummary({ appointment, extra }: { appointment: Appointment; extra?: ReactNode }) {
  const { t } = useTranslation('appointments');
  return (
    <dl className="divide-y divide-slate-100" data-testid="appointment-summary">
      <Row label={t('detail.when')}>
        <AppointmentTimes appointment={appointment} />
      </Row>
      <Row label={t('detail.how')}>
        <ModeBadge mode={appointment.mode} />
      </Row>
      {appointment.booth ? (
        <Row label={t('detail.where')}>
          <bdi className="text-[15px] text-slate-800">{appointment.booth}</bdi>
        </Row>
      ) : null}
      <Row label={t('detail.matter')}>
        <p className="text-[15px] whitespace-pre-line break-words text-slate-800">{appointment.matter}</p>
      </Row>
      {extra}
    </dl>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-[13px] text-slate-500">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
