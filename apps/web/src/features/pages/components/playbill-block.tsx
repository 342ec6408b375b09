import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { dayRange } from '../../../lib/zoned-days.ts';
import { BlockFrame } from './block-frame.tsx';
import { type Performance, type PerformanceMark, performancesOf, playbillDays } from './playbill.ts';
import { SmartLink } from './smart-link.tsx';

/** The clock the now/next marker reads, in unix seconds, moving on every half minute. */
function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const hasLink = (item: Performance) => Boolean(item.link?.trim() || item.mobile_link?.trim());

function PerformanceRow({
  item,
  mark,
  meetingId,
  timeZone,
}: {
  item: Performance;
  mark: PerformanceMark;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const venue = localize(item.venue ?? '', language);
  const description = localize(item.description ?? '', language);
  const body = (
    <div
      className={cx(
        'flex gap-3 rounded-card bg-white p-3.5 ring-1 transition',
        mark === 'now' ? 'ring-2 ring-primary' : 'ring-slate-900/[0.06]',
        hasLink(item) ? 'hover:ring-primary/40' : '',
      )}
    >
      {item.cover ? (
        <img src={item.cover} alt="" loading="lazy" className="size-16 shrink-0 rounded-xl object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-[13px] font-medium text-slate-500">
          <time dateTime={new Date(item.start * 1000).toISOString()} className="tabular-nums">
            {formatTimeRange(item.start * 1000, item.end * 1000, timeZone, language)}
          </time>
          {mark ? (
            <span
              data-testid={`playbill-${mark}`}
              className={cx(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                mark === 'now' ? 'bg-primary text-on-primary' : 'bg-primary/10 text-primary',
              )}
            >
              {t(mark === 'now' ? 'playbill.now' : 'playbill.next')}
            </span>
          ) : null}
        </p>
        <h3 className="mt-1 text-[16px] font-semibold text-slate-900">{localize(item.title, language)}</h3>
        {venue ? (
          <p className="mt-1 flex items-center gap-1 text-[13px] text-slate-500">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">{t('playbill.venue')}</span>
            {venue}
          </p>
        ) : null}
        {description ? (
          <p className="mt-1.5 text-[14px] leading-relaxed text-slate-600">{description}</p>
        ) : null}
      </div>
      {hasLink(item) ? (
        <ChevronRight
          aria-hidden="true"
          className="mt-1 size-4 shrink-0 self-center text-slate-400 rtl:-scale-x-100"
        />
      ) : null}
    </div>
  );
  if (!hasLink(item)) return body;
  return (
    <SmartLink fields={item} meetingId={meetingId} className="block">
      {body}
    </SmartLink>
  );
}

/**
 * A playbill (§2 /sichuan-culture/playbill): the performances grouped by day in the meeting's time
 * zone, each with its time, venue and description, the one on stage marked "now" — or, when none is,
 * the next to start marked "next" (the marker moves with the clock).
 */
export function PlaybillBlock({ block, meetingId }: { block: Block; meetingId: string }) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const timeZone = useMeeting().time_zone;
  const now = useNowSeconds();
  const days = playbillDays(performancesOf(block.data), timeZone, now);
  if (days.length === 0) return null;
  return (
    <BlockFrame block={block}>
      <div className="space-y-6" data-testid="playbill">
        {days.map((day) => (
          <section key={day.date} aria-label={t('playbill.day')}>
            <h3 className="mb-2.5 text-[15px] font-semibold text-slate-700">
              {formatDate(dayRange(day.date, timeZone).start, timeZone, language, {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
              })}
            </h3>
            <ol className="space-y-2.5">
              {day.items.map(({ performance, mark }, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: performances have no id; same-day order is by time
                <li key={`${performance.start}-${index}`}>
                  <PerformanceRow item={performance} mark={mark} meetingId={meetingId} timeZone={timeZone} />
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </BlockFrame>
  );
}
