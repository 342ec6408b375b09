import type { NewsItem } from '@app/contracts';
import { localize } from '@app/domain';
import { Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { newsPaths } from '../../../lib/news-paths.ts';
import { formatDate } from '../../../lib/time.ts';

/** The publication date of an item in the meeting's zone, e.g. "12 Mar 2030" ('' when unpublished). */
export function useNewsDate(item: NewsItem, timeZone: string): string {
  const language = useLanguage();
  if (item.published_at === null) return '';
  return formatDate(item.published_at * 1000, timeZone, language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A news item in the list (§3 News): cover, category, title, summary, date and meeting title. */
export function NewsCard({
  item,
  meetingId,
  timeZone,
  isFeatured = false,
}: {
  item: NewsItem;
  meetingId: string;
  timeZone: string;
  /** The first item on wide screens: cover beside the text, larger title. */
  isFeatured?: boolean;
}) {
  const language = useLanguage();
  const title = localize(item.title, language);
  const summary = localize(item.summary, language);
  const category = item.category ? localize(item.category.title, language) : '';
  const meetingTitle = item.meeting ? localize(item.meeting.title, language) : '';
  const date = useNewsDate(item, timeZone);
  return (
    <Link
      to={newsPaths.detail({ meetingId, newsId: item._id.$id })}
      data-testid="news-card"
      className={cx(
        'group flex h-full overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25',
        // Phones list the others compactly (thumbnail beside the text), wider screens as tiles.
        isFeatured ? 'flex-col md:flex-row' : 'flex-row md:flex-col',
      )}
    >
      <div
        className={cx(
          'relative shrink-0 overflow-hidden bg-gradient-to-br from-primary/25 via-primary/10 to-white',
          isFeatured
            ? 'aspect-[16/9] md:aspect-auto md:w-1/2'
            : 'm-3 me-0 aspect-[4/3] w-28 self-start rounded-xl md:m-0 md:aspect-[16/9] md:w-full md:rounded-none',
        )}
      >
        {item.cover ? (
          <img
            src={item.cover}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <Newspaper
            aria-hidden="true"
            className={cx(
              'absolute inset-0 m-auto text-primary/40',
              isFeatured ? 'size-10' : 'size-7 md:size-10',
            )}
          />
        )}
        {category ? (
          <span
            className={cx(
              'absolute top-2.5 start-2.5 max-w-[70%] truncate rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-medium text-primary shadow-sm',
              !isFeatured && 'max-md:hidden',
            )}
          >
            {category}
          </span>
        ) : null}
      </div>
      <div
        className={cx(
          'flex min-w-0 flex-1 flex-col gap-1.5',
          isFeatured ? 'p-4 md:justify-center md:p-6' : 'p-3 md:p-4',
        )}
      >
        <h2
          className={cx(
            'line-clamp-2 leading-snug font-semibold text-slate-900 group-hover:text-primary',
            isFeatured ? 'text-lg md:text-2xl' : 'text-[16px]',
          )}
        >
          <bdi>{title}</bdi>
        </h2>
        {summary ? (
          <p className={cx('text-sm text-slate-600', isFeatured ? 'line-clamp-3' : 'line-clamp-2')}>
            {summary}
          </p>
        ) : null}
        <p className="mt-auto flex min-w-0 items-center gap-2 pt-1 text-xs text-slate-500">
          {category && !isFeatured ? (
            <span className="shrink-0 font-medium text-primary md:hidden">{category}</span>
          ) : null}
          {date ? (
            <time
              className="whitespace-nowrap"
              dateTime={new Date((item.published_at ?? 0) * 1000).toISOString()}
            >
              {date}
            </time>
          ) : null}
          {/* The meeting's title (§3 News) on tiles; a compact phone card has no room for it. */}
          {date && meetingTitle ? (
            <span aria-hidden="true" className={cx(!isFeatured && 'max-md:hidden')}>
              ·
            </span>
          ) : null}
          {meetingTitle ? (
            <span className={cx('truncate', !isFeatured && 'max-md:hidden')}>{meetingTitle}</span>
          ) : null}
        </p>
      </div>
    </Link>
  );
}

/** The card's placeholder while the list loads (compact on phones, a tile from `md` up). */
export function NewsCardSkeleton() {
  return (
    <div
      className="flex overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06] md:flex-col"
      aria-hidden="true"
    >
      <Skeleton className="m-3 me-0 aspect-[4/3] w-28 shrink-0 rounded-xl md:m-0 md:aspect-[16/9] md:w-full md:rounded-none" />
      <div className="flex-1 space-y-2 p-3 md:p-4">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
