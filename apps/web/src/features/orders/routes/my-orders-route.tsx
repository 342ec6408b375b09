import type { Order } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMyOrders } from '../api/orders.ts';
import { OrderStatusChip, useMoment, useMoney } from '../components/order-parts.tsx';

/**
 * /my/order (§2 Personal, login): the caller's orders, newest first, 20 at a time ("load more"):
 * number, activity, total, when placed and the status chip (§4 colours; pending with the time left
 * to pay, ticking each second, §9). A card opens the order (its pay page while pending).
 */
function MyOrdersRoute() {
  const { t, ready } = useTranslation(['orders', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const pages = useMyOrders(meetingId);
  const orders = pages.data?.pages.flat() ?? [];
  const hasPending = orders.some((order) => order.status === 'pending');
  const now = useNow(hasPending ? 1000 : 60_000);

  let body: ReactNode;
  if (!ready || pages.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        {placeholderKeys(4).map((key) => (
          <Skeleton key={key} className="h-32 rounded-card" />
        ))}
      </div>
    );
  } else if (pages.isError) {
    body = <ErrorState onRetry={() => void pages.refetch()} />;
  } else if (orders.length === 0) {
    body = (
      <EmptyState
        icon={<Receipt aria-hidden="true" className="size-7" />}
        title={t('list.empty')}
        description={t('list.emptyHint')}
        action={
          <ButtonLink to={activityPaths.activity.list({ meetingId })} variant="secondary">
            {t('list.browse')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-3" data-testid="order-list">
          {orders.map((order) => (
            <li key={order._id.$id}>
              <OrderCard order={order} meetingId={meetingId} timeZone={meeting.time_zone} nowMs={now} />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={pages.hasNextPage}
          isLoading={pages.isFetchingNextPage}
          onLoad={() => void pages.fetchNextPage()}
          loadLabel={t('common:actions.loadMore')}
          loadingLabel={t('common:states.loadingMore')}
          doneLabel={t('common:states.allLoaded')}
        />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={ready ? t('pages.list') : ''} />
      {body}
    </div>
  );
}

function OrderCard({
  order,
  meetingId,
  timeZone,
  nowMs,
}: {
  order: Order;
  meetingId: string;
  timeZone: string;
  nowMs: number;
}) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const money = useMoney();
  const moment = useMoment(timeZone);
  const titles = [...new Set(order.lines.map((line) => localize(line.activity_title, language)))];
  const first = order.lines[0];
  return (
    <Link
      to={orderPaths.detail({ meetingId, checkoutId: order._id.$id })}
      className="block rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-200/70 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="order-card"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 truncate text-xs text-slate-500">
          {t('list.number', { number: order.number })}
        </span>
        <OrderStatusChip order={order} nowMs={nowMs} />
      </div>
      <p className="mt-2 line-clamp-2 font-semibold text-slate-900">
        <bdi>{titles.join(' · ')}</bdi>
      </p>
      {first ? (
        <p className="mt-0.5 truncate text-[13px] text-slate-500">
          <bdi>{localize(first.price_title, language)}</bdi>
          {order.lines.length > 1 ? ` ${t('list.moreLines', { count: order.lines.length - 1 })}` : ''}
        </p>
      ) : null}
      <div className="mt-3 flex items-end justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="text-xs text-slate-500">
          {t('list.created', { time: moment(order.create_time) })}
        </span>
        <span className="flex items-center gap-1">
          <span className="text-base font-bold text-slate-900 tabular-nums" data-testid="order-total">
            {money(order.total, order.currency)}
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
        </span>
      </div>
    </Link>
  );
}

export { MyOrdersRoute as Component };
