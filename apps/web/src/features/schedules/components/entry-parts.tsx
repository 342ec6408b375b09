import type { Appointment, AppointmentPerson, ScheduleEntry } from '@app/contracts';
import { localize } from '@app/domain';
import { Globe, MapPin, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { deviceTimeZone, readsDifferentlyOnDevice } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange, zoneLabel } from '../../../lib/time.ts';
import { noonOfDate } from './schedule-model.ts';

/** An entry's start–end in the viewer's zone, e.g. `09:00 – 09:30`. */
export function EntryTime({ entry, timeZone }: { entry: ScheduleEntry; timeZone: string }) {
  const language = useLanguage();
  return (
    <time
      dateTime={new Date(entry.start * 1000).toISOString()}
      className="text-[15px] font-semibold text-slate-900 tabular-nums"
    >
      {formatTimeRange(entry.start * 1000, entry.end * 1000, timeZone, language)}
    </time>
  );
}

/**
 * The entry's own wall time and zone, muted, when that zone's clock differs from the viewer's at that
 * moment (an appointment booked for Shanghai seen from Berlin); zones on the same clock add nothing. `date`/`start_time`/`end_time` are
 * already wall-clock values in `entry.timezone`.
 */
export function OwnZoneLine({ entry }: { entry: ScheduleEntry }) {
  const { t } = useTranslation('schedules');
  const language = useLanguage();
  if (!readsDifferentlyOnDevice(entry.start, entry.timezone, deviceTimeZone())) return null;
  const date = formatDate(noonOfDate(entry.date), 'UTC', language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return (
    <p className="mt-1 flex items-start gap-1.5 text-xs text-slate-500" data-testid="own-zone">
      <Globe aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {t('entry.ownZone', {
          date,
          time: `${entry.start_time} – ${entry.end_time}`,
          zone: zoneLabel(entry.timezone, entry.start * 1000, language),
        })}
      </span>
    </p>
  );
}

/** Online, or at the booth (with its number when known). */
export function ModeBadge({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('schedules');
  const booth = appointment.booth || appointment.enterprise.booth;
  const isOnline = appointment.mode === 'online';
  const Icon = isOnline ? Video : MapPin;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
      data-testid="mode-badge"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {isOnline ? t('entry.online') : booth ? t('entry.atBoothNamed', { booth }) : t('entry.atBooth')}
    </span>
  );
}

/**
 * What to call a requester: their name, else their company, phone or e-mail (shared once accepted),
 * else `fallback` ('A visitor') — an account made by a phone-code login may have no name yet.
 */
export function personName(person: AppointmentPerson, fallback: string): string {
  return person.username || person.work.company || person.phone || person.email || fallback;
}

/** The other side of a meeting: the enterprise for its requester, the requester for the exhibitor. */
export function counterpartOf(
  appointment: Appointment,
  language: ReturnType<typeof useLanguage>,
  visitorLabel: string,
): { name: string; detail: string; picture: string; isEnterprise: boolean } {
  if (appointment.role === 'requester') {
    return {
      name: localize(appointment.enterprise.title, language),
      detail: '',
      picture: appointment.enterprise.logo,
      isEnterprise: true,
    };
  }
  const { requester } = appointment;
  return {
    name: personName(requester, visitorLabel),
    detail: [requester.work.title, requester.username ? requester.work.company : '']
      .filter(Boolean)
      .join(' · '),
    picture: requester.avatar,
    isEnterprise: false,
  };
}

/** 'Now' (filled) or 'Next' (tinted). */
export function HighlightBadge({ kind }: { kind: 'now' | 'next' }) {
  const { t } = useTranslation('schedules');
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-semibold',
        kind === 'now' ? 'bg-primary text-on-primary' : 'bg-primary/10 text-primary',
      )}
      data-testid={`highlight-${kind}`}
    >
      {kind === 'now' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
      ) : null}
      {t(kind === 'now' ? 'entry.now' : 'entry.next')}
    </span>
  );
}
