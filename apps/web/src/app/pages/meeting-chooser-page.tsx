import type { Meeting } from '@app/contracts';
import { localize, toMilliseconds } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronRight, MapPin, Tent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { domainMeetingsQueryOptions } from '../../features/meetings/api/list-meetings.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { formatDateRange } from '../../lib/time.ts';
import { ChooserSkeleton } from './meeting-chooser-skeleton.tsx';
import { usePageTitleOnly } from './use-page-title-only.ts';

/**
 * The landing page when no meeting is found (§2: no meeting in the address, none for this domain,
 * none remembered, and not exactly one public meeting): the public meetings, newest first, each
 * opening its home. Loading shows the skeleton, an empty list a calm note, a failure a retry (§8).
 */
function MeetingChooserPage() {
  const { t, ready } = useTranslation(['meetings', 'common']);
  const meetings = useQuery(domainMeetingsQueryOptions(window.location.hostname));
  usePageTitleOnly(ready ? t('meetings:chooser.title') : '');

  if (!ready || meetings.isPending) return <ChooserSkeleton />;
  const list = meetings.data?.filter((meeting) => meeting.deleted !== 1) ?? [];
  return (
    <main
      id="main"
      className="min-h-dvh bg-gradient-to-b from-primary/10 to-slate-50 px-4 py-10 desk:py-16"
      data-testid="meeting-chooser"
    >
      <div className="mx-auto w-full max-w-2xl">
        <header className="text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-white text-primary shadow-sm ring-1 ring-slate-900/5">
            <Tent aria-hidden="true" className="size-7" />
          </div>
          <h1 className="mt-5 text-2xl font-bold text-slate-900">{t('meetings:chooser.title')}</h1>
          <p className="mt-2 text-[15px] leading-relaxed text-slate-500">
            {t('meetings:chooser.description')}
          </p>
        </header>
        {meetings.isError ? (
          <ErrorState className="py-16" onRetry={() => void meetings.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            className="py-16"
            icon={<CalendarDays aria-hidden="true" className="size-7" />}
            title={t('meetings:chooser.emptyTitle')}
            description={t('meetings:chooser.emptyDescription')}
          />
        ) : (
          <ul className="mt-8 space-y-3" aria-label={t('meetings:chooser.listLabel')}>
            {list.map((meeting) => (
              <li key={meeting._id.$id}>
                <MeetingCard meeting={meeting} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

/** One meeting: cover (or the theme gradient), title, dates in the meeting's time zone, venue. */
function MeetingCard({ meeting }: { meeting: Meeting }) {
  const language = useLanguage();
  const title = localize(meeting.title, language);
  const venue = localize(meeting.venue, language);
  const dates = formatDateRange(
    toMilliseconds(meeting.start),
    toMilliseconds(meeting.end),
    meeting.time_zone,
    language,
  );
  return (
    <Link
      to={paths.home({ meetingId: meeting._id.$id })}
      className="group flex items-center gap-4 rounded-card bg-white p-3 shadow-sm ring-1 ring-slate-900/5 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      data-testid="meeting-choice"
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-primary/40 to-primary/10">
        {meeting.cover ? <img src={meeting.cover} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-base font-semibold text-slate-900">{title}</p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{dates}</span>
        </p>
        {venue ? (
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-500">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{venue}</span>
          </p>
        ) : null}
      </div>
      <ChevronRight
        aria-hidden="true"
        className="size-5 shrink-0 text-slate-300 transition group-hover:text-primary rtl:rotate-180"
      />
    </Link>
  );
}

export default MeetingChooserPage;
