import { useTranslation } from 'react-i18next';
import type { CopilotUsageDay } from '../api/console-copilot-api.ts';

/**
 * Questions per day as stacked bars (plain SVG, no chart library, like the console's revenue
 * chart): answered by the model in the theme colour, by the built-in assistant in teal, failed in
 * red. Drawn left to right and mirrored with a transform in Arabic; the first and last day label the
 * axis.
 */
export function UsageChart({ days, isRtl }: { days: CopilotUsageDay[]; isRtl: boolean }) {
  const { t } = useTranslation('console-copilot');
  const width = 640;
  const height = 160;
  const top = 8;
  const bottom = height - 4;
  const peak = Math.max(1, ...days.map((d) => d.model_requests + d.builtin_requests + d.failed_requests));
  const band = (width - 16) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(24, band * 0.7));
  const scale = (bottom - top) / peak;
  const total = days.reduce((sum, d) => sum + d.requests, 0);
  return (
    <figure className="w-full" data-testid="copilot-usage-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('usage.chart', { n: total, days: days.length })}
      >
        <g transform={isRtl ? `translate(${width} 0) scale(-1 1)` : undefined}>
          <line x1={8} x2={width - 8} y1={bottom} y2={bottom} className="stroke-slate-300" strokeWidth={1} />
          {days.map((day, i) => {
            const x = 8 + i * band + (band - bar) / 2;
            const parts = [
              { value: day.model_requests, className: 'fill-primary' },
              { value: day.builtin_requests, className: 'fill-teal-400' },
              { value: day.failed_requests, className: 'fill-red-400' },
            ];
            let y = bottom;
            return (
              <g key={day.day}>
                <title>{`${day.day}: ${day.requests}`}</title>
                {parts.map((part) => {
                  const h = part.value * scale;
                  if (h <= 0) return null;
                  y -= h;
                  return (
                    <rect
                      key={part.className}
                      x={x}
                      y={y}
                      width={bar}
                      height={h}
                      className={part.className}
                    />
                  );
                })}
              </g>
            );
          })}
        </g>
      </svg>
      <figcaption className="mt-1 space-y-1 text-[12px] text-slate-500">
        <span className="flex justify-between">
          <bdi dir="ltr">{days[0]?.day}</bdi>
          <bdi dir="ltr">{days[days.length - 1]?.day}</bdi>
        </span>
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" />
            {t('usage.model')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-teal-400" />
            {t('usage.builtin')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-400" />
            {t('usage.failed')}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
