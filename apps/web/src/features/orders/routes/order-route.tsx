import type { Order } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, FileText, Smartphone, XCircle } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { cancelOrder, downloadReceipt, ordersKey, useOrder, useReceipts } from '../api/orders.ts';
import { GroupPanel } from '../components/group-panel.tsx';
import { OrderStatusChip, useMoment, useMoney } from '../components/order-parts.tsx';
import { formatCountdown, payLink, secondsLeft } from '../components/order-view.ts';
import { LazyQrCode, PayPanel } from '../components/pay-panel.tsx';
import { isPaying } from '../components/wechat-pay.ts';

const objectIdPattern = /^[0-9a-f]{24}$/i;

/** The app's address without its hash: where pay links and provider returns point. */
const appBase = () => `${window.location.origin}${window.location.pathname}`;

/**
 * /my/order/{checkoutId} (§2 Personal, login): one order. While pending it is the pay page: the
 * countdown to expires_at (tick 1000 ms, §9), the payment channels and their start (PayPanel), the
 * QR to pay on another device (§4 "confirm or cancel after scanning") and cancel; `?pay_token=` is that
 * QR's link opened on another device (Confirm and pay / Cancel). Then the lines with registrants and
 * their tickets, totals, payments, refunds, receipts and the invoice request. Unknown id → /404.
 */
function OrderRoute() {
  const { ready } = useTranslation(['orders', 'common']);
  const { checkoutId = '' } = useParams();
  const [token] = useSearchState('pay_token');
  const [isWatching, setWatching] = useState(() => isPaying(checkoutId));
  const isValidId = objectIdPattern.test(checkoutId);
  // A started payment (QR shown, or back from the provider's page): read every 2 s until done.
  const order = useOrder(checkoutId, token, isWatching);
  if (!isValidId) return <Navigate to={paths.notFound()} replace />;
  if (order.isError) {
    const status = order.error instanceof ApiError ? order.error.status : 0;
    if (status === 404 || status === 400) return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void order.refetch()} />;
  }
  if (!ready || order.isPending) return <OrderSkeleton />;
  return (
    <OrderPage
      order={order.data}
      token={token}
      onWatch={() => setWatching(true)}
      onRefetch={() => void order.refetch()}
    />
  );
}

function OrderPage({
  order,
  token,
  onWatch,
  onRefetch,
}: {
  order: Order;
  token: string | undefined;
  onWatch: () => void;
  onRefetch: () => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const money = useMoney();
  const moment = useMoment(meeting.time_zone);
  const now = useNow(1000);
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isCancelling, setCancelling] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [isSharedConfirmed, setSharedConfirmed] = useState(false);
  const orderId = order._id.$id;
  const left = secondsLeft(order.expires_at, now);
  const isPending = order.status === 'pending';
  const isExpired = isPending && order.expires_at !== null && left === 0;
  const isShared = Boolean(token);
  const returnUrl = `${appBase()}#${orderPaths.detail({ meetingId, checkoutId: orderId, token })}`;

  // The server's expiry job may lag behind the clock: read the order again once time is up.
  const askedAtExpiry = useRef(false);
  useEffect(() => {
    if (isExpired && !askedAtExpiry.current) {
      askedAtExpiry.current = true;
      onRefetch();
    }
  }, [isExpired, onRefetch]);
  // A payment completed while this page watched: say so once, and refresh lists and tickets.
  const wasPending = useRef(isPending);
  useEffect(() => {
    if (wasPending.current && order.status === 'done') {
      showToast(t('pay.paidToast'));
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: ['activities'] });
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    }
    wasPending.current = order.status === 'pending';
  }, [order.status, queryClient, t]);

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelOrder(orderId, token);
      showToast(t('pay.cancelledToast'));
      setCancelling(false);
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
      onRefetch();
    } finally {
      setBusy(false);
    }
  };

  const showPay = isPending && (!isShared || isSharedConfirmed);
  return (
    <div className="mx-auto max-w-[720px] space-y-4 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <div className="flex items-center justify-between gap-3">
        <Link to={orderPaths.list({ meetingId })} className="text-sm font-medium text-primary">
          {t('detail.back')}
        </Link>
        <OrderStatusChip order={order} />
      </div>

      {isShared && isPending ? (
        <Card className="p-4 desk:p-5" data-testid="shared-order">
          <h1 className="text-lg font-semibold text-slate-900">{t('pay.sharedTitle')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('pay.sharedHint')}</p>
        </Card>
      ) : (
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 max-desk:sr-only desk:text-3xl">
          {t('pages.detail')}
        </h1>
      )}

      <Card className="p-4 desk:p-5" data-testid="order-summary">
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm text-slate-500">{t('detail.total')}</span>
          <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="order-detail-total">
            {money(order.total, order.currency)}
          </span>
        </div>
        {isPending && !isExpired ? (
          <p
            className="mt-3 flex items-center justify-between gap-3 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800"
            data-testid="order-countdown"
          >
            <span className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4" />
              {t('pay.timeLeft')}
            </span>
            <span className="font-semibold tabular-nums" dir="ltr" role="timer">
              {formatCountdown(left)}
            </span>
          </p>
        ) : null}
        <StateNote order={order} isExpired={isExpired} />
        <dl className="mt-4 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
          <Row label={t('detail.number')} value={<span className="tabular-nums">{order.number}</span>} />
          <Row label={t('detail.created')} value={moment(order.create_time)} />
          {order.pay_time ? <Row label={t('detail.paidAt')} value={moment(order.pay_time)} /> : null}
          {order.pay_channel ? (
            <Row label={t('detail.channel')} value={channelLabel(t, order.pay_channel)} />
          ) : null}
        </dl>
      </Card>

      {isShared && isPending && !isSharedConfirmed && !isExpired ? (
        <div className="flex gap-3">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => setCancelling(true)}
            data-testid="shared-cancel"
          >
            {t('pay.cancel')}
          </Button>
          <Button className="flex-1" onClick={() => setSharedConfirmed(true)} data-testid="shared-confirm">
            {t('pay.confirmPay')}
          </Button>
        </div>
      ) : null}

      {/* A group where each member pays: the leader sees the whole group first. */}
      {!isShared && order.group_checkout_id ? (
        <GroupPanel
          meetingId={meetingId}
          groupCheckoutId={order.group_checkout_id.$id}
          base={appBase()}
          nowMs={now}
        />
      ) : null}
      {showPay ? (
        <PayPanel
          order={order}
          token={token}
          returnUrl={returnUrl}
          isExpired={isExpired}
          onQrShown={onWatch}
          onSettled={() => {
            onWatch();
            onRefetch();
          }}
        />
      ) : null}

      {!isShared && isPending && !isExpired && order.pay_token && !order.group_checkout_id ? (
        <OtherDevice link={payLink(appBase(), { meetingId, orderId, token: order.pay_token })} />
      ) : null}

      <Lines order={order} meetingId={meetingId} />
      <Totals order={order} />
      <History order={order} moment={moment} />

      {order.status === 'done' && !isShared ? <Documents order={order} meetingId={meetingId} /> : null}

      {isPending && !isExpired && !isShared ? (
        <Button
          variant="ghost"
          className="w-full text-slate-500"
          onClick={() => setCancelling(true)}
          data-testid="order-cancel"
        >
          {t('pay.cancel')}
        </Button>
      ) : null}

      <ConfirmDialog
        isOpen={isCancelling}
        title={t('pay.cancelTitle')}
        body={t('pay.cancelBody')}
        confirmLabel={t('pay.cancel')}
        cancelLabel={t('pay.keep')}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(false)}
        isBusy={isBusy}
      />
      {/* The buyer's own order opened from the QR link: show it as the buyer sees it. */}
      {isShared && !isPending ? (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => navigate(orderPaths.list({ meetingId }))}
        >
          {t('detail.back')}
        </Button>
      ) : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<['orders', 'common']>>['t'];

const knownChannels = new Set([
  'sandbox',
  'wechat_jsapi',
  'wechat_h5',
  'wechat_native',
  'alipay_wap',
  'alipay_page',
  'stripe_checkout',
]);
function channelLabel(t: T, channel: string): string {
  return knownChannels.has(channel) ? t(`channels.${channel as 'sandbox'}`) : channel;
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-end text-slate-900">{value}</dd>
    </div>
  );
}

function StateNote({ order, isExpired }: { order: Order; isExpired: boolean }) {
  const { t } = useTranslation('orders');
  let note: { icon: React.ReactNode; text: string; tone: string } | null = null;
  if (order.status === 'expired' || isExpired) {
    note = {
      icon: <XCircle aria-hidden="true" className="size-4" />,
      text: t('detail.expiredNote'),
      tone: 'bg-slate-50 text-slate-600',
    };
  } else if (order.status === 'cancelled') {
    note = {
      icon: <XCircle aria-hidden="true" className="size-4" />,
      text: t('detail.cancelledNote'),
      tone: 'bg-slate-50 text-slate-600',
    };
  } else if (order.status === 'done' && order.refund_flag !== 1) {
    note = {
      icon: <CheckCircle2 aria-hidden="true" className="size-4" />,
      text: t('detail.paidNote'),
      tone: 'bg-emerald-50 text-emerald-800',
    };
  }
  if (!note) return null;
  return (
    <p
      className={`mt-3 flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${note.tone}`}
      data-testid="order-note"
    >
      {note.icon}
      {note.text}
    </p>
  );
}

function OtherDevice({ link }: { link: string }) {
  const { t } = useTranslation('orders');
  const [isOpen, setOpen] = useState(false);
  return (
    <Card className="p-4 desk:p-5">
      <button
        type="button"
        className="flex w-full items-center gap-3 text-start"
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        data-testid="other-device"
      >
        <Smartphone aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <span className="flex-1 font-medium text-slate-900">{t('pay.otherDevice')}</span>
      </button>
      {isOpen ? (
        <div className="mt-4 flex flex-col items-center gap-3 text-center" data-testid="other-device-qr">
          <Suspense fallback={<Skeleton className="size-48 rounded-lg" />}>
            <LazyQrCode
              value={link}
              label={t('pay.qrLabel')}
              className="size-48 rounded-lg ring-1 ring-slate-200"
            />
          </Suspense>
          <p className="max-w-xs text-sm text-slate-500">{t('pay.otherDeviceHint')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={async () => showToast((await copyText(link)) ? t('pay.copied') : t('pay.copyFailed'))}
          >
            {t('pay.copyLink')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function Lines({ order, meetingId }: { order: Order; meetingId: string }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const money = useMoney();
  return (
    <Card className="p-4 desk:p-5">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{t('detail.tickets')}</h2>
      <ul className="divide-y divide-slate-100" data-testid="order-lines">
        {order.lines.map((line) => (
          <li key={line._id.$id} className="py-3" data-testid="order-line">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <bdi>{localize(line.activity_title, language)}</bdi>
                </p>
                <p className="text-[13px] text-slate-500">
                  <bdi>{localize(line.price_title, language)}</bdi> · <bdi>{line.name}</bdi>
                </p>
                {line.coupon_code ? (
                  <p className="mt-0.5 text-xs text-emerald-700">
                    {t('detail.coupon', { code: line.coupon_code })}
                  </p>
                ) : null}
              </div>
              <div className="shrink-0 text-end tabular-nums">
                <p className="font-semibold text-slate-900">{money(line.amount, order.currency)}</p>
                {line.discount > 0 ? (
                  <p className="text-xs text-slate-400 line-through">
                    {money(line.unit_amount, order.currency)}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="mt-1.5 text-[13px]">
              {line.cancelled === 1 ? (
                <span className="text-slate-400">{t('detail.lineCancelled')}</span>
              ) : line.ticket_id ? (
                <Link
                  to={activityPaths.registration.ticket({ meetingId, ticketId: line.ticket_id.$id })}
                  className="font-medium text-primary"
                  data-testid="line-ticket"
                >
                  {t('detail.viewTicket')}
                </Link>
              ) : (
                <span className="text-slate-400">{t('detail.ticketAfterPayment')}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Totals({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  return (
    <Card className="p-4 desk:p-5">
      <dl className="space-y-1.5 text-sm">
        <Row
          label={t('detail.subtotal')}
          value={<span className="tabular-nums">{money(order.subtotal, order.currency)}</span>}
        />
        {order.discount > 0 ? (
          <Row
            label={t('detail.discount')}
            value={
              <span className="text-emerald-700 tabular-nums" dir="ltr">
                −{money(order.discount, order.currency)}
              </span>
            }
          />
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-100 pt-2 font-semibold">
          <dt className="text-slate-900">{t('detail.total')}</dt>
          <dd className="text-slate-900 tabular-nums">{money(order.total, order.currency)}</dd>
        </div>
        {order.refund_amount > 0 ? (
          <Row
            label={t('detail.refunded')}
            value={<span className="tabular-nums">{money(order.refund_amount, order.currency)}</span>}
          />
        ) : null}
      </dl>
    </Card>
  );
}

function History({ order, moment }: { order: Order; moment: (seconds: number) => string }) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  if (order.payments.length === 0 && order.refunds.length === 0) return null;
  const paymentKey = (status: string) =>
    ['created', 'paid', 'failed', 'closed'].includes(status)
      ? t(`paymentStatus.${status as 'paid'}`)
      : status;
  const refundKey = (status: string) =>
    ['pending', 'succeeded', 'failed'].includes(status) ? t(`refundStatus.${status as 'pending'}`) : status;
  return (
    <Card className="space-y-4 p-4 desk:p-5">
      {order.payments.length > 0 ? (
        <section>
          <h2 className="mb-2 text-base font-semibold text-slate-900">{t('detail.payments')}</h2>
          <ul className="space-y-1.5 text-sm" data-testid="order-payments">
            {order.payments.map((payment) => (
              <li key={payment._id} className="flex justify-between gap-3">
                <span className="text-slate-600">
                  {channelLabel(t as T, payment.channel)} · {paymentKey(payment.status)}
                  {payment.pay_time ? ` · ${moment(payment.pay_time)}` : ''}
                </span>
                <span className="shrink-0 tabular-nums text-slate-900">
                  {money(payment.amount, order.currency)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.refunds.length > 0 ? (
        <section>
          <h2 className="mb-2 text-base font-semibold text-slate-900">{t('detail.refunds')}</h2>
          <ul className="space-y-1.5 text-sm" data-testid="order-refunds">
            {order.refunds.map((refund) => (
              <li key={refund._id.$id} className="flex justify-between gap-3">
                <span className="min-w-0 text-slate-600">
                  {refundKey(refund.status)} · {moment(refund.create_time)}
                  {refund.reason ? (
                    <span className="block truncate text-xs text-slate-400">
                      <bdi>{refund.reason}</bdi>
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 tabular-nums text-slate-900">
                  {money(refund.amount, order.currency)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

function Documents({ order, meetingId }: { order: Order; meetingId: string }) {
  const { t } = useTranslation(['orders', 'common']);
  const { t: tc } = useTranslation('common');
  const money = useMoney();
  const receipts = useReceipts(order._id.$id, true);
  return (
    <Card className="space-y-3 p-4 desk:p-5" data-testid="order-documents">
      {receipts.data && receipts.data.length > 0 ? (
        <ul className="space-y-2">
          {receipts.data.map((receipt) => {
            const label =
              receipt.kind === 'cancellation'
                ? t('detail.cancellationNumber', { number: receipt.number_text })
                : t('detail.receiptNumber', { number: receipt.number_text });
            return (
              <li key={receipt._id.$id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 text-start text-sm"
                  onClick={() =>
                    downloadReceipt(receipt._id.$id, `${receipt.number_text}.pdf`).catch((error: unknown) =>
                      showToast(apiErrorMessage(error, tc)),
                    )
                  }
                  data-testid="order-receipt"
                >
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
                  <span className="flex-1">
                    <span className="block font-medium text-slate-900">{t('detail.receipts')}</span>
                    <span className="text-xs text-slate-500">
                      {label} · {money(receipt.amount, receipt.currency)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {order.refund_flag !== 1 ? (
        <ButtonLink
          to={orderPaths.invoiceForm({ meetingId, checkoutId: order._id.$id })}
          variant="secondary"
          className="w-full"
        >
          {t('detail.invoice')}
        </ButtonLink>
      ) : null}
    </Card>
  );
}

function OrderSkeleton() {
  return (
    <div className="mx-auto max-w-[720px] space-y-4 px-4 pt-4 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-44 w-full rounded-card" />
      <Skeleton className="h-32 w-full rounded-card" />
      <Skeleton className="h-24 w-full rounded-card" />
    </div>
  );
}

export { OrderRoute as Component };
