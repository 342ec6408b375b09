import type { Appointment } from '@app/contracts';
import { localize } from '@app/domain';
import { Globe, MapPin, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { deviceTimeZone, readsDifferentlyOnDevice } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange, intlLocale, zoneLabel } from '../../../lib/time.ts';
import { statusTone, zoneName } from './appointment-view.ts';

/** Small pieces shared by the appointment list, details and success pages. */

const tones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  grey: 'bg-slate-100 text-slate-600 ring-slate-500/15',
} as const;

const badge =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';

/** The status in words and colour: applying amber, accepted green, the others grey. */
export function StatusBadge({ appointment }: { appointment: Pick<Appointment, 'status' | 'state'> }) {
  const { t } = useTranslation('appointments');
  return (
    <span data-testid="appointment-status" className={cx(badge, tones[statusTone(appointment.status)])}>
      {t(`status.${appointment.state}`)}
    </span>
  );
}

/** Online or at the booth. */
export function ModeBadge({ mode }: { mode: Appointment['mode'] }) {
  const { t } = useTranslation('appointments');
  return (
    <span className={cx(badge, 'bg-primary/10 text-primary ring-primary/20')}>
      {mode === 'online' ? (
        <Globe aria-hidden="true" className="size-3" />
      ) : (
        <Store aria-hidden="true" className="size-3" />
      )}
      {t(`mode.${mode}`)}
    </span>
  );
}

/**
 * The date and time in the appointment's own zone (with the zone's name), and again on the device's
 * clock when that reads differently.
 */
export function AppointmentTimes({
  appointment,
  isCompact = false,
}: {
  appointment: Pick<Appointment, 'start' | 'end' | 'timezone'>;
  isCompact?: boolean;
}) {
  const { t } = useTranslation('appointments');
  const language = useLanguage();
  const { start, end, timezone } = appointment;
  const device = deviceTimeZone();
  const startMs = start * 1000;
  const endMs = end * 1000;
  const showsDevice = readsDifferentlyOnDevice(start, timezone, device);
  return (
    <div className="min-w-0">
      <p className={cx('font-semibold text-slate-900', isCompact ? 'text-[15px]' : 'text-[17px]')}>
        <span>{formatDate(startMs, timezone, language)}</span>
        <span className="mx-1.5 text-slate-300">·</span>
        <bdi dir="ltr">{formatTimeRange(startMs, endMs, timezone, language)}</bdi>
      </p>
      <p className="text-[13px] text-slate-500">{zoneLabel(timezone, startMs, language)}</p>
      {showsDevice ? (
        <p className="mt-0.5 text-[13px] text-slate-600" data-testid="appointment-device-time">
          {t('time.device', {
            zone: zoneName(device, start, intlLocale(language)),
            date: formatDate(startMs, device, language, { weekday: 'short', day: 'numeric', month: 'short' }),
            time: formatTimeRange(startMs, endMs, device, language),
          })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Who is on the other side: the enterprise (logo, name, booth) for the requester, the requester
 * (avatar, name, title and company) for the exhibitor.
 */
export function Counterpart({ appointment, size = 'md' }: { appointment: Appointment; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('appointments');
  const language = useLanguage();
  const box = size === 'lg' ? 'size-14 text-lg' : 'size-11 text-sm';
  if (appointment.role === 'exhibitor') {
    const person = appointment.requester;
    const work = [person.work.title, person.work.company].filter(Boolean).join(' · ');
    return (
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={person.username || t('detail.visitor')} photo={person.avatar} className={box} />
        <div className="min-w-0">
          <p className="truncate text-[15px] font-semibold text-slate-900">
            <bdi>{person.username || t('detail.visitor')}</bdi>
          </p>
          {work ? <p className="truncate text-[13px] text-slate-500">{work}</p> : null}
        </div>
      </div>
    );
  }
  const title = localize(appointment.enterprise.title, language);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumb
        src={appointment.enterprise.logo}
        name={title || '?'}
        size={size === 'lg' ? 56 : 44}
        className={box}
      />
      <div className="min-w-0">
        <p className="truncate text-[15px] font-semibold text-slate-900">
          <bdi>{title}</bdi>
        </p>
        {appointment.enterprise.booth ? (
          <p className="flex items-center gap-1 text-[13px] text-slate-500">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <bdi>{t('apply.booth', { booth: appointment.enterprise.booth })}</bdi>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Placeholder cards while a list loads. */
export function AppointmentListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-busy="true">
      {Array.from({ length: count }, (_, index) => `placeholder-${index}`).map((key) => (
        <li key={key} className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-full" />
        </li>
      ))}
    </ul>
  );
}
