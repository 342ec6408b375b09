import type { Activity, Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { CalendarDays, MapPin, MonitorPlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { activityWhen, currencyOf, livePrices, priceRange } from './format.ts';
import { StateBadge, stateOf, useStateLabel } from './state-badge.tsx';

/** An activity in the list: cover, title, when, where, price range and registration state. */
export function ActivityCard({
  activity,
  ticket,
  meetingId,
  timeZone,
}: {
  activity: Activity;
  ticket: Ticket | undefined;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const label = useStateLabel()(activity, stateOf(activity, ticket), timeZone);
  const title = localize(activity.title, language);
  const address = localize(activity.address, language);
  const cover = activity.covers[0];
  return (
    <Link
      to={activityPaths.activity.detail({ meetingId, activityId: activity._id.$id })}
      data-testid="activity-card"
      className="group flex h-full flex-col overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <div
        className={cx(
          'relative overflow-hidden bg-gradient-to-br from-primary/25 via-primary/10 to-white',
          cover ? 'aspect-[16/7]' : 'h-24',
        )}
      >
        {cover ? (
          <img src={cover} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <CalendarDays aria-hidden="true" className="absolute inset-0 m-auto size-10 text-primary/40" />
        )}
        <StateBadge {...label} className="absolute top-2.5 start-2.5 bg-white/95 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3.5">
        <h2 className="line-clamp-2 text-[16px] leading-snug font-semibold text-slate-900 group-hover:text-primary">
          <bdi>{title}</bdi>
        </h2>
        <p className="flex items-center gap-1.5 text-[13px] text-slate-600">
          <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
          <span>{activityWhen(activity, timeZone, language)}</span>
        </p>
        <p className="flex items-center gap-1.5 text-[13px] text-slate-600">
          {activity.offline === 1 ? (
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          ) : (
            <MonitorPlay aria-hidden="true" className="size-3.5 shrink-0" />
          )}
          <span className="truncate">
            {activity.offline === 1 ? address || t('place.offline') : t('place.online')}
          </span>
        </p>
        <p
          className="mt-auto pt-1 text-[15px] font-semibold text-primary tabular-nums"
          data-testid="activity-price"
        >
          {priceRange(livePrices(activity), t('price.free'), language, currencyOf(activity))}
        </p>
      </div>
    </Link>
  );
}

export function ActivityListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" aria-busy="true">
      {Array.from({ length: count }, (_, i) => `s${i}`).map((key) => (
        <li key={key} className="overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]">
          <Skeleton className="aspect-[16/7] rounded-none" />
          <div className="space-y-2 p-3.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
