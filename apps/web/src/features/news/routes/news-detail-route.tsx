import { localize } from '@app/domain';
import { ChevronLeft } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { newsPaths } from '../../../lib/news-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useNewsItem, useRecordNewsView } from '../api/list-news.ts';
import { useNewsDate } from '../components/news-card.tsx';

/**
 * /meeting/news/detail?news_id=… (§2): title, date, category, cover, the sanitised body (inflated
 * from its RichTextWire, §5) in the reader's language, and a share button. A missing or unknown id
 * opens /404, a deleted or unpublished item /204 (§2).
 */
function NewsDetailRoute() {
  const { t } = useTranslation(['news', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [newsId] = useSearchState('news_id');
  const item = useNewsItem(meetingId, newsId);
  const [isBodyBroken, setBodyBroken] = useState(false);
  const onBodyError = useCallback(() => setBodyBroken(true), []);

  if (!newsId) return <Navigate to={paths.notFound()} replace />;
  if (item.isPending) return <NewsDetailSkeleton />;
  if (item.isError) {
    if (item.error instanceof ApiError && item.error.status < 500 && item.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void item.refetch()} />;
  }
  const data = item.data;
  if (!data) return <Navigate to={paths.notFound()} replace />;
  if (data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return (
    <NewsArticle
      item={data}
      meetingId={meetingId}
      timeZone={meeting.time_zone}
      language={language}
      isBodyBroken={isBodyBroken}
      onBodyError={onBodyError}
      backLabel={t('detail.back')}
    />
  );
}

/** The article itself (split out so the date hook runs only with an item). */
function NewsArticle({
  item,
  meetingId,
  timeZone,
  language,
  isBodyBroken,
  onBodyError,
  backLabel,
}: {
  item: NonNullable<ReturnType<typeof useNewsItem>['data']>;
  meetingId: string;
  timeZone: string;
  language: ReturnType<typeof useLanguage>;
  isBodyBroken: boolean;
  onBodyError: () => void;
  backLabel: string;
}) {
  const { t } = useTranslation(['news', 'common']);
  const title = localize(item.title, language);
  const date = useNewsDate(item, timeZone);
  useRecordNewsView(meetingId, item._id.$id, item.deleted !== 1);
  const category = item.category ? localize(item.category.title, language) : '';
  // The body in the reader's language, else in the meeting's fallback order (§5 language rule).
  const content = item.content ?? {};
  const bodyLanguage =
    [language, 'en', ...Object.keys(content)].find((lang) => {
      const body = content[lang];
      return body !== undefined && body !== '';
    }) ?? '';
  const body = content[bodyLanguage];

  return (
    <article className="mx-auto max-w-3xl px-4 pt-4 pb-10 desk:px-0 desk:pt-8" data-testid="news-article">
      <Link
        to={newsPaths.list({ meetingId })}
        className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary max-desk:hidden"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {backLabel}
      </Link>
      <header>
        {category ? (
          <p className="mb-2 text-sm font-medium text-primary">
            <Link to={newsPaths.list({ meetingId, categoryId: item.category?._id.$id })}>{category}</Link>
          </p>
        ) : null}
        <h1
          className="text-2xl leading-tight font-bold text-slate-900 desk:text-3xl"
          data-testid="news-title"
        >
          <bdi>{title}</bdi>
        </h1>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
            {date ? (
              <time dateTime={new Date((item.published_at ?? 0) * 1000).toISOString()}>{date}</time>
            ) : null}
            {date && item.author ? <span aria-hidden="true">·</span> : null}
            {item.author ? <span>{item.author}</span> : null}
          </p>
          <ShareButton
            link={{ type: 'news', meetingId, id: item._id.$id, lang: language }}
            title={title}
            description={localize(item.summary, language)}
          />
        </div>
      </header>
      {item.cover ? (
        <img
          src={item.cover}
          alt=""
          className="mt-5 aspect-[16/9] w-full rounded-card object-cover ring-1 ring-slate-900/[0.06]"
        />
      ) : null}
      <div className="mt-6" lang={bodyLanguage || undefined} data-testid="news-body">
        {isBodyBroken ? (
          <p className="text-sm text-slate-500">{t('detail.bodyFailed')}</p>
        ) : body !== undefined ? (
          <RichText value={body} onError={onBodyError} />
        ) : (
          <p className="text-sm text-slate-500">{t('detail.noBody')}</p>
        )}
      </div>
    </article>
  );
}

function NewsDetailSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-10 desk:px-0 desk:pt-10" aria-busy="true">
      <Skeleton className="h-8 w-4/5" />
      <Skeleton className="mt-3 h-4 w-40" />
      <Skeleton className="mt-6 aspect-[16/9] w-full rounded-card" />
      <SkeletonText lines={8} className="mt-6" />
    </div>
  );
}

export { NewsDetailRoute as Component };
