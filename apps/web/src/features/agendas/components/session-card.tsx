import type { Agenda } from '@app/contracts';
import { durationMinutes, isOngoing, localize, toMilliseconds } from '@app/domain';
import { MapPin, Radio, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookmarkStar } from '../../../components/ui/bookmark-star.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { colorFor } from '../../../lib/colors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { livePaths } from '../../../lib/lives-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';

type SessionCardProps = {
  session: Agenda;
  meetingId: string;
  timeZone: string;
  now: number;
  isHighlighted?: boolean;
  isCompact?: boolean;
};

/** A session of the programme: time, title, room, track, speakers; opens its details. */
export function SessionCard({
  session,
  meetingId,
  timeZone,
  now,
  isHighlighted,
  isCompact,
}: SessionCardProps) {
  const { t } = useTranslation('agendas');
  const language = useLanguage();
  const start = toMilliseconds(session.start);
  const end = toMilliseconds(session.end);
  const isLive = isOngoing({ start, end }, now);
  const title = localize(session.title, language);
  const subtitle = localize(session.subtitle, language);
  const room = session.room ? localize(session.room.name, language) : '';
  const trackColor = session.track ? colorFor(session.track.name, session.track.color) : undefined;
  const speakers = session.speakers.map((speaker) => speaker.name).join(', ');
  const live = session.lives?.[0];

  return (
    <div className="relative">
      <Link
        id={`agenda-${session._id.$id}`}
        to={paths.agenda.details({ agendaId: session._id.$id, meetingId })}
        data-testid="session-card"
        className={cx(
          'group relative block overflow-hidden rounded-card bg-white p-4 ps-6 pe-12 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25',
          isLive && 'ring-2 ring-primary/50',
          isHighlighted && 'highlight-once',
          live && 'pb-12',
        )}
      >
        <span
          aria-hidden="true"
          className="absolute inset-y-4 start-2 w-1 rounded-full"
          style={{ backgroundColor: trackColor ?? 'var(--app-primary)' }}
        />
        <div className="flex items-center gap-2 text-[13px] text-slate-500">
          {isCompact ? (
            <span className="font-medium text-slate-700">
              {formatDate(start, timeZone, language, { weekday: 'short', day: 'numeric', month: 'short' })}
            </span>
          ) : null}
          <span className="font-medium text-slate-700 tabular-nums" data-testid="session-time">
            {formatTimeRange(start, end, timeZone, language)}
          </span>
          {isCompact ? null : (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('session.duration', { count: durationMinutes({ start, end }) })}</span>
            </>
          )}
          {isLive ? (
            <span className="ms-auto inline-flex items-center gap-1.5 rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-on-primary">
              <span className="size-1.5 animate-pulse rounded-full bg-current" />
              {t('session.live')}
            </span>
          ) : null}
        </div>
        <h3
          className={cx(
            'mt-1.5 font-semibold text-slate-900 group-hover:text-primary',
            isCompact ? 'line-clamp-2 text-[15px]' : 'text-base',
          )}
        >
          <bdi>{title}</bdi>
        </h3>
        {subtitle && !isCompact ? (
          <p className="mt-0.5 line-clamp-1 text-sm text-slate-500">
            <bdi>{subtitle}</bdi>
          </p>
        ) : null}
        <div className="mt-2.5 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-[13px] text-slate-500">
          {room ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {room}
            </span>
          ) : null}
          {session.track ? (
            <span className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: trackColor }}
              />
              {session.track.name}
            </span>
          ) : null}
          {session.activities.length > 0 ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-[12px] font-medium text-primary"
              data-testid="session-registration"
            >
              <Ticket aria-hidden="true" className="size-3.5" />
              {t('schedule.registration')}
            </span>
          ) : null}
        </div>
        {speakers && !isCompact ? (
          <p className="mt-2 line-clamp-1 text-[13px] font-medium text-slate-600">{speakers}</p>
        ) : null}
      </Link>
      {live ? (
        <Link
          to={livePaths.room({ meetingId, liveId: live._id.$id })}
          className="absolute start-6 bottom-3 inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-1 text-[12px] font-semibold text-red-600 ring-1 ring-red-100 hover:bg-red-100"
          data-testid="session-live"
        >
          <Radio aria-hidden="true" className="size-3.5" />
          {t('session.watchLive')}
        </Link>
      ) : null}
      <BookmarkStar agendaId={session._id.$id} meetingId={meetingId} className="absolute end-2 bottom-2" />
    </div>
  );
}
