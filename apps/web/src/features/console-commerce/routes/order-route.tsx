import type { ConsoleOrderDetail } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { commerceKey, orderQuery, refundOrder } from '../api/console-commerce-api.ts';
import {
  canDo,
  centsOf,
  errorKey,
  formatMoney,
  OrderStatusBadge,
  useChannelName,
  usePayStatus,
  yuanText,
} from '../components/parts.tsx';
import { commerceScreens } from '../console-commerce-screens.ts';

type RefundMode = 'full' | 'lines' | 'amount';

/** A refund waiting for its confirmation. */
type PendingRefund = { amount: number; lineIds: string[]; reason: string };

/** A random key per refund dialog: the same refund sent twice is done once (idempotency). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The refund dialog (§3 Order refund amount): the whole refundable amount, chosen lines (their
 * tickets are cancelled; the amount is what is left of their line amounts), or a partial amount up to
 * what is refundable — then a confirmation naming the amount.
 */
function RefundDialog({
  order,
  isOpen,
  onClose,
}: {
  order: ConsoleOrderDetail;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<RefundMode>('full');
  const [lineIds, setLineIds] = useState<string[]>([]);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<PendingRefund | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const openLines = order.lines.filter((l) => l.cancelled === 0 && l.amount - l.refunded_amount > 0);
  const linesAmount = Math.min(
    order.refundable,
    order.lines
      .filter((l) => lineIds.includes(l._id.$id))
      .reduce((sum, l) => sum + l.amount - l.refunded_amount, 0),
  );
  const typed = centsOf(amountText);
  const amount = mode === 'full' ? order.refundable : mode === 'lines' ? linesAmount : (typed ?? 0);
  const amountError =
    mode === 'amount' && amountText !== '' && (typed === null || typed < 1 || typed > order.refundable)
      ? t('refund.amountInvalid', { max: money(order.refundable) })
      : undefined;
  const canSubmit = amount >= 1 && amount <= order.refundable && reason.trim() !== '' && !amountError;

  const refund = useMutation({
    mutationFn: (job: PendingRefund) =>
      refundOrder(meetingId, order._id.$id, { ...job, idempotencyKey: key }),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderQuery(meetingId, order._id.$id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: commerceKey(meetingId) });
      showToast(t('refund.done'));
      setPending(null);
      setKey(newIdempotencyKey());
      setReason('');
      setAmountText('');
      setLineIds([]);
      onClose();
    },
    onError: (error) => {
      setPending(null);
      showToast(t(errorKey(error)));
    },
  });

  return (
    <>
      <FormDialog
        isOpen={isOpen && pending === null}
        title={t('refund.title')}
        submitLabel={t('refund.continue')}
        cancelLabel={t('refund.cancel')}
        onCancel={onClose}
        onSubmit={() => {
          if (canSubmit) {
            setPending({ amount, lineIds: mode === 'lines' ? lineIds : [], reason: reason.trim() });
          }
        }}
        testId="refund-dialog"
      >
        <p className="text-[14px] text-slate-600">
          {t('refund.refundable', { amount: money(order.refundable) })}
        </p>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('refund.mode')}</legend>
          {(['full', 'lines', 'amount'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-[15px]">
              <input
                type="radio"
                name="refund-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                data-testid={`refund-mode-${value}`}
              />
              {t(`refund.modes.${value}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'lines' ? (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('refund.lines')}</legend>
            {openLines.map((line) => (
              <label key={line._id.$id} className="flex items-center gap-2 text-[14px]">
                <input
                  type="checkbox"
                  checked={lineIds.includes(line._id.$id)}
                  onChange={(event) =>
                    setLineIds((current) =>
                      event.target.checked
                        ? [...current, line._id.$id]
                        : current.filter((id) => id !== line._id.$id),
                    )
                  }
                  data-testid="refund-line"
                />
                <bdi>{line.name || '—'}</bdi>
                <span className="text-slate-500">
                  · <bdi>{localize(line.price_title, language)}</bdi> ·{' '}
                  {money(line.amount - line.refunded_amount)}
                </span>
              </label>
            ))}
            <p className="text-[13px] text-slate-500">{t('refund.linesHint')}</p>
          </fieldset>
        ) : null}
        {mode === 'amount' ? (
          <Field
            label={t('refund.amount', { currency: order.currency })}
            inputMode="decimal"
            value={amountText}
            placeholder={yuanText(order.refundable)}
            onChange={(event) => setAmountText(event.target.value)}
            error={amountError}
            data-testid="refund-amount"
          />
        ) : null}
        <Field
          label={t('refund.reason')}
          value={reason}
          maxLength={500}
          required
          onChange={(event) => setReason(event.target.value)}
          data-testid="refund-reason"
        />
        <p className="text-[15px] font-semibold text-slate-900" data-testid="refund-total">
          {t('refund.total', { amount: money(amount) })}
        </p>
      </FormDialog>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('refund.confirmTitle', { amount: money(pending?.amount ?? 0) })}
        body={t('refund.confirmBody', { number: order.number })}
        confirmLabel={t('refund.confirm')}
        cancelLabel={t('refund.cancel')}
        onConfirm={() => pending && refund.mutate(pending)}
        onCancel={() => setPending(null)}
        isBusy={refund.isPending}
      />
    </>
  );
}

/** A label and its value in the order's summary. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[12px] text-slate-500">{label}</dt>
      <dd className="text-[15px] text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * `#/console/meetings/:meetingId/commerce/orders/:orderId` (DESIGN §7; §3 Order, §4 Order): one
 * order — status, amounts, buyer, its lines, payments, refunds and audit trail — and, for
 * finance.refund, the refund dialog.
 */
function OrderRoute() {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '', orderId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const canRefund = canDo(meeting?.actions, 'finance.refund');
  const [isRefunding, setRefunding] = useState(false);
  const payStatus = usePayStatus();
  const channelName = useChannelName();
  const query = useQuery(orderQuery(meetingId, orderId));
  const order = query.data;
  const money = (cents: number) => formatMoney(cents, order?.currency ?? 'CNY', language);
  const when = (seconds: number | null) =>
    seconds
      ? formatDate(seconds * 1000, timeZone, language, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })
      : '—';

  const back = (
    <Link
      to={commerceScreens.orders(meetingId)}
      className="inline-flex items-center gap-1 text-[14px] text-primary"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('order.back')}
    </Link>
  );

  return (
    <ConsolePage
      title={order ? t('order.title', { number: order.number }) : t('order.loading')}
      description={back}
      actions={
        order && canRefund && order.refundable > 0 ? (
          <Button size="sm" onClick={() => setRefunding(true)} data-testid="order-refund">
            <Undo2 aria-hidden="true" className="size-4" />
            {t('refund.button')}
          </Button>
        ) : null
      }
      testId="console-order"
    >
      {query.isPending ? (
        <Card className="p-4">
          <TableSkeleton rows={6} />
        </Card>
      ) : query.isError || !order ? (
        <Card>
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <div className="space-y-4">
          <Card className="p-4">
            <dl className="grid grid-cols-2 gap-4 desk:grid-cols-4">
              <Fact label={t('orders.columns.status')}>
                <OrderStatusBadge order={order} />
              </Fact>
              <Fact label={t('orders.columns.total')}>
                <span data-testid="order-total">{money(order.total)}</span>
              </Fact>
              <Fact label={t('order.paid')}>{money(order.paid_amount)}</Fact>
              <Fact label={t('order.refunded')}>
                <span data-testid="order-refunded">{money(order.refund_amount)}</span>
              </Fact>
              <Fact label={t('orders.columns.buyer')}>
                <bdi>{order.name || '—'}</bdi>
              </Fact>
              <Fact label={t('orders.columns.channel')}>{channelName(order.pay_channel)}</Fact>
              <Fact label={t('orders.columns.created')}>{when(order.create_time)}</Fact>
              <Fact label={t('order.paidAt')}>{when(order.pay_time)}</Fact>
            </dl>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 text-[16px] font-semibold">{t('order.lines')}</h2>
            <ul className="divide-y divide-slate-100" data-testid="order-lines">
              {order.lines.map((line) => (
                <li key={line._id.$id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">
                      <bdi>{line.name || '—'}</bdi>
                      {line.cancelled === 1 ? (
                        <span className="ms-2 text-[12px] text-red-700">{t('order.cancelled')}</span>
                      ) : null}
                    </p>
                    <p className="text-[13px] text-slate-500">
                      <bdi>{localize(line.activity_title, language)}</bdi> ·{' '}
                      <bdi>{localize(line.price_title, language)}</bdi>
                      {line.coupon_code ? ` · ${line.coupon_code}` : ''}
                    </p>
                  </div>
                  <div className="text-end text-[14px] tabular-nums">
                    <p>{money(line.amount)}</p>
                    {line.discount > 0 ? (
                      <p className="text-[12px] text-slate-500">
                        {t('order.discount', { amount: money(line.discount) })}
                      </p>
                    ) : null}
                    {line.refunded_amount > 0 ? (
                      <p className="text-[12px] text-slate-500">
                        {t('orders.refunded', { amount: money(line.refunded_amount) })}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <div className="grid gap-4 desk:grid-cols-2">
            <Card className="p-4">
              <h2 className="mb-3 text-[16px] font-semibold">{t('order.payments')}</h2>
              {order.payments.length === 0 ? (
                <p className="text-[14px] text-slate-500">{t('order.none')}</p>
              ) : (
                <ul className="space-y-2 text-[14px]">
                  {order.payments.map((p) => (
                    <li key={p._id} className="flex justify-between gap-2">
                      <span>
                        {channelName(p.channel)} · {payStatus(p.status)}
                        <span className="block text-[12px] text-slate-500">
                          {when(p.pay_time ?? p.create_time)}
                        </span>
                      </span>
                      <span className="tabular-nums">{money(p.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card className="p-4">
              <h2 className="mb-3 text-[16px] font-semibold">{t('order.refunds')}</h2>
              {order.refunds.length === 0 ? (
                <p className="text-[14px] text-slate-500">{t('order.none')}</p>
              ) : (
                <ul className="space-y-2 text-[14px]" data-testid="order-refunds">
                  {order.refunds.map((r) => (
                    <li key={r._id} className="flex justify-between gap-2">
                      <span className="min-w-0">
                        <bdi>{r.reason}</bdi> · {payStatus(r.status)}
                        <span className="block text-[12px] text-slate-500">{when(r.create_time)}</span>
                      </span>
                      <span className="tabular-nums">{money(r.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <Card className="p-4">
            <h2 className="mb-3 text-[16px] font-semibold">{t('order.audit')}</h2>
            {order.audit.length === 0 ? (
              <p className="text-[14px] text-slate-500">{t('order.none')}</p>
            ) : (
              <ul className="space-y-1 text-[13px] text-slate-600">
                {order.audit.map((a) => (
                  <li
                    key={`${a.create_time}-${a.action}-${a.actor_user_id ?? ''}-${JSON.stringify(a.after).length}`}
                  >
                    {when(a.create_time)} · {a.action === 'finance.refund' ? t('refund.button') : a.action}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <RefundDialog order={order} isOpen={isRefunding} onClose={() => setRefunding(false)} />
        </div>
      )}
    </ConsolePage>
  );
}

export { OrderRoute as Component };
