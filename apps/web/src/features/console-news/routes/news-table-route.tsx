import type { ConsoleNewsSummary } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Newspaper, Plus, Tags } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import { newsCategoriesQueryOptions, newsListQueryOptions } from '../api/console-news-api.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { newsScreens } from '../console-news-screens.ts';

/**
 * `#/console/meetings/:meetingId/news` (DESIGN §7; §3 News): the meeting's news items with their
 * state, category, scheduled or publication time, languages written and views; a new item, and the
 * way to the categories.
 */
function NewsTableRoute() {
  const { t } = useTranslation('console-news');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const list = useQuery(newsListQueryOptions(meetingId));
  const categories = useQuery(newsCategoriesQueryOptions(meetingId));
  const categoryNames = useMemo(
    () => new Map((categories.data?.items ?? []).map((c) => [c._id.$id, localize(c.title, language)])),
    [categories.data, language],
  );

  const columns = useMemo<DataColumn<ConsoleNewsSummary>[]>(() => {
    const when = (seconds: number | null) =>
      seconds === null
        ? '—'
        : `${formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' })} ${clockTime(seconds * 1000, timeZone, language)}`;

    return [
      {
        id: 'title',
        header: t('table.title'),
        cell: (item) => (
          <Link
            to={newsScreens.editor(meetingId, item._id.$id)}
            className="flex min-w-0 items-center gap-3 font-medium text-slate-900 hover:text-primary"
            data-testid="console-news-row"
          >
            {item.cover ? (
              <img src={item.cover} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
            ) : (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
                <Newspaper aria-hidden="true" className="size-5" />
              </span>
            )}
            <bdi className="line-clamp-2">{localize(item.title, language) || t('table.untitled')}</bdi>
          </Link>
        ),
      },
      { id: 'status', header: t('table.status'), cell: (item) => <StatusBadge status={item.status} /> },
      {
        id: 'category',
        header: t('table.category'),
        cell: (item) => (item.category_id ? (categoryNames.get(item.category_id.$id) ?? '—') : '—'),
      },
      {
        id: 'time',
        header: t('table.time'),
        cell: (item) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {item.status === 'scheduled' ? when(item.publish_at) : when(item.published_at)}
          </span>
        ),
      },
      {
        id: 'languages',
        header: t('table.languages'),
        cell: (item) => (
          <span className="text-xs text-slate-500 uppercase">{item.languages.join(' · ') || '—'}</span>
        ),
      },
      { id: 'views', header: t('table.views'), className: 'text-end', cell: (item) => item.views_total },
    ];
  }, [t, language, meetingId, categoryNames, timeZone]);

  return (
    <ConsolePage
      title={t('table.heading')}
      description={t('table.description')}
      testId="console-news"
      actions={
        <>
          <ButtonLink to={newsScreens.categories(meetingId)} variant="secondary" size="sm">
            <Tags aria-hidden="true" className="size-4" />
            {t('nav.categories')}
          </ButtonLink>
          <ButtonLink to={newsScreens.create(meetingId)} size="sm">
            <Plus aria-hidden="true" className="size-4" />
            {t('table.new')}
          </ButtonLink>
        </>
      }
    >
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<Newspaper aria-hidden="true" className="size-7" />}
            title={t('table.empty')}
            description={t('table.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(item) => item._id.$id}
            caption={t('table.heading')}
            testId="console-news-table"
          />
        )}
      </Card>
    </ConsolePage>
  );
}

export const Component = NewsTableRoute;
