import type { FailedJob } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { failedJobsQueryOptions } from '../api/failed-jobs.ts';

/** The error message a failed job kept (`{ message }`), or its raw output as text. */
function failureText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}

/**
 * `#/console/jobs` (DESIGN §7, §9): background jobs (SMS and mail delivery, reminders) whose last
 * retry failed, for platform administrators: type, what failed, attempts and when, and the job's
 * data without message texts or secrets.
 */
function FailedJobsRoute() {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = useQuery(failedJobsQueryOptions());

  const columns = useMemo<DataColumn<FailedJob>[]>(
    () => [
      {
        id: 'name',
        header: t('jobs.type'),
        cell: (job) => (
          <span dir="ltr" className="font-mono text-[13px] text-slate-900">
            {job.name}
          </span>
        ),
      },
      {
        id: 'error',
        header: t('jobs.error'),
        cell: (job) => (
          <span dir="auto" className="break-words text-red-700">
            {failureText(job.output)}
          </span>
        ),
      },
      {
        id: 'attempts',
        header: t('jobs.attempts'),
        cell: (job) => <span className="tabular-nums">{job.retry_count + 1}</span>,
      },
      {
        id: 'failed',
        header: t('jobs.failed'),
        cell: (job) =>
          job.failed === null
            ? '—'
            : formatDate(job.failed * 1000, zone, language, { dateStyle: 'medium', timeStyle: 'short' }),
      },
      {
        id: 'data',
        header: t('jobs.data'),
        cell: (job) => (
          <code
            dir="ltr"
            className="block max-w-xs truncate text-[12px] text-slate-500"
            title={JSON.stringify(job.data)}
          >
            {JSON.stringify(job.data)}
          </code>
        ),
      },
    ],
    [t, language, zone],
  );

  return (
    <ConsolePage
      title={t('jobs.title')}
      description={t('jobs.description')}
      testId="console-failed-jobs"
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('jobs.refresh')}
        </Button>
      }
    >
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={<CircleCheck aria-hidden="true" className="size-7" />} title={t('jobs.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data}
            rowKey={(job) => job.id}
            caption={t('jobs.title')}
            testId="console-failed-jobs-table"
          />
        )}
      </Card>
    </ConsolePage>
  );
}

export { FailedJobsRoute as Component };
