import type { ScheduleEntry } from '@app/contracts';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { counterpartOf, EntryTime, HighlightBadge, ModeBadge, OwnZoneLine } from './entry-parts.tsx';

type EntryCardProps = {
  entry: ScheduleEntry;
  meetingId: string;
  /** The viewer's (device's) zone, in which the time range is shown. */
  timeZone: string;
  highlight?: 'now' | 'next' | undefined;
};

/**
 * One accepted meeting of a schedule: its time in the viewer's zone (and its own when that differs),
 * who it is with, online or at which booth; it opens the appointment's details.
 */
export function EntryCard({ entry, meetingId, timeZone, highlight }: EntryCardProps) {
  const { t } = useTranslation('schedules');
  const language = useLanguage();
  const appointment = entry.appointment;
  const counterpart = appointment ? counterpartOf(appointment, language, t('entry.visitor')) : null;
  const content = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <EntryTime entry={entry} timeZone={timeZone} />
        {highlight ? <HighlightBadge kind={highlight} /> : null}
      </div>
      {counterpart ? (
        <div className="mt-2.5 flex items-center gap-3">
          {counterpart.isEnterprise ? (
            <Thumb src={counterpart.picture} name={counterpart.name} size={40} className="size-10" />
          ) : (
            <Avatar name={counterpart.name} photo={counterpart.picture} className="size-10 text-sm" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900 group-hover:text-primary">
              <bdi>{counterpart.name}</bdi>
            </p>
            {counterpart.detail ? (
              <p className="truncate text-[13px] text-slate-500">
                <bdi>{counterpart.detail}</bdi>
              </p>
            ) : null}
          </div>
          <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
        </div>
      ) : null}
      {appointment ? (
        <div className="mt-2.5">
          <ModeBadge appointment={appointment} />
        </div>
      ) : null}
      <OwnZoneLine entry={entry} />
    </>
  );
  const className = cx(
    'group block rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] transition',
    appointment && 'hover:shadow-md hover:ring-primary/25',
    highlight === 'now' && 'ring-2 ring-primary/60',
    highlight === 'next' && 'ring-primary/40',
  );
  if (!appointment) {
    return (
      <div className={className} data-testid="schedule-entry">
        {content}
      </div>
    );
  }
  return (
    <Link
      to={appointmentPaths.detail({ meetingId, appointmentId: appointment._id.$id })}
      className={className}
      data-testid="schedule-entry"
    >
      {content}
    </Link>
  );
}
