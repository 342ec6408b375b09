import type { LiveSummary } from '@app/contracts';
import { localize, toMilliseconds } from '@app/domain';
import { CalendarClock, Radio, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { livePaths } from '../../../lib/lives-paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { CountdownText } from './countdown-text.tsx';
import { LiveBadge } from './live-badge.tsx';
import { countdownParts } from './live-clock.ts';

/**
 * A live in the list (§3 Live: title, cover, start, end): cover with its §4 state, title, day and
 * time in the meeting's zone, the online count while streaming (when anyone is) and the countdown before the start.
 * `now` is the server clock in seconds (one tick for the whole list).
 */
export function LiveCard({
  live,
  meetingId,
  timeZone,
  now,
}: {
  live: LiveSummary;
  meetingId: string;
  timeZone: string;
  now: number;
}) {
  const { t } = useTranslation('lives');
  const language = useLanguage();
  const start = toMilliseconds(live.start);
  const end = toMilliseconds(live.end);
  const left = countdownParts(live.start, now);
  const isCounting = live.state === 'coming_soon' && left.total > 0;
  return (
    <Link
      to={livePaths.room({ meetingId, liveId: live._id.$id })}
      data-testid="live-card"
      className="group flex h-full flex-col overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <div className="relative aspect-video w-full overflow-hidden bg-gradient-to-br from-primary/30 via-primary/15 to-slate-100">
        {live.cover ? (
          <img
            src={live.cover}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <Radio aria-hidden="true" className="absolute inset-0 m-auto size-10 text-primary/50" />
        )}
        <LiveBadge state={live.state} className="absolute start-2.5 top-2.5" />
        {live.state === 'streaming' && live.online > 0 ? (
          <span className="absolute end-2.5 top-2.5 inline-flex items-center gap-1 rounded-full bg-slate-900/60 px-2 py-0.5 text-[11px] font-medium text-white tabular-nums">
            <UsersRound aria-hidden="true" className="size-3" />
            {t('online', { count: live.online })}
          </span>
        ) : null}
        {isCounting ? (
          <span
            className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/75 to-transparent px-3 pt-6 pb-2 text-[13px] font-medium text-white"
            data-testid="live-card-countdown"
          >
            {t('countdown.startsIn')} <CountdownText days={left.days} clock={left.clock} />
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3.5">
        <h3 className="line-clamp-2 font-semibold text-[15px] text-slate-900 leading-snug group-hover:text-primary">
          <bdi>{localize(live.title, language)}</bdi>
        </h3>
        <p className="mt-auto inline-flex items-center gap-1.5 text-[13px] text-slate-500">
          <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="tabular-nums">
            {formatDate(start, timeZone, language, { weekday: 'short', day: 'numeric', month: 'short' })}{' '}
            {formatTimeRange(start, end, timeZone, language)}
          </span>
        </p>
      </div>
    </Link>
  );
}

/** The card's shape while the list loads. */
export function LiveCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-2 p-3.5">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3.5 w-1/2" />
      </div>
    </div>
  );
}
