import type { DashboardDay } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';

/** Seconds of noon UTC of a `YYYY-MM-DD` date: uPlot draws it on that date whatever the device's zone. */
const noonOf = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/**
 * Registrations per day (DESIGN §7) as bars with uPlot, which this module brings in: the dashboard
 * imports it lazily, so no other screen loads the chart library. Dates are the server's (the
 * meeting's time zone), drawn as UTC so the device's zone cannot shift them. Resizes with its box.
 */
function RegistrationsChart({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const locale = intlLocale(language);
    const dateLabel = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const data: uPlot.AlignedData = [
      days.map((day) => noonOf(day.date)),
      days.map((day) => day.registrations),
    ];
    const bars = uPlot.paths.bars?.({ size: [0.7, 28] });
    const isRtl = document.documentElement.dir === 'rtl';
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: {
          x: { time: true, dir: isRtl ? -1 : 1 },
          y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        axes: [
          {
            stroke: '#64748b',
            grid: { show: false },
            values: (_u, splits) => splits.map((seconds) => dateLabel.format(seconds * 1000)),
            side: 2,
          },
          {
            stroke: '#64748b',
            grid: { stroke: '#e2e8f0', width: 1 },
            side: isRtl ? 1 : 3,
            values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? String(value) : '')),
          },
        ],
        series: [
          {},
          {
            label: t('dashboard.registrations'),
            fill: 'rgba(31, 111, 235, 0.85)',
            stroke: 'rgb(31, 111, 235)',
            width: 0,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          },
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, language, t]);

  const total = days.reduce((sum, day) => sum + day.registrations, 0);
  return (
    <figure>
      <div ref={box} className="w-full" data-testid="console-registrations-chart" />
      <figcaption className="sr-only">{t('dashboard.chartCaption', { total, days: days.length })}</figcaption>
    </figure>
  );
}

export default RegistrationsChart;
