import type { ScheduleEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { EntryCard } from './entry-card.tsx';
import { type EntryHighlight, groupByDay, noonOfDate, relativeDay } from './schedule-model.ts';

type EntryDaysProps = {
  entries: readonly ScheduleEntry[];
  meetingId: string;
  /** The viewer's (device's) zone: days and times are read in it. */
  timeZone: string;
  /** Epoch milliseconds, for 'Today' / 'Tomorrow'. */
  now: number;
  highlight?: EntryHighlight | null;
};

/** Meetings under one header per day of the viewer's calendar ('Today', 'Tue, 10 March'). */
export function EntryDays({ entries, meetingId, timeZone, now, highlight }: EntryDaysProps) {
  const { t } = useTranslation('schedules');
  const language = useLanguage();
  const groups = groupByDay(entries, timeZone);
  return (
    <ol className="space-y-6" data-testid="schedule-days">
      {groups.map((group) => {
        const relative = relativeDay(group.date, now, timeZone);
        const label = formatDate(noonOfDate(group.date), 'UTC', language, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        });
        return (
          <li key={group.date} aria-labelledby={`day-${group.date}`}>
            <h3
              id={`day-${group.date}`}
              className="mb-2 flex items-baseline gap-2 text-[15px] font-bold text-slate-900"
            >
              {relative ? <span className="text-primary">{t(`entry.${relative}`)}</span> : null}
              <span className={relative ? 'font-medium text-slate-500' : undefined}>{label}</span>
              <span className="ms-auto text-xs font-medium text-slate-400">
                {t('entry.count', { count: group.entries.length })}
              </span>
            </h3>
            <ul className="space-y-3">
              {group.entries.map((entry) => (
                <li key={entry._id.$id}>
                  <EntryCard
                    entry={entry}
                    meetingId={meetingId}
                    timeZone={timeZone}
                    highlight={highlight?.id === entry._id.$id ? highlight.kind : undefined}
                  />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
