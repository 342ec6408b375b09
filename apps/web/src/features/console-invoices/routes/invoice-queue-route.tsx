import { type ConsoleInvoice, type InvoiceState, invoiceStates } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileText, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { queuePageSize, queueQueryOptions } from '../api/console-invoices-api.ts';
import { QueueStateBadge, useQueueMoney } from '../components/invoice-parts.tsx';
import { invoiceScreens } from '../console-invoices-screens.ts';

const isState = (value: string | null): value is InvoiceState =>
  (invoiceStates as readonly string[]).includes(value ?? '');

/**
 * `#/console/meetings/:meetingId/invoices` (DESIGN §7; §4 Invoice): the meeting's invoice requests by
 * state (tabs with the count of each: processing first, the queue's work), oldest first, searchable by
 * order number, title, taxpayer number or mobile; each row opens the request to complete or reject.
 */
function InvoiceQueueRoute() {
  const { t } = useTranslation('console-invoices');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const money = useQueueMoney();
  const [search, setSearch] = useSearchParams();
  const state = isState(search.get('state')) ? (search.get('state') as InvoiceState) : 'processing';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const q = search.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const list = useQuery(queueQueryOptions(meetingId, { state, q, page }));

  const go = (next: { state?: InvoiceState; q?: string; page?: number }) => {
    const params = new URLSearchParams(search);
    params.set('state', next.state ?? state);
    const text = next.q ?? q;
    if (text) params.set('q', text);
    else params.delete('q');
    params.set('page', String(next.page ?? 1));
    setSearch(params, { replace: true });
  };

  const columns = useMemo<DataColumn<ConsoleInvoice>[]>(
    () => [
      {
        id: 'title',
        header: t('table.title'),
        cell: (item) => (
          <Link
            to={invoiceScreens.review(meetingId, item._id.$id)}
            className="block min-w-0 font-medium text-slate-900 hover:text-primary"
            data-testid="console-invoice-row"
          >
            <bdi className="line-clamp-2">{item.title}</bdi>
            <span className="block text-xs font-normal text-slate-500" dir="ltr">
              {item.taxpayer_number}
            </span>
          </Link>
        ),
      },
      { id: 'type', header: t('table.type'), cell: (item) => t(`type.${item.type}`) },
      {
        id: 'order',
        header: t('table.order'),
        cell: (item) => (
          <span className="text-sm text-slate-600">
            <span className="tabular-nums" dir="ltr">
              {item.order_number}
            </span>
            <bdi className="block text-xs text-slate-500">{item.buyer_name}</bdi>
          </span>
        ),
      },
      {
        id: 'amount',
        header: t('table.amount'),
        className: 'text-end',
        cell: (item) => <span className="tabular-nums">{money(item.amount, item.currency)}</span>,
      },
      { id: 'delivery', header: t('table.delivery'), cell: (item) => t(`delivery.${item.delivery}`) },
      {
        id: 'requested',
        header: t('table.requested'),
        cell: (item) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(item.create_time * 1000, timeZone, language, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
          </span>
        ),
      },
      { id: 'state', header: t('table.state'), cell: (item) => <QueueStateBadge state={item.state} /> },
    ],
    [t, language, meetingId, timeZone, money],
  );

  const counts = list.data?.counts;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / queuePageSize));
  return (
    <ConsolePage title={t('queue.heading')} description={t('queue.description')} testId="console-invoices">
      <Tabs
        label={t('queue.states')}
        className="mb-4"
        items={invoiceStates.map((value) => ({
          value,
          label: t(`state.${value}`),
          sublabel: counts ? String(counts[value]) : '…',
        }))}
        value={state}
        onChange={(value) => go({ state: value as InvoiceState, page: 1 })}
      />
      <form
        className="mb-4 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: draft.trim(), page: 1 });
        }}
      >
        <Field
          className="flex-1"
          label={t('queue.search')}
          isLabelHidden
          placeholder={t('queue.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={64}
          start={<Search aria-hidden="true" className="size-4 text-slate-400" />}
          data-testid="console-invoice-search"
        />
        <Button type="submit" variant="secondary" className="h-12">
          {t('queue.searchButton')}
        </Button>
      </form>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<FileText aria-hidden="true" className="size-7" />}
            title={t(`queue.empty.${state}`)}
            description={q ? t('queue.emptySearch') : undefined}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(item) => item._id.$id}
            caption={t('queue.heading')}
            testId="console-invoice-table"
          />
        )}
      </Card>
      {pages > 1 ? (
        <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={t('queue.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('queue.previous')}
          </Button>
          <span className="tabular-nums text-slate-600">{t('queue.page', { page, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => go({ page: page + 1 })}
          >
            {t('queue.next')}
          </Button>
        </nav>
      ) : null}
    </ConsolePage>
  );
}

export const Component = InvoiceQueueRoute;
