import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import { usageQuery } from '../api/console-copilot-api.ts';
import { CopilotSections, formatCount, formatMicros } from '../components/copilot-parts.tsx';
import { UsageChart } from '../components/usage-chart.tsx';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range the server answers, in days. */
const maxRangeDays = 366;

/** `YYYY-MM-DD` of a UTC day `n` days before today. */
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * `#/console/meetings/:meetingId/copilot/usage` (copilot.review; §1 copilot): questions per UTC day
 * between two days (the last 30 by default, at most 366) — answered by the model, by the built-in
 * assistant, failed — the tokens and their cost at the prices of the settings, a bar chart and the
 * totals.
 */
function UsageRoute() {
  const { t, i18n } = useTranslation('console-copilot');
  const locale = intlLocale(useLanguage());
  const { meetingId = '' } = useParams();
  const [from, setFrom] = useState(utcDay(29));
  const [to, setTo] = useState(utcDay(0));
  const isValid =
    dayPattern.test(from) && dayPattern.test(to) && from <= to && spanDays(from, to) <= maxRangeDays;
  const usage = useQuery({ ...usageQuery(meetingId, from, to), enabled: isValid });
  const data = usage.data;
  const money = (micros: number) => formatMicros(micros, data?.currency ?? 'CNY', locale);
  const count = (n: number) => formatCount(n, locale);
  const usedDays = data?.days.filter((d) => d.requests > 0) ?? [];
  return (
    <ConsolePage title={t('title')} description={t('usage.description')} testId="console-copilot-usage">
      <CopilotSections meetingId={meetingId} />
      <DateRangeFields
        from={from}
        to={to}
        fromLabel={t('usage.from')}
        toLabel={t('usage.to')}
        onFromChange={setFrom}
        onToChange={setTo}
      />
      <Card className="p-4">
        {!isValid ? (
          <p className="text-[14px] text-red-700" role="alert">
            {t('usage.badRange', { max: maxRangeDays })}
          </p>
        ) : usage.isPending ? (
          <TableSkeleton rows={4} />
        ) : usage.isError || !data ? (
          <ConsoleErrorState error={usage.error} onRetry={() => void usage.refetch()} />
        ) : (
          <div className="space-y-5">
            <dl className="grid grid-cols-2 gap-3 desk:grid-cols-4" data-testid="copilot-usage-totals">
              <div>
                <dt className="text-[12px] text-slate-500">{t('usage.requests')}</dt>
                <dd className="text-[17px] font-semibold tabular-nums">{count(data.totals.requests)}</dd>
              </div>
              <div>
                <dt className="text-[12px] text-slate-500">{t('usage.builtinShare')}</dt>
                <dd className="text-[17px] font-semibold tabular-nums">
                  {count(data.totals.builtin_requests)}
                </dd>
              </div>
              <div>
                <dt className="text-[12px] text-slate-500">{t('usage.tokens')}</dt>
                <dd className="text-[17px] font-semibold tabular-nums">
                  {count(data.totals.prompt_tokens + data.totals.completion_tokens)}
                </dd>
              </div>
              <div>
                <dt className="text-[12px] text-slate-500">{t('usage.cost')}</dt>
                <dd className="text-[17px] font-semibold tabular-nums" data-testid="copilot-usage-cost">
                  {money(data.totals.cost_micros)}
                </dd>
              </div>
            </dl>
            <UsageChart days={data.days} isRtl={i18n.dir() === 'rtl'} />
            {usedDays.length === 0 ? (
              <EmptyState
                icon={<BarChart3 aria-hidden="true" className="size-7" />}
                title={t('usage.empty')}
              />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-[14px]" data-testid="copilot-usage-table">
                  <caption className="sr-only">{t('usage.caption')}</caption>
                  <thead>
                    <tr className="text-[12px] text-slate-500">
                      <th className="whitespace-nowrap px-2 py-1 text-start font-medium">{t('usage.day')}</th>
                      {(
                        [
                          'requests',
                          'model',
                          'builtin',
                          'failed',
                          'inputTokens',
                          'outputTokens',
                          'cost',
                        ] as const
                      ).map((key) => (
                        <th key={key} className="whitespace-nowrap px-2 py-1 text-end font-medium">
                          {t(`usage.${key}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {usedDays.map((day) => (
                      <tr key={day.day}>
                        <td className="whitespace-nowrap px-2 py-1.5" dir="ltr">
                          {day.day}
                        </td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.requests)}</td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.model_requests)}</td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.builtin_requests)}</td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.failed_requests)}</td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.prompt_tokens)}</td>
                        <td className="px-2 py-1.5 text-end tabular-nums">{count(day.completion_tokens)}</td>
                        <td className="whitespace-nowrap px-2 py-1.5 text-end font-medium tabular-nums">
                          {money(day.cost_micros)}
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
    </ConsolePage>
  );
}

export { UsageRoute as Component };
