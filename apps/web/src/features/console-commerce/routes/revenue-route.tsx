import type { CommerceRevenue } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { reconciliationQuery, revenueQuery } from '../api/console-commerce-api.ts';
import { daysBefore, formatMoney, todayIn, useChannelName, usePayStatus } from '../components/parts.tsx';
import { commerceScreens } from '../console-commerce-screens.ts';

/**
 * Net revenue per day as bars (plain SVG, no chart library): paid above the line in the theme
 * colour, refunds below in red; the day labels are the first and last day. Mirrors in Arabic through
 * the surrounding direction (the SVG is drawn left to right and flipped with a transform).
 */
function RevenueChart({ revenue, isRtl }: { revenue: CommerceRevenue; isRtl: boolean }) {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const days = revenue.days;
  const peak = Math.max(1, ...days.map((d) => d.paid), ...days.map((d) => d.refunded));
  const width = 640;
  const height = 200;
  const top = 8;
  const middle = top + (height - 2 * top) * 0.75;
  const band = (width - 16) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(28, band * 0.7));
  const scaleUp = (middle - top) / peak;
  const scaleDown = (height - top - middle) / peak;
  return (
    <figure className="w-full" data-testid="revenue-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-48 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('revenue.chart', {
          paid: formatMoney(revenue.totals.paid, revenue.currency, language),
          refunded: formatMoney(revenue.totals.refunded, revenue.currency, language),
        })}
      >
        <g transform={isRtl ? `translate(${width} 0) scale(-1 1)` : undefined}>
          <line x1={8} x2={width - 8} y1={middle} y2={middle} className="stroke-slate-300" strokeWidth={1} />
          {days.map((day, i) => {
            const x = 8 + i * band + (band - bar) / 2;
            const up = day.paid * scaleUp;
            const down = day.refunded * scaleDown;
            return (
              <g key={day.date}>
                <title>{`${day.date}: ${formatMoney(day.net, revenue.currency, language)}`}</title>
                {up > 0 ? (
                  <rect x={x} y={middle - up} width={bar} height={up} rx={2} className="fill-primary" />
                ) : null}
                {down > 0 ? (
                  <rect x={x} y={middle} width={bar} height={down} rx={2} className="fill-red-400" />
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      {/* First day at the start, last at the end: mirrored with the chart in Arabic. */}
      <figcaption className="flex justify-between text-[12px] text-slate-500">
        <bdi dir="ltr">{days[0]?.date}</bdi>
        <bdi dir="ltr">{days[days.length - 1]?.date}</bdi>
      </figcaption>
    </figure>
  );
}

function Reconciliation({ meetingId, date }: { meetingId: string; date: string }) {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const payStatus = usePayStatus();
  const channelName = useChannelName();
  const query = useQuery(reconciliationQuery(meetingId, date));
  if (query.isPending) return <TableSkeleton rows={3} />;
  if (query.isError) return <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { items, mismatches } = query.data;
  if (items.length === 0) {
    return (
      <EmptyState icon={<Scale aria-hidden="true" className="size-7" />} title={t('reconciliation.empty')} />
    );
  }
  return (
    <div data-testid="reconciliation">
      <p className="mb-2 text-[14px]" data-testid="reconciliation-summary">
        {mismatches > 0
          ? t('reconciliation.mismatches', { n: mismatches, total: items.length })
          : t('reconciliation.allMatch', { total: items.length })}
      </p>
      <ul className="divide-y divide-slate-100 text-[14px]">
        {items.map((item) => (
          <li key={item.payment_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <Link
                to={commerceScreens.order(meetingId, item.order_id.$id)}
                className="font-medium text-primary"
                dir="ltr"
              >
                {item.order_number}
              </Link>
              <span className="ms-2 text-slate-500">{channelName(item.channel)}</span>
            </span>
            <span className="tabular-nums">
              {t('reconciliation.ours', {
                status: payStatus(item.status),
                amount: formatMoney(item.amount, 'CNY', language),
              })}
              {' · '}
              {item.provider_status === null
                ? t('reconciliation.queryFailed')
                : t('reconciliation.theirs', {
                    status: payStatus(item.provider_status),
                    amount: formatMoney(item.provider_amount ?? 0, 'CNY', language),
                  })}
            </span>
            {item.problem ? (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-[12px] font-semibold text-red-700 ring-1 ring-red-200">
                {t(`reconciliation.problem.${item.problem}`)}
              </span>
            ) : (
              <span className="text-[12px] text-emerald-700">{t('reconciliation.match')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `#/console/meetings/:meetingId/commerce/revenue` (DESIGN §7; §3 Order, §9 cents): paid, refunded
 * and net per day and channel between two days of the meeting's time zone (last 30 days by
 * default), a bar chart of the days, the totals, and the reconciliation of one day's payments with
 * the provider (mismatches first). finance.read.
 */
function RevenueRoute() {
  const { t, i18n } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const zone = meeting?.time_zone || 'Asia/Shanghai';
  const channelName = useChannelName();
  const today = todayIn(zone);
  const [from, setFrom] = useState(daysBefore(today, 29));
  const [to, setTo] = useState(today);
  const [day, setDay] = useState(today);
  const isRangeValid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const query = useQuery({ ...revenueQuery(meetingId, from, to), enabled: isRangeValid });
  const revenue = query.data;
  const money = (cents: number) => formatMoney(cents, revenue?.currency ?? 'CNY', language);
  return (
    <ConsolePage
      title={t('revenue.title')}
      description={t('revenue.description', { zone })}
      testId="console-revenue"
    >
      <DateRangeFields
        from={from}
        to={to}
        fromLabel={t('revenue.from')}
        toLabel={t('revenue.to')}
        onFromChange={setFrom}
        onToChange={setTo}
      />
      <Card className="mb-4 p-4">
        {!isRangeValid ? (
          <p className="text-[14px] text-red-700">{t('revenue.badRange')}</p>
        ) : query.isPending ? (
          <TableSkeleton rows={4} />
        ) : query.isError || !revenue ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="space-y-4">
            <dl className="grid grid-cols-3 gap-3" data-testid="revenue-totals">
              {(['paid', 'refunded', 'net'] as const).map((key) => (
                <div key={key}>
                  <dt className="text-[12px] text-slate-500">{t(`revenue.${key}`)}</dt>
                  <dd className="text-[17px] font-semibold tabular-nums">{money(revenue.totals[key])}</dd>
                </div>
              ))}
            </dl>
            <RevenueChart revenue={revenue} isRtl={i18n.dir() === 'rtl'} />
            {revenue.rows.length === 0 ? (
              <EmptyState
                icon={<BarChart3 aria-hidden="true" className="size-7" />}
                title={t('revenue.empty')}
              />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-[14px]" data-testid="revenue-table">
                  <caption className="sr-only">{t('revenue.title')}</caption>
                  <thead>
                    <tr className="text-start text-[12px] text-slate-500">
                      <th className="whitespace-nowrap px-2 py-1 text-start font-medium">
                        {t('revenue.day')}
                      </th>
                      <th className="whitespace-nowrap px-2 py-1 text-start font-medium">
                        {t('orders.columns.channel')}
                      </th>
                      <th className="whitespace-nowrap px-2 py-1 text-end font-medium">
                        {t('revenue.paid')}
                      </th>
                      <th className="whitespace-nowrap px-2 py-1 text-end font-medium">
                        {t('revenue.refunded')}
                      </th>
                      <th className="whitespace-nowrap px-2 py-1 text-end font-medium">{t('revenue.net')}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {revenue.rows.map((row) => (
                      <tr key={`${row.date}-${row.channel}`}>
                        <td className="whitespace-nowrap px-2 py-1.5" dir="ltr">
                          {row.date}
                        </td>
                        <td className="px-2 py-1.5">{row.channel ? channelName(row.channel) : '—'}</td>
                        <td className="whitespace-nowrap px-2 py-1.5 text-end tabular-nums">
                          {money(row.paid)}
                        </td>
                        <td className="whitespace-nowrap px-2 py-1.5 text-end tabular-nums">
                          {money(row.refunded)}
                        </td>
                        <td className="whitespace-nowrap px-2 py-1.5 text-end font-medium tabular-nums">
                          {money(row.net)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </Card>
      <Card className="p-4">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-[16px] font-semibold">{t('reconciliation.title')}</h2>
          <Field
            label={t('reconciliation.date')}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            data-testid="reconciliation-date"
          />
        </div>
        {/^\d{4}-\d{2}-\d{2}$/.test(day) ? <Reconciliation meetingId={meetingId} date={day} /> : null}
      </Card>
    </ConsolePage>
  );
}

export { RevenueRoute as Component };
