import type { ConsoleOrder } from '@app/contracts';
import { formatMoney as formatDomainMoney } from '@app/domain/commerce';
import { type SelectHTMLAttributes, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * Shared pieces of the console's commerce screens: money (§9 cents shown in yuan with the currency
 * sign), the order status badge (§4 Order colours), a labelled select and the error messages.
 */

/** Cents as money in the language with its minor unit, e.g. 12345 CNY → ¥123.45, 0 → ¥0.00 (§9). */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return formatDomainMoney(cents, currency, language, { zeroAsFree: false, alwaysFraction: true });
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Yuan text of a form field (e.g. '12.5') as cents, or null when it is not a number ≥ 0 with ≤ 2 decimals. */
export function centsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the text a form field shows ('12.50'). */
export function yuanText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A labelled native select; logical spacing so Arabic mirrors. */
export function SelectField({
  label,
  options,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="h-11 min-w-0 rounded-card bg-white ps-3 pe-8 text-[15px] text-slate-900 ring-1 ring-slate-200 focus:outline-none focus:ring-2 focus:ring-primary"
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** §4 Order: done and refunded grey, done green, pending orange, others grey. */
export function OrderStatusBadge({ order }: { order: Pick<ConsoleOrder, 'status' | 'refund_flag'> }) {
  const { t } = useTranslation('console-commerce');
  const isRefunded = order.status === 'done' && order.refund_flag === 1;
  const tone = isRefunded
    ? 'bg-slate-100 text-slate-600 ring-slate-200'
    : order.status === 'done'
      ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
      : order.status === 'pending'
        ? 'bg-orange-50 text-orange-700 ring-orange-200'
        : 'bg-slate-100 text-slate-600 ring-slate-200';
  const label = isRefunded ? t('status.refunded') : t(`status.${order.status}`);
  return (
    <span
      data-testid="order-status"
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        tone,
      )}
    >
      {label}
    </span>
  );
}

const payStatuses = ['created', 'pending', 'paid', 'failed', 'closed', 'succeeded'] as const;

/** A payment's, refund's or provider's status word in the language (the status itself when unknown). */
export function usePayStatus() {
  const { t } = useTranslation('console-commerce');
  return useCallback(
    (status: string) =>
      (payStatuses as readonly string[]).includes(status)
        ? t(`payStatus.${status as (typeof payStatuses)[number]}`)
        : status,
    [t],
  );
}

/** A payment channel's name in the language (the channel itself when unknown). */
export function useChannelName() {
  const { t } = useTranslation('console-commerce');
  return useCallback(
    (channel: string | null) =>
      channel ? t(`channel.${channel}` as 'channel.sandbox', { defaultValue: channel }) : '—',
    [t],
  );
}

/** The catalogue key (namespace console-commerce) of a failed call's message. */
export function errorKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'errors.failed' as const;
  const code = String(error.code);
  if (code === 'conflict.stale') return 'errors.stale' as const;
  if (code === 'no_permission') return 'errors.noPermission' as const;
  if (code === 'coupon.code_taken') return 'errors.codeTaken' as const;
  if (code === 'refund.exceeds_paid' || code === 'refund.not_paid') return 'errors.refundTooMuch' as const;
  if (code === 'payment.credentials_invalid') return 'errors.credentials' as const;
  if (error.status === 400) return 'errors.checkFields' as const;
  return 'errors.failed' as const;
}

/** The fields a 400 answer named (`body/discount_rate` → 'discount_rate'), for marking the form. */
export function badFields(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const details = (error.data?.details ?? []) as { path?: string }[];
  return details.map((d) => String(d.path ?? '').replace(/^body[/.]/, '')).filter(Boolean);
}

/** Whether the selected meeting lets the caller do `action` (GET /console/me's actions). */
export function canDo(actions: readonly string[] | undefined, action: string): boolean {
  return actions?.includes(action) ?? false;
}

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** The day `days` before a YYYY-MM-DD day. */
export function daysBefore(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/** How far a time zone is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** Unix seconds of the first instant of a day (YYYY-MM-DD) in a time zone. */
export function dayStartSeconds(date: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const first = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  // Again at the guess, in case the offset changes that day (daylight saving).
  return Math.floor((utcMidnight - zoneOffsetMs(first, timeZone)) / 1000);
}

/** The day (YYYY-MM-DD) an instant (unix seconds) falls on in a time zone. */
export function dayOf(seconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(seconds * 1000));
}
