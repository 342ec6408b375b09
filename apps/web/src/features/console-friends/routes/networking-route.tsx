import type { ConsoleConnector, ConsoleFriendStats, getConsoleFriendStats } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsolePage } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * `#/console/meetings/:meetingId/networking` (DESIGN §7; §1, §4 Connection application): how the
 * participants network — connections made in this meeting by card exchange and by application, the
 * applications by state, and the ten people with most connections with their contacts (organisers
 * see them, §6). people.read.
 */
function NetworkingRoute() {
  const { t, ready } = useTranslation('console-friends');
  const { meetingId = '' } = useParams();
  const stats = useQuery({
    queryKey: ['console', 'friends', meetingId],
    queryFn: () =>
      api.get<ConsoleFriendStats>(
        fillPath<typeof getConsoleFriendStats>('/console/meetings/:meeting_id/friends/stats', {
          meeting_id: meetingId,
        }),
      ),
    staleTime: 0,
  });
  const columns: DataColumn<ConsoleConnector>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: (row) => <span className="font-medium">{row.username || '—'}</span>,
    },
    { id: 'company', header: t('company'), cell: (row) => row.company || '—' },
    { id: 'phone', header: t('phone'), cell: (row) => <span dir="ltr">{row.phone || '—'}</span> },
    { id: 'email', header: t('email'), cell: (row) => <span dir="ltr">{row.email || '—'}</span> },
    { id: 'connections', header: t('count'), cell: (row) => row.connections, className: 'text-end' },
  ];
  if (!ready) return null;
  return (
    <ConsolePage title={t('title')}>
      {stats.isPending ? (
        <div className="grid gap-3 desk:grid-cols-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : stats.isError ? (
        <ErrorState onRetry={() => void stats.refetch()} />
      ) : (
        <div className="space-y-4">
          <div className="grid grid-cols-3 gap-2 desk:gap-3" data-testid="networking-figures">
            <Figure label={t('connections')} value={stats.data.connections} />
            <Figure label={t('byCard')} value={stats.data.by_card} />
            <Figure label={t('byApplication')} value={stats.data.by_application} />
          </div>
          <Card className="p-4">
            <h2 className="mb-3 text-[15px] font-semibold text-slate-900">{t('applications')}</h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(['submitted', 'accepted', 'ignored', 'cancelled'] as const).map((status) => (
                <div key={status} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-500">{t(`status.${status}`)}</dt>
                  <dd className="text-xl font-semibold text-slate-900">{stats.data.applications[status]}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 text-[15px] font-semibold text-slate-900">{t('top')}</h2>
            {stats.data.top.length === 0 ? (
              <EmptyState title={t('empty')} />
            ) : (
              <DataTable
                columns={columns}
                rows={stats.data.top}
                rowKey={(row) => row.user_id.$id}
                caption={t('top')}
                testId="networking-top"
              />
            )}
          </Card>
        </div>
      )}
    </ConsolePage>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card className="p-3 desk:p-4">
      <p className="text-xs text-slate-500 desk:text-sm">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 desk:text-3xl">{value}</p>
    </Card>
  );
}

export { NetworkingRoute as Component };
