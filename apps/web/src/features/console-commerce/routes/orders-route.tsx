import type { ConsoleOrder } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Receipt } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  downloadOrders,
  emptyOrderFilters,
  type OrderFilters,
  ordersPageSize,
  ordersQuery,
} from '../api/console-commerce-api.ts';
import {
  errorKey,
  formatMoney,
  OrderStatusBadge,
  SelectField,
  useChannelName,
} from '../components/parts.tsx';
import { commerceScreens } from '../console-commerce-screens.ts';

const filterKeys = Object.keys(emptyOrderFilters) as (keyof OrderFilters)[];

function filtersOf(search: URLSearchParams): OrderFilters {
  const filters = { ...emptyOrderFilters };
  for (const key of filterKeys) filters[key] = search.get(key) ?? '';
  return filters;
}

/**
 * `#/console/meetings/:meetingId/commerce/orders` (DESIGN §7; §3 Order, §4 Order): the meeting's
 * orders, 50 a page, searched (number, registrant name, phone, e-mail) and filtered (status,
 * channel, created from / to) with the filters in the address; each opens its detail (lines,
 * payments, refunds). CSV export (one row per line, yuan with 2 decimals) in the header.
 */
function OrdersRoute() {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const [draftQ, setDraftQ] = useState(filters.q);
  const [isExporting, setExporting] = useState(false);
  const channelName = useChannelName();
  const list = useQuery(ordersQuery(meetingId, filters, page));

  const setFilters = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    for (const key of filterKeys) if (merged[key]) params.set(key, merged[key]);
    setSearch(params, { replace: true });
  };
  const setPage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 0) params.set('page', String(next));
    else params.delete('page');
    setSearch(params, { replace: true });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrders(meetingId, filters, language);
    } catch (error) {
      showToast(t(errorKey(error)));
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(
    (): DataColumn<ConsoleOrder>[] => [
      {
        id: 'number',
        header: t('orders.columns.number'),
        cell: (row) => (
          <Link
            to={commerceScreens.order(meetingId, row._id.$id)}
            className="font-medium text-slate-900 hover:text-primary"
            data-testid="order-open"
          >
            <bdi dir="ltr">{row.number}</bdi>
          </Link>
        ),
      },
      {
        id: 'buyer',
        header: t('orders.columns.buyer'),
        cell: (row) => (
          <div className="min-w-0">
            <bdi className="font-medium">{row.name || '—'}</bdi>
            <p className="text-[12px] text-slate-500" dir="ltr">
              {[row.phone, row.email].filter(Boolean).join(' · ')}
            </p>
          </div>
        ),
      },
      {
        id: 'total',
        header: t('orders.columns.total'),
        cell: (row) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(row.total, row.currency, language)}
            {row.refund_amount > 0 ? (
              <span className="block text-[12px] text-slate-500">
                {t('orders.refunded', { amount: formatMoney(row.refund_amount, row.currency, language) })}
              </span>
            ) : null}
          </span>
        ),
      },
      { id: 'status', header: t('orders.columns.status'), cell: (row) => <OrderStatusBadge order={row} /> },
      {
        id: 'channel',
        header: t('orders.columns.channel'),
        cell: (row) => <span className="text-[13px]">{channelName(row.pay_channel)}</span>,
      },
      {
        id: 'created',
        header: t('orders.columns.created'),
        cell: (row) => (
          <span className="whitespace-nowrap text-[13px] text-slate-600">
            {formatDate(row.create_time * 1000, timeZone, language, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
            })}
          </span>
        ),
      },
    ],
    [t, language, timeZone, meetingId, channelName],
  );

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const channels = list.data?.channels ?? [];
  const statuses = ['pending', 'done', 'expired', 'cancelled'] as const;

  return (
    <ConsolePage
      title={t('orders.title')}
      description={t('orders.description')}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={isExporting}
          onClick={() => void exportCsv()}
          data-testid="orders-export"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('orders.export')}
        </Button>
      }
      testId="console-orders"
    >
      <form
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ q: draftQ.trim() });
        }}
      >
        <Field
          label={t('orders.search')}
          isLabelHidden
          type="search"
          placeholder={t('orders.searchPlaceholder')}
          value={draftQ}
          onChange={(event) => setDraftQ(event.target.value)}
          onBlur={() => draftQ.trim() !== filters.q && setFilters({ q: draftQ.trim() })}
          data-testid="orders-search"
        />
      </form>
      <div className="mb-4 grid grid-cols-2 gap-3 desk:grid-cols-4">
        <SelectField
          label={t('orders.filters.status')}
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value })}
          options={[
            { value: '', label: t('orders.filters.any') },
            ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          data-testid="orders-filter-status"
        />
        <SelectField
          label={t('orders.filters.channel')}
          value={filters.channel}
          onChange={(e) => setFilters({ channel: e.target.value })}
          options={[
            { value: '', label: t('orders.filters.any') },
            ...channels.map((c) => ({ value: c, label: channelName(c) })),
          ]}
        />
        <Field
          label={t('orders.filters.from')}
          type="date"
          value={filters.from}
          onChange={(e) => setFilters({ from: e.target.value })}
          data-testid="orders-filter-from"
        />
        <Field
          label={t('orders.filters.to')}
          type="date"
          value={filters.to}
          onChange={(e) => setFilters({ to: e.target.value })}
        />
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton rows={8} />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<Receipt aria-hidden="true" className="size-7" />}
            title={t('orders.empty')}
            description={t('orders.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id.$id}
            caption={t('orders.title')}
            testId="orders-table"
          />
        )}
      </Card>
      {total > 0 ? (
        <nav className="mt-3 flex items-center justify-between gap-3 text-[14px] text-slate-600">
          <span data-testid="orders-range">
            {t('orders.range', {
              from: page * ordersPageSize + 1,
              to: Math.min(total, (page + 1) * ordersPageSize),
              total,
            })}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('orders.previous')}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('orders.next')}
              disabled={(page + 1) * ordersPageSize >= total}
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

export { OrdersRoute as Component };
