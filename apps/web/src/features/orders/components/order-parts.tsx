import type { Order } from '@app/contracts';
import { formatMoney } from '@app/domain/money';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';
import { formatCountdown, orderStatusView, secondsLeft } from './order-view.ts';

const tones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  orange: 'bg-orange-50 text-orange-700 ring-orange-200',
  grey: 'bg-slate-100 text-slate-600 ring-slate-200',
} as const;

/** An order's status chip (§4 Order colours); a pending one adds the time left to pay (§9 tick). */
export function OrderStatusChip({
  order,
  nowMs,
  className,
}: {
  order: Pick<Order, 'status' | 'refund_flag' | 'expires_at'>;
  nowMs?: number;
  className?: string;
}) {
  const { t } = useTranslation('orders');
  const view = orderStatusView(order);
  const left = nowMs !== undefined && view.key === 'pending' ? secondsLeft(order.expires_at, nowMs) : 0;
  return (
    <span
      data-testid="order-status"
      data-tone={view.tone}
      className={cx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        tones[view.tone],
        className,
      )}
    >
      {t(`status.${view.key}`)}
      {left > 0 ? (
        <span className="font-medium tabular-nums" dir="ltr">
          {formatCountdown(left)}
        </span>
      ) : null}
    </span>
  );
}

/** An amount in the order's currency (§9: cents shown with the currency sign; 0 'free'). */
export function useMoney() {
  const language = useLanguage();
  return (cents: number, currency: string) => formatMoney(cents, currency, language);
}

/** A moment (unix seconds) as date and time in the meeting's zone (lib/time.ts rule). */
export function useMoment(timeZone: string) {
  const language = useLanguage();
  return (seconds: number) =>
    `${formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' })} ${formatTime(seconds * 1000, timeZone, language)}`;
}
