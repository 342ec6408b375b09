import type { Order, PaymentChannelName } from '@app/contracts';
import { AlertCircle, CreditCard, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { currentEnvironment } from '../../../lib/environment.ts';
import { lastPaymentFailed, startPayment, useChannels } from '../api/orders.ts';
import { useMoney } from './order-parts.tsx';
import { paymentEnvironment } from './order-view.ts';
import { markPaying, payInWeChat } from './wechat-pay.ts';

/** The QR renderer loads only when a code is shown (the `qrcode` library, DESIGN §10). */
export const LazyQrCode = lazy(() =>
  import('../../../components/ui/qr-code.tsx').then((module) => ({ default: module.QrCode })),
);

/**
 * Paying a pending order (§2 /my/order/{checkoutId}): the channels of the meeting's provider that
 * fit this environment (§1), then the start the server answers: a redirect to the provider's page
 * (location.assign), a QR for WeChat Native on a desktop (the page polls the order meanwhile), or
 * WeChat JSAPI inside WeChat. A refused or failed start shows 'Payment failed' (§8) with a retry.
 */
export function PayPanel({
  order,
  token,
  returnUrl,
  isExpired,
  onQrShown,
  onSettled,
}: {
  order: Order;
  /** The pay token when the page was opened from a pay QR (another device). */
  token: string | undefined;
  /** The absolute address of this order's page, where the provider sends the payer back. */
  returnUrl: string;
  /** The time to pay has run out (the page's countdown). */
  isExpired: boolean;
  /** A QR was shown (the page polls the order every 2 s until done). */
  onQrShown: () => void;
  /** The order may have changed (paid in WeChat, refused as expired): read it again. */
  onSettled: () => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const money = useMoney();
  const env = paymentEnvironment(currentEnvironment());
  const channels = useChannels(order._id.$id, env, token, !isExpired);
  const [picked, setPicked] = useState<PaymentChannelName | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [qr, setQr] = useState<string | undefined>();
  // A start refused here, or the provider's page reporting a failure (the latest payment attempt).
  const [hasFailed, setFailed] = useState(() => lastPaymentFailed(order));
  const failedNow = lastPaymentFailed(order);
  useEffect(() => {
    if (failedNow) {
      setFailed(true);
      setQr(undefined);
    }
  }, [failedNow]);
  const list = channels.data ?? [];
  const channel = picked && list.includes(picked) ? picked : list[0];

  const pay = async () => {
    if (!channel) return;
    setBusy(true);
    setFailed(false);
    try {
      const { start } = await startPayment(order._id.$id, { channel, token, returnUrl });
      if (start.kind === 'redirect') {
        markPaying(order._id.$id);
        window.location.assign(start.url);
        return; // the page is leaving; stay busy
      }
      if (start.kind === 'qr') {
        setQr(start.code_url);
        onQrShown();
      } else {
        const result = await payInWeChat(start.params);
        if (result === 'fail') setFailed(true);
        onSettled();
      }
      setBusy(false);
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiError ? String(error.code) : '';
      if (code === 'order.not_pending' || code === 'order.expired') onSettled();
      else setFailed(true);
    }
  };

  if (isExpired) return null;
  return (
    <Card className="space-y-4 p-4 desk:p-5" data-testid="pay-panel">
      {qr ? (
        <div className="flex flex-col items-center gap-3 text-center" data-testid="pay-qr">
          <p className="font-semibold text-slate-900">{t('pay.scanTitle')}</p>
          <Suspense fallback={<Skeleton className="size-52 rounded-lg" />}>
            <LazyQrCode
              value={qr}
              label={t('pay.scanTitle')}
              className="size-52 rounded-lg ring-1 ring-slate-200"
            />
          </Suspense>
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t('pay.waiting')}
          </p>
          <p className="text-xs text-slate-400">{t('pay.scanHint')}</p>
        </div>
      ) : (
        <>
          <h2 className="text-base font-semibold text-slate-900">{t('pay.choose')}</h2>
          {channels.isPending ? (
            <div className="space-y-2" aria-busy="true">
              <Skeleton className="h-12 rounded-card" />
            </div>
          ) : channels.isError ? (
            <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
              <span>{t('common:states.errorDescription')}</span>
              <Button variant="secondary" size="sm" onClick={() => void channels.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-500" data-testid="no-channels">
              {t('pay.noChannels')}
            </p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="sr-only">{t('pay.choose')}</legend>
              {list.map((item) => (
                <label
                  key={item}
                  className={cx(
                    'flex cursor-pointer items-center gap-3 rounded-card p-3.5 ring-1 transition-colors',
                    item === channel
                      ? 'bg-primary/5 ring-2 ring-primary'
                      : 'bg-white ring-slate-200 hover:bg-slate-50',
                  )}
                  data-testid="pay-channel"
                >
                  <input
                    type="radio"
                    name="pay-channel"
                    value={item}
                    checked={item === channel}
                    onChange={() => setPicked(item)}
                    className="size-4.5 shrink-0 accent-[var(--app-primary)]"
                  />
                  <CreditCard aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                  <span className="text-[15px] font-medium text-slate-900">{t(`channels.${item}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {hasFailed ? (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-card bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200"
              data-testid="pay-failed"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="block font-semibold">{t('pay.failed')}</span>
                {t('pay.failedHint')}
              </span>
            </div>
          ) : null}
          <Button
            className="w-full"
            onClick={() => void pay()}
            disabled={isBusy || !channel}
            data-testid="pay-button"
          >
            {isBusy
              ? t('pay.starting')
              : hasFailed
                ? t('common:actions.retry')
                : t('pay.payAmount', { amount: money(order.total, order.currency) })}
          </Button>
        </>
      )}
    </Card>
  );
}
