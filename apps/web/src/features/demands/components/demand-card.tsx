import type { Demand } from '@app/contracts';
import { Heart, MapPin, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { demandPaths } from '../../../lib/demands-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { StateBadge } from './state-badge.tsx';

/**
 * One demand in a list (§3 Demand): type and state, title, two lines of description, the first photo,
 * area, poster, likes and comments; the whole card opens /demand/detail.
 */
export function DemandCard({
  demand,
  meetingId,
  timeZone,
}: {
  demand: Demand;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation('demands');
  const language = useLanguage();
  const [cover] = demand.images;
  return (
    <Link
      to={demandPaths.detail({ meetingId, demandId: demand._id.$id })}
      className="flex gap-3 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      data-testid="demand-card"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
            {t(`types.${demand.type}`)}
          </span>
          <StateBadge state={demand.state} />
        </div>
        <h2 className="mt-1.5 line-clamp-2 text-[15px] font-semibold text-slate-900 break-words">
          <bdi>{demand.title}</bdi>
        </h2>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 break-words">{demand.description}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <bdi className="max-w-40 truncate">
            {demand.user.username || demand.user.work_company || t('detail.anonymous')}
          </bdi>
          {demand.area ? (
            <span className="inline-flex items-center gap-0.5">
              <MapPin aria-hidden="true" className="size-3.5" />
              <bdi>{demand.area}</bdi>
            </span>
          ) : null}
          <span>
            {formatDate(demand.create_time * 1000, timeZone, language, { day: 'numeric', month: 'short' })}
          </span>
          <span className="ms-auto inline-flex items-center gap-3">
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('list.likes')}</span>
              <span className="tabular-nums">{demand.like_total}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('list.comments')}</span>
              <span className="tabular-nums">{demand.comment_total}</span>
            </span>
          </span>
        </div>
      </div>
      {cover ? <Thumb src={cover} name={demand.title} fit="cover" size={80} className="size-20" /> : null}
    </Link>
  );
}

/** A card's shape while the list loads. */
export function DemandCardSkeleton() {
  return (
    <div className="flex gap-3 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
      <div className="flex-1">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="mt-2 h-5 w-3/4" />
        <SkeletonText lines={2} className="mt-2" />
      </div>
      <Skeleton className="size-20 rounded-xl" />
    </div>
  );
}
