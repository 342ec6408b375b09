import type { ConsoleRegistration } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ScanLine } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';
import { checkinsQuery, pageSize } from '../api/console-registrations.ts';
import { SelectField, StatusBadge } from '../components/parts.tsx';

/**
 * `#/console/meetings/:meetingId/checkins` (§4 check-in, DESIGN §7): how many approved registrants
 * have arrived, in all and per activity, and the list — everyone approved, only those checked in or
 * only those not yet — searched by name, phone, e-mail or company, 50 a page.
 */
function CheckinsRoute() {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const timeZone = useConsole().meeting?.time_zone ?? 'UTC';
  const [activityId, setActivityId] = useState('');
  const [checkedIn, setCheckedIn] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const query = useQuery(
    checkinsQuery(meetingId, { activity_id: activityId, checked_in: checkedIn, q }, page),
  );
  const data = query.data;
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const percent = data && data.approved > 0 ? Math.round((data.checked_in / data.approved) * 100) : 0;

  const columns = useMemo(
    (): DataColumn<ConsoleRegistration>[] => [
      {
        id: 'registrant',
        header: t('columns.registrant'),
        cell: (row) => (
          <span>
            <bdi className="font-medium text-slate-900">{row.name || '—'}</bdi>
            <span className="block text-[12px] text-slate-500" dir="ltr">
              {row.phone ?? row.email ?? ''}
            </span>
          </span>
        ),
      },
      {
        id: 'activity',
        header: t('columns.activity'),
        cell: (row) => (
          <span className="text-[13px]">
            <bdi>{localize(row.activity_title, language)}</bdi> ·{' '}
            <bdi className="text-slate-500">{localize(row.price_title, language)}</bdi>
          </span>
        ),
      },
      { id: 'seat', header: t('columns.seat'), cell: (row) => <bdi>{row.seat_number || '—'}</bdi> },
      { id: 'status', header: t('columns.status'), cell: (row) => <StatusBadge status={row.status} /> },
      {
        id: 'arrived',
        header: t('checkins.arrivedAt'),
        cell: (row) =>
          row.checked_in_at > 0 ? (
            <span className="whitespace-nowrap text-[13px]">
              {formatDate(row.checked_in_at * 1000, timeZone, language, { day: 'numeric', month: 'short' })}{' '}
              {formatTime(row.checked_in_at * 1000, timeZone, language)}
            </span>
          ) : (
            <span className="text-slate-400">{t('checkins.notYet')}</span>
          ),
      },
    ],
    [t, language, timeZone],
  );

  return (
    <ConsolePage
      title={t('checkins.title')}
      description={t('checkins.description')}
      testId="console-checkins"
    >
      <div className="mb-4 grid grid-cols-3 gap-3" data-testid="checkins-counts">
        <Stat label={t('checkins.approved')} value={data?.approved} />
        <Stat label={t('checkins.checkedIn')} value={data?.checked_in} />
        <Stat label={t('checkins.notYet')} value={data ? data.approved - data.checked_in : undefined} />
      </div>
      {data ? (
        <p className="mb-4 text-[14px] text-slate-600" data-testid="checkins-rate">
          {t('checkins.rate', { percent })}
        </p>
      ) : null}
      {data && data.activities.length > 1 ? (
        <Card className="mb-4 p-4">
          <h2 className="mb-2 text-[15px] font-semibold text-slate-800">{t('checkins.perActivity')}</h2>
          <ul className="space-y-2">
            {data.activities.map((activity) => {
              const share = activity.approved > 0 ? (activity.checked_in / activity.approved) * 100 : 0;
              return (
                <li key={activity.activity_id.$id} className="text-[14px]">
                  <div className="flex justify-between gap-3">
                    <bdi className="min-w-0 truncate">{localize(activity.activity_title, language)}</bdi>
                    <span className="shrink-0 tabular-nums text-slate-600">
                      {activity.checked_in} / {activity.approved}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100">
                    <div className="h-1.5 rounded-full bg-primary" style={{ inlineSize: `${share}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
      <div className="mb-4 grid gap-3 desk:grid-cols-[1fr_1fr_2fr]">
        <SelectField
          label={t('filters.activity')}
          value={activityId}
          onChange={(e) => {
            setActivityId(e.target.value);
            setPage(0);
          }}
          options={[
            { value: '', label: t('checkins.allActivities') },
            ...(data?.activities ?? []).map((a) => ({
              value: a.activity_id.$id,
              label: localize(a.activity_title, language),
            })),
          ]}
        />
        <SelectField
          label={t('checkins.show')}
          value={checkedIn}
          onChange={(e) => {
            setCheckedIn(e.target.value);
            setPage(0);
          }}
          options={[
            { value: '', label: t('checkins.showAll') },
            { value: '1', label: t('checkins.showArrived') },
            { value: '0', label: t('checkins.showWaiting') },
          ]}
          data-testid="checkins-show"
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setQ(draft.trim());
            setPage(0);
          }}
        >
          <Field
            label={t('filters.search')}
            type="search"
            placeholder={t('filters.searchPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </form>
      </div>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton rows={8} />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<ScanLine aria-hidden="true" className="size-7" />} title={t('checkins.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id.$id}
            caption={t('checkins.title')}
            testId="checkins-table"
          />
        )}
      </Card>
      {total > pageSize ? (
        <nav className="mt-3 flex items-center justify-between gap-3 text-[14px] text-slate-600">
          <span>
            {t('table.range', {
              from: page * pageSize + 1,
              to: Math.min(total, (page + 1) * pageSize),
              total,
            })}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('table.previous')}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('table.next')}
              disabled={(page + 1) * pageSize >= total}
              onClick={() => setPage(page + 1)}
            >
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Button>
          </span>
        </nav>
      ) : null}
    </ConsolePage>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="p-4">
      <p className="text-[13px] text-slate-500">{label}</p>
      <p className="mt-1 text-[24px] font-semibold tabular-nums text-slate-900">{value ?? '—'}</p>
    </Card>
  );
}

export { CheckinsRoute as Component };
