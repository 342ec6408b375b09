import type { TimelineItem } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck, Handshake, MapPin, Star, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { timelineQueryOptions } from '../../../lib/api/bookmarks.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { ScheduleSkeleton } from './schedule-skeleton.tsx';

const kindIcon = { bookmark: Star, appointment: Handshake, activity: Ticket } as const;

/** Items grouped by their day in `timeZone`, in order. */
function byDay(items: TimelineItem[], timeZone: string): { day: string; items: TimelineItem[] }[] {
  const groups: { day: string; items: TimelineItem[] }[] = [];
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const item of items) {
    const day = dayOf.format(item.start * 1000);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/**
 * The personal timeline of /my/schedules (§2): bookmarked sessions, accepted appointments and
 * registered activities by day, times in the device's zone; an item that overlaps others is marked
 * (amber edge and "Clashes with …" naming them).
 */
export function Timeline({ meetingId, timeZone }: { meetingId: string; timeZone: string }) {
  const { t } = useTranslation('schedules');
  const language = useLanguage();
  const timeline = useQuery(timelineQueryOptions());
  if (timeline.isPending) return <ScheduleSkeleton count={2} />;
  if (timeline.isError) return <ErrorState onRetry={() => void timeline.refetch()} />;
  if (timeline.data.length === 0) {
    return (
      <EmptyState
        className="rounded-card bg-white py-8 ring-1 ring-slate-900/[0.06]"
        icon={<CalendarCheck aria-hidden="true" className="size-7" />}
        title={t('timeline.emptyTitle')}
        description={t('timeline.emptyDescription')}
        action={
          <ButtonLink to={paths.agenda.schedule({ meetingId })} variant="secondary">
            {t('timeline.openProgramme')}
          </ButtonLink>
        }
      />
    );
  }
  const titleOf = new Map(timeline.data.map((item) => [item.id, localize(item.title, language)]));
  const clashCount = timeline.data.filter((item) => item.clashes_with.length > 0).length;
  return (
    <div className="space-y-5" data-testid="timeline">
      {clashCount > 0 ? (
        <p className="flex items-center gap-2 rounded-card bg-amber-50 px-4 py-2.5 text-sm text-amber-800 ring-1 ring-amber-200">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {t('timeline.clashSummary', { count: clashCount })}
        </p>
      ) : null}
      {byDay(timeline.data, timeZone).map((group) => (
        <section key={group.day} aria-label={formatDate(group.items[0]!.start * 1000, timeZone, language)}>
          <h3 className="mb-2 text-[13px] font-semibold text-slate-500">
            {formatDate(group.items[0]!.start * 1000, timeZone, language, {
              weekday: 'short',
              day: 'numeric',
              month: 'short',
            })}
          </h3>
          <ol className="space-y-2">
            {group.items.map((item) => {
              const Icon = kindIcon[item.kind];
              const hasClash = item.clashes_with.length > 0;
              const location = localize(item.location, language);
              return (
                <li key={item.id}>
                  <Link
                    to={item.link}
                    data-testid="timeline-item"
                    data-clash={hasClash ? '1' : '0'}
                    className={cx(
                      'block rounded-card bg-white p-3.5 ring-1 ring-slate-900/[0.06] transition hover:shadow-md',
                      hasClash && 'border-s-4 border-amber-400',
                    )}
                  >
                    <div className="flex items-center gap-2 text-[13px] text-slate-500">
                      <Icon aria-hidden="true" className="size-4 text-primary" />
                      <span className="font-medium text-slate-700 tabular-nums">
                        {formatTimeRange(item.start * 1000, item.end * 1000, timeZone, language)}
                      </span>
                      <span aria-hidden="true">·</span>
                      <span>{t(`timeline.kinds.${item.kind}`)}</span>
                      {item.kind === 'activity' && item.status === 0 ? (
                        <span className="ms-auto rounded-full bg-slate-100 px-2 py-0.5 text-[11px]">
                          {t('timeline.underReview')}
                        </span>
                      ) : null}
                    </div>
                    <p className="mt-1 line-clamp-2 font-semibold text-slate-900">
                      <bdi>{titleOf.get(item.id)}</bdi>
                    </p>
                    {location ? (
                      <p className="mt-1 flex items-center gap-1 text-[13px] text-slate-500">
                        <MapPin aria-hidden="true" className="size-3.5" />
                        <bdi>{location}</bdi>
                      </p>
                    ) : null}
                    {hasClash ? (
                      <p
                        className="mt-2 flex items-start gap-1.5 text-[13px] font-medium text-amber-700"
                        data-testid="timeline-clash"
                      >
                        <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                        <span>
                          {t('timeline.clashesWith', {
                            titles: item.clashes_with.map((id) => titleOf.get(id) ?? '').join(' · '),
                          })}
                        </span>
                      </p>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
