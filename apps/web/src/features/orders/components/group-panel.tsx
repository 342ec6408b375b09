import type { Order } from '@app/contracts';
import { QrCode as QrIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useGroupOrders } from '../api/orders.ts';
import { OrderStatusChip, useMoney } from './order-parts.tsx';
import { groupTotals, payLink, unpaidOrders } from './order-view.ts';
import { LazyQrCode } from './pay-panel.tsx';

/**
 * The leader's view of a group checkout where each member pays (§4 Group payment: "pending payment
 * with a count of unpaid members"): every member's order with its status, and for an unpaid one the
 * QR of its pay link, which the member scans to pay on their own phone. Re-read every 5 s.
 */
export function GroupPanel({
  meetingId,
  groupCheckoutId,
  base,
  nowMs,
}: {
  meetingId: string;
  groupCheckoutId: string;
  /** The app's address without its hash (where pay links point). */
  base: string;
  nowMs: number;
}) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const group = useGroupOrders(meetingId, groupCheckoutId);
  const [shown, setShown] = useState<string | undefined>();
  if (group.isPending) return <Skeleton className="h-40 rounded-card" />;
  if (group.isError || group.data.length === 0) return null;
  const orders = group.data;
  const unpaid = unpaidOrders(orders).length;
  // 'Every member has paid' only when each order is paid (a cancelled or expired one was not).
  const allPaid = orders.every((order) => order.status === 'done');
  const currency = orders[0]?.currency ?? 'CNY';
  const totals = groupTotals(orders);
  return (
    <Card className="p-4 desk:p-5" data-testid="group-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('group.title')}</h2>
        <span className="text-sm font-semibold text-slate-900 tabular-nums">
          {money(totals.total, currency)}
        </span>
      </div>
      {unpaid > 0 || allPaid ? (
        <p
          className={
            unpaid > 0 ? 'mt-1 text-sm font-medium text-orange-700' : 'mt-1 text-sm text-emerald-700'
          }
          data-testid="group-unpaid"
        >
          {unpaid > 0 ? t('group.unpaid', { count: unpaid }) : t('group.allPaid')}
        </p>
      ) : null}
      {unpaid > 0 ? <p className="mt-1 text-xs text-slate-500">{t('group.memberHint')}</p> : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {orders.map((order) => (
          <GroupMember
            key={order._id.$id}
            order={order}
            link={
              order.pay_token
                ? payLink(base, { meetingId, orderId: order._id.$id, token: order.pay_token })
                : undefined
            }
            isShown={shown === order._id.$id}
            onToggle={() => setShown((current) => (current === order._id.$id ? undefined : order._id.$id))}
            nowMs={nowMs}
          />
        ))}
      </ul>
    </Card>
  );
}

function GroupMember({
  order,
  link,
  isShown,
  onToggle,
  nowMs,
}: {
  order: Order;
  link: string | undefined;
  isShown: boolean;
  onToggle: () => void;
  nowMs: number;
}) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const name = order.lines.map((line) => line.name).join(', ');
  return (
    <li className="py-3" data-testid="group-member" data-pay-link={link}>
      <div className="flex items-center gap-3">
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">
            <bdi>{name}</bdi>
          </span>
          <span className="text-xs text-slate-500 tabular-nums">{money(order.total, order.currency)}</span>
        </span>
        <OrderStatusChip order={order} nowMs={nowMs} />
        {order.status === 'pending' && link ? (
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            onClick={onToggle}
            aria-expanded={isShown}
            aria-label={`${isShown ? t('group.hideQr') : t('group.showQr')}: ${name}`}
            data-testid="group-member-qr-toggle"
          >
            <QrIcon aria-hidden="true" className="size-5" />
          </Button>
        ) : null}
      </div>
      {isShown && link && order.status === 'pending' ? (
        <div className="mt-3 flex justify-center">
          <Suspense fallback={<Skeleton className="size-44 rounded-lg" />}>
            <LazyQrCode
              value={link}
              label={`${t('pay.qrLabel')}: ${name}`}
              className="size-44 rounded-lg ring-1 ring-slate-200"
            />
          </Suspense>
        </div>
      ) : null}
    </li>
  );
}
