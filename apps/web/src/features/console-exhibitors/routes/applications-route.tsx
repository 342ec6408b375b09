import type { ConsoleExhibitorApplication } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, TextArea } from '../../../components/ui/form-dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  applicationsQueryOptions,
  approveApplication,
  consoleExhibitorsKeys,
  rejectApplication,
} from '../api/console-exhibitors-api.ts';
import { consoleExhibitorsErrorMessage } from '../components/console-exhibitors-errors.ts';

type Filter = 'waiting' | 'approved' | 'rejected' | 'all';
const statusOf: Record<Filter, number | undefined> = { waiting: 0, approved: 1, rejected: 2, all: undefined };
const filters: Filter[] = ['waiting', 'approved', 'rejected', 'all'];

/**
 * `#/console/meetings/:meetingId/exhibitors/applications` (DESIGN §7, §2 /meeting/apply): the inbox of
 * applications to exhibit, filtered by status (waiting first), with approve — the account name
 * prefilled from the company, editable — and reject with a reason. Approving makes the enterprise,
 * its exhibitor and the account, and sends the applicant the link to set the password.
 */
function ApplicationsRoute() {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const [filter, setFilter] = useState<Filter>('waiting');
  const query = useQuery(applicationsQueryOptions(meetingId, statusOf[filter]));
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState<ConsoleExhibitorApplication | undefined>();
  const [account, setAccount] = useState('');
  const [rejecting, setRejecting] = useState<ConsoleExhibitorApplication | undefined>();
  const [reason, setReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleExhibitorsKeys.all(meetingId) });

  const approve = useMutation({
    mutationFn: (input: { id: string; account: string }) =>
      approveApplication(meetingId, input.id, { account: input.account, lang: language }),
    onSuccess: (answer) => {
      setApproving(undefined);
      showToast(t('applications.approved', { account: answer.account }));
      void refresh();
    },
    onError: (error) => showToast(consoleExhibitorsErrorMessage(error, t)),
  });
  const reject = useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      rejectApplication(meetingId, input.id, { reason: input.reason, lang: language }),
    onSuccess: () => {
      setRejecting(undefined);
      showToast(t('applications.rejected'));
      void refresh();
    },
    onError: (error) => showToast(consoleExhibitorsErrorMessage(error, t)),
  });

  const columns = useMemo<DataColumn<ConsoleExhibitorApplication>[]>(
    () => [
      {
        id: 'company',
        header: t('applications.company'),
        cell: (item) => (
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              <bdi>{item.company}</bdi>
            </p>
            <p className="text-[13px] text-slate-500">
              <bdi>{item.contact_name}</bdi>
            </p>
          </div>
        ),
      },
      {
        id: 'contact',
        header: t('applications.contact'),
        cell: (item) => (
          <div className="text-[13px]" dir="ltr">
            <p>{item.phone}</p>
            {item.email ? <p className="text-slate-500">{item.email}</p> : null}
          </div>
        ),
      },
      {
        id: 'message',
        header: t('applications.message'),
        cell: (item) => (
          <p className="line-clamp-3 max-w-[18rem] text-[13px] text-slate-600">{item.message || '—'}</p>
        ),
      },
      {
        id: 'created',
        header: t('applications.created'),
        cell: (item) => (
          <span className="whitespace-nowrap text-[13px]">
            {formatDate(item.created * 1000, timeZone, language, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('applications.status'),
        cell: (item) => <StatusBadge item={item} />,
      },
      {
        id: 'actions',
        header: t('applications.actions'),
        className: 'text-end',
        cell: (item) =>
          item.status === 0 ? (
            <div className="flex flex-wrap justify-end gap-2 desk:flex-nowrap">
              <Button
                size="sm"
                className="whitespace-nowrap"
                onClick={() => {
                  setAccount(item.company);
                  setApproving(item);
                }}
                data-testid="console-application-approve"
              >
                <Check aria-hidden="true" className="size-4" />
                {t('applications.approve')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                className="whitespace-nowrap"
                onClick={() => {
                  setReason('');
                  setRejecting(item);
                }}
                data-testid="console-application-reject"
              >
                <X aria-hidden="true" className="size-4" />
                {t('applications.reject')}
              </Button>
            </div>
          ) : null,
      },
    ],
    [t, language, timeZone],
  );

  const counts = query.data?.counts;
  const countOf = (value: Filter) =>
    counts
      ? value === 'all'
        ? counts.waiting + counts.approved + counts.rejected
        : counts[value]
      : undefined;

  return (
    <ConsolePage
      title={t('applications.title')}
      description={t('applications.description')}
      testId="console-exhibitor-applications"
    >
      <Tabs
        label={t('applications.filter')}
        className="mb-4"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        items={filters.map((value) => ({
          value,
          label: t(`applications.filters.${value}`),
          sublabel: countOf(value) === undefined ? undefined : String(countOf(value)),
        }))}
      />
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState
            icon={<Inbox aria-hidden="true" className="size-7" />}
            title={t('applications.empty')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data.items}
            rowKey={(item) => item._id.$id}
            caption={t('applications.title')}
            testId="console-applications-table"
          />
        )}
      </Card>

      <FormDialog
        isOpen={approving !== undefined}
        title={t('applications.approveTitle', { company: approving?.company ?? '' })}
        submitLabel={t('applications.approve')}
        cancelLabel={t('actions.cancel')}
        isBusy={approve.isPending}
        onCancel={() => setApproving(undefined)}
        onSubmit={() => approving && approve.mutate({ id: approving._id.$id, account: account.trim() })}
        testId="console-approve-dialog"
      >
        <p className="text-[14px] text-slate-600">{t('applications.approveBody')}</p>
        <Field
          label={t('applications.account')}
          value={account}
          required
          maxLength={textLimits.account}
          dir="ltr"
          autoComplete="off"
          onChange={(event) => setAccount(event.target.value)}
          hint={t('applications.accountHint')}
          data-testid="console-approve-account"
        />
      </FormDialog>
      <FormDialog
        isOpen={rejecting !== undefined}
        title={t('applications.rejectTitle', { company: rejecting?.company ?? '' })}
        submitLabel={t('applications.reject')}
        cancelLabel={t('actions.cancel')}
        isBusy={reject.isPending || reason.trim() === ''}
        onCancel={() => setRejecting(undefined)}
        onSubmit={() => rejecting && reject.mutate({ id: rejecting._id.$id, reason: reason.trim() })}
        testId="console-reject-dialog"
      >
        <TextArea
          label={t('applications.reason')}
          value={reason}
          onChange={setReason}
          maxLength={textLimits.freeText}
          isRequired
          testId="console-reject-reason"
        />
      </FormDialog>
    </ConsolePage>
  );
}

function StatusBadge({ item }: { item: ConsoleExhibitorApplication }) {
  const { t } = useTranslation('console-exhibitors');
  if (item.status === 1) {
    return (
      <div className="text-[13px]">
        <span className="whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700">
          {t('applications.filters.approved')}
        </span>
        {item.account ? (
          <p className="mt-1 text-slate-500" dir="ltr">
            {item.account}
          </p>
        ) : null}
      </div>
    );
  }
  if (item.status === 2) {
    return (
      <div className="text-[13px]">
        <span className="whitespace-nowrap rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700">
          {t('applications.filters.rejected')}
        </span>
        {item.reason ? <p className="mt-1 line-clamp-2 max-w-[14rem] text-slate-500">{item.reason}</p> : null}
      </div>
    );
  }
  return (
    <span className="whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-[13px] font-medium text-amber-700">
      {t('applications.filters.waiting')}
    </span>
  );
}

export const Component = ApplicationsRoute;
