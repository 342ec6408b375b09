import type { Meeting } from '@app/contracts';
import { localize, toMilliseconds } from '@app/domain';
import { CalendarDays, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { formatDateRange } from '../../../lib/time.ts';

/** Stored cover-show counters, one per meeting (lib/cover-shows.ts flushes them). */
const coverShowsPrefix = 'cover-shows:';

/** Cover (or a gradient in the theme colour), title, dates and venue. */
export function MeetingHero({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const language = useLanguage();
  const [hasCoverFailed, setCoverFailed] = useState(false);
  const title = localize(meeting.title, language);
  const venue = localize(meeting.venue, language);
  const hasCover = Boolean(meeting.cover) && !hasCoverFailed;
  const meetingId = meeting._id.$id;
  // §9: a shown cover is counted on the device (one stored number) and flushed later by a module
  // that loads well after the page settled, so the home's scripts do not grow.
  useEffect(() => {
    if (!meeting.cover) return;
    const key = `${coverShowsPrefix}${meetingId}`;
    writeStored(key, String((Number(readStored(key)) || 0) + 1));
    const timer = window.setTimeout(() => {
      void import('../../../lib/cover-shows.ts').then(({ startCoverShowFlush }) => startCoverShowFlush());
    }, 15_000);
    return () => window.clearTimeout(timer);
  }, [meeting.cover, meetingId]);
  // With a programme, its days give the dates: a programme day may run past midnight (camp days end
  // at 04:00), so meeting.end can fall on the day after the last one.
  const firstDay = meeting.days[0];
  const lastDay = meeting.days.at(-1);
  const dates = formatDateRange(
    toMilliseconds(firstDay?.start ?? meeting.start),
    toMilliseconds(lastDay?.start ?? meeting.end),
    meeting.time_zone,
    language,
  );

  return (
    <section aria-labelledby="meeting-title" className="desk:pt-8">
      <div className="relative overflow-hidden desk:rounded-card">
        <div className="relative aspect-[16/9] max-h-[420px] w-full bg-primary desk:aspect-[3/1]">
          {hasCover ? (
            <img
              src={meeting.cover}
              alt=""
              className="absolute inset-0 size-full object-cover"
              onError={() => setCoverFailed(true)}
            />
          ) : (
            <div
              aria-hidden="true"
              className="absolute inset-0"
              style={{
                backgroundImage:
                  'radial-gradient(120% 90% at 100% 0%, color-mix(in oklab, var(--app-primary) 55%, white) 0%, transparent 60%), radial-gradient(90% 80% at 0% 100%, color-mix(in oklab, var(--app-primary) 70%, black) 0%, transparent 70%), linear-gradient(135deg, var(--app-primary), color-mix(in oklab, var(--app-primary) 75%, black))',
              }}
            >
              <div className="absolute -end-10 -top-10 size-48 rounded-full border-[28px] border-white/10" />
              <div className="absolute -bottom-16 start-1/3 size-40 rounded-full border-[20px] border-white/10" />
            </div>
          )}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-gradient-to-t from-black/65 via-black/15 to-transparent"
          />
          <div className="absolute inset-x-0 bottom-0 p-5 text-white desk:p-8">
            {meeting.acronym ? (
              <p className="mb-1.5 inline-block rounded-full bg-white/20 px-2.5 py-0.5 text-xs font-medium backdrop-blur-sm">
                {meeting.acronym}
              </p>
            ) : null}
            <h1
              id="meeting-title"
              className="text-2xl leading-tight font-bold text-balance drop-shadow-sm desk:text-4xl"
            >
              {title}
            </h1>
          </div>
        </div>
      </div>
      <dl className="mx-4 -mt-0 flex flex-col gap-2 border-b border-slate-200/70 py-4 text-[15px] text-slate-600 desk:mx-0 desk:flex-row desk:gap-8">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('home.dates')}</dt>
          <CalendarDays aria-hidden="true" className="size-[18px] shrink-0 text-primary" />
          <dd>{dates}</dd>
        </div>
        {venue ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('home.venue')}</dt>
            <MapPin aria-hidden="true" className="size-[18px] shrink-0 text-primary" />
            <dd>{venue}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
