import { type ConsoleSearchKeyword, type SearchRebuild, searchItemTypes } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Search, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { consoleSearchKeys, requestRebuild, searchOverviewQueryOptions } from '../api/console-search-api.ts';

function KeywordTable({
  rows,
  testId,
  emptyKey,
}: {
  rows: ConsoleSearchKeyword[];
  testId: string;
  emptyKey: 'empty' | 'zeroEmpty';
}) {
  const { t } = useTranslation('console-search');
  const number = new Intl.NumberFormat(useLanguage());
  if (rows.length === 0)
    return <p className="px-4 py-6 text-center text-[13px] text-slate-500">{t(emptyKey)}</p>;
  return (
    <table className="w-full text-[14px]" data-testid={testId}>
      <thead>
        <tr className="border-b border-slate-100 text-start text-[12px] text-slate-500">
          <th className="px-4 py-2 text-start font-medium">{t('keyword')}</th>
          <th className="px-4 py-2 text-end font-medium">{t('searches')}</th>
          <th className="px-4 py-2 text-end font-medium">{t('searchers')}</th>
          <th className="px-4 py-2 text-end font-medium">{t('lastTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.keyword} className="border-b border-slate-50 last:border-0">
            <td className="max-w-0 truncate px-4 py-2 text-slate-900">
              <bdi>{row.keyword}</bdi>
            </td>
            <td className="px-4 py-2 text-end tabular-nums">{number.format(row.searches)}</td>
            <td className="px-4 py-2 text-end tabular-nums">{number.format(row.searchers)}</td>
            <td className="px-4 py-2 text-end tabular-nums">{number.format(row.last_total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RebuildState({ rebuild }: { rebuild: SearchRebuild | null }) {
  const { t } = useTranslation('console-search');
  const language = useLanguage();
  if (!rebuild) return null;
  if (rebuild.status === 'queued') return <p className="text-[13px] text-slate-500">{t('queued')}</p>;
  if (rebuild.status === 'running') {
    const share = rebuild.total > 0 ? Math.round((rebuild.done / rebuild.total) * 100) : 0;
    return (
      <div data-testid="search-rebuild-progress">
        <p className="text-[13px] text-slate-600">
          {t('rebuilding', {
            done: new Intl.NumberFormat(language).format(rebuild.done),
            total: new Intl.NumberFormat(language).format(rebuild.total),
          })}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
        </div>
      </div>
    );
  }
  if (rebuild.status === 'failed')
    return <p className="text-[13px] text-red-600">{t('failed', { error: rebuild.error })}</p>;
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    rebuild.updated_at * 1000,
  );
  return <p className="text-[13px] text-slate-500">{t('done', { time })}</p>;
}

/**
 * `#/console/meetings/:meetingId/search` (DESIGN §7, §2 /meeting/search): what visitors search for
 * (hot keywords of the last 7 days), what they look for and do not find (keywords whose last search
 * had no result), how many items the index holds per type, and a "Rebuild index" button that queues
 * the rebuild job and shows its progress.
 */
function SearchRoute() {
  const { t } = useTranslation('console-search');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const client = useQueryClient();
  const overview = useQuery(searchOverviewQueryOptions(meetingId));
  const rebuild = useMutation({
    mutationFn: () => requestRebuild(meetingId),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleSearchKeys.overview(meetingId) }),
    onError: (error) =>
      showToast(
        error instanceof ApiError && error.code === 'no_permission' ? t('noPermission') : t('requestFailed'),
      ),
  });
  const status = overview.data?.rebuild?.status;
  const isBusy = rebuild.isPending || status === 'queued' || status === 'running';
  const number = new Intl.NumberFormat(language);
  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      testId="console-search"
      actions={
        <Button onClick={() => rebuild.mutate()} disabled={isBusy} data-testid="search-rebuild">
          <RefreshCw aria-hidden="true" className={isBusy ? 'size-4 animate-spin' : 'size-4'} />
          {t('rebuild')}
        </Button>
      }
    >
      {overview.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : overview.isError ? (
        <Card>
          <ConsoleErrorState error={overview.error} onRetry={() => void overview.refetch()} />
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 desk:grid-cols-2">
          <Card className="overflow-hidden">
            <h2 className="flex items-center gap-2 px-4 pt-4 text-[15px] font-semibold text-slate-900">
              <Search aria-hidden="true" className="size-4 text-slate-400" />
              {t('hot')}
            </h2>
            <p className="px-4 pb-2 text-[13px] text-slate-500">{t('hotHint')}</p>
            <KeywordTable rows={overview.data.hot} testId="search-hot-keywords" emptyKey="empty" />
          </Card>
          <Card className="overflow-hidden">
            <h2 className="flex items-center gap-2 px-4 pt-4 text-[15px] font-semibold text-slate-900">
              <SearchX aria-hidden="true" className="size-4 text-slate-400" />
              {t('zero')}
            </h2>
            <p className="px-4 pb-2 text-[13px] text-slate-500">{t('zeroHint')}</p>
            <KeywordTable
              rows={overview.data.zero_results}
              testId="search-zero-keywords"
              emptyKey="zeroEmpty"
            />
          </Card>
          <Card className="p-4 desk:col-span-2">
            <h2 className="text-[15px] font-semibold text-slate-900">{t('index')}</h2>
            <p className="mt-1 text-[13px] text-slate-500">{t('indexHint')}</p>
            {Object.keys(overview.data.documents).length === 0 ? (
              <EmptyState title={t('indexEmpty')} className="py-6" />
            ) : (
              <dl
                className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 desk:grid-cols-6"
                data-testid="search-index-counts"
              >
                {searchItemTypes.map((type) => (
                  <div key={type} className="rounded-xl bg-slate-50 px-3 py-2">
                    <dt className="text-[12px] text-slate-500">{t(`types.${type}`)}</dt>
                    <dd className="text-[18px] font-semibold text-slate-900 tabular-nums">
                      {number.format(overview.data.documents[type] ?? 0)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="mt-4">
              <RebuildState rebuild={overview.data.rebuild} />
            </div>
          </Card>
        </div>
      )}
    </ConsolePage>
  );
}

export { SearchRoute as Component };
