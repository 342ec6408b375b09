import type { AppointmentStateCounts, AppointmentsOverview } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarClock, Download } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { appointmentsOverviewQueryOptions, fetchAppointmentsCsv } from '../api/console-exhibitors-api.ts';
import { consoleExhibitorsErrorMessage } from '../components/console-exhibitors-errors.ts';

type Row = AppointmentsOverview['exhibitors'][number];
const states = [
  'applying',
  'accepted',
  'ignored',
  'retracted',
  'cancelled',
] as const satisfies readonly (keyof AppointmentStateCounts)[];

/** Saves text as a file through a temporary object URL. */
function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `#/console/meetings/:meetingId/appointments` (DESIGN §7, §4 Appointment): the meeting requests of
 * the meeting counted by state (applying, accepted, ignored, retracted, cancelled) in all and per
 * exhibitor, most requested first, and the CSV export of every request.
 */
function AppointmentsRoute() {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const query = useQuery(appointmentsOverviewQueryOptions(meetingId));
  const exportCsv = useMutation({
    mutationFn: () => fetchAppointmentsCsv(meetingId, language),
    onSuccess: (csv) => download(csv, `appointments-${meetingId}.csv`, 'text/csv;charset=utf-8'),
    onError: (error) => showToast(consoleExhibitorsErrorMessage(error, t)),
  });

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'exhibitor',
        header: t('appointments.exhibitor'),
        cell: (row) => (
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              <bdi>{localize(row.title, language)}</bdi>
            </p>
            {row.booth ? <p className="text-[12px] text-slate-500">{row.booth}</p> : null}
          </div>
        ),
      },
      ...states.map((state) => ({
        id: state,
        header: t(`appointments.states.${state}`),
        className: 'text-end tabular-nums',
        cell: (row: Row) => row[state],
      })),
      {
        id: 'total',
        header: t('appointments.total'),
        className: 'text-end font-semibold tabular-nums',
        cell: (row) => row.total,
      },
    ],
    [t, language],
  );

  return (
    <ConsolePage
      title={t('appointments.title')}
      description={t('appointments.description')}
      testId="console-appointments"
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => exportCsv.mutate()}
          disabled={exportCsv.isPending}
          data-testid="console-appointments-export"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('appointments.export')}
        </Button>
      }
    >
      {query.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : query.isError ? (
        <Card>
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 desk:grid-cols-6">
            {[...states, 'total' as const].map((state) => (
              <Card key={state} className="p-4">
                <dt className="text-[13px] text-slate-500">
                  {state === 'total' ? t('appointments.total') : t(`appointments.states.${state}`)}
                </dt>
                <dd
                  className="mt-1 text-[24px] font-semibold tabular-nums text-slate-900"
                  data-testid={`console-appointments-${state}`}
                >
                  {query.data.states[state]}
                </dd>
              </Card>
            ))}
          </dl>
          <Card className="overflow-hidden">
            {query.data.exhibitors.length === 0 ? (
              <EmptyState
                icon={<CalendarClock aria-hidden="true" className="size-7" />}
                title={t('appointments.empty')}
              />
            ) : (
              <DataTable
                columns={columns}
                rows={query.data.exhibitors}
                rowKey={(row) => row.enterprise_id.$id}
                caption={t('appointments.perExhibitor')}
              />
            )}
          </Card>
        </>
      )}
    </ConsolePage>
  );
}

export const Component = AppointmentsRoute;
