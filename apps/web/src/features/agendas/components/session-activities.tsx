import type { AgendaActivity } from '@app/contracts';
import { localize, toMilliseconds } from '@app/domain';
import { CalendarDays, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatDateRange, formatTimeRange } from '../../../lib/time.ts';

/**
 * When an activity runs, in the meeting's zone: `Thu, 1 Mar · 09:00 – 10:00` on one day, else its
 * date range.
 */
function useActivityWhen(timeZone: string) {
  const language = useLanguage();
  return (activity: AgendaActivity) => {
    const start = toMilliseconds(activity.start);
    const end = toMilliseconds(activity.end);
    const day = (ms: number) =>
      formatDate(ms, timeZone, language, { weekday: 'short', day: 'numeric', month: 'short' });
    if (end <= start || day(start) === day(end)) {
      return `${day(start)} · ${formatTimeRange(start, Math.max(start, end), timeZone, language)}`;
    }
    return formatDateRange(start, end, timeZone, language);
  };
}

/**
 * The registration activities placed on a session (§3 Agenda: activities with enable_show 1), as
 * cards opening each activity's page — drawn here from the agenda's own data, since features do not
 * import each other (DESIGN §4.7).
 */
export function SessionActivities({
  activities,
  meetingId,
  timeZone,
}: {
  activities: AgendaActivity[];
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation('agendas');
  const language = useLanguage();
  const whenOf = useActivityWhen(timeZone);
  if (activities.length === 0) return null;
  return (
    <section aria-labelledby="session-activities">
      <SectionTitle id="session-activities">{t('session.activities')}</SectionTitle>
      <ul className="space-y-2">
        {activities.map((activity) => {
          const title = localize(activity.title, language);
          return (
            <li key={activity._id.$id}>
              <Link
                to={activityPaths.activity.detail({ meetingId, activityId: activity._id.$id })}
                data-testid="session-activity"
                className="group flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
              >
                <Thumb src={activity.cover || null} name={title} fit="cover" size={56} className="size-14" />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 font-semibold text-slate-900 group-hover:text-primary">
                    <bdi>{title}</bdi>
                  </span>
                  <span className="mt-0.5 flex items-start gap-1.5 text-[13px] text-slate-500">
                    <CalendarDays aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                    <span className="min-w-0">{whenOf(activity)}</span>
                  </span>
                  <span className="mt-1 inline-block text-[13px] font-medium text-primary">
                    {t('session.openActivity')}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
