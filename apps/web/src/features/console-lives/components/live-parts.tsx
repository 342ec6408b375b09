import type { ConsoleLive, LiveStateName } from '@app/contracts';
import type { Language } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { clockTime, formatDate, zoneSuffix } from '../../../lib/time.ts';

const stateStyles: Record<LiveStateName, string> = {
  coming_soon: 'bg-sky-50 text-sky-800 ring-sky-200',
  streaming: 'bg-red-50 text-red-700 ring-red-200',
  paused: 'bg-amber-50 text-amber-800 ring-amber-200',
  ended: 'bg-slate-100 text-slate-600 ring-slate-200',
  replay: 'bg-violet-50 text-violet-800 ring-violet-200',
};

/** A live's shown state (§4: coming soon, streaming, paused, ended, replay) as a coloured badge. */
export function LiveStateBadge({ state }: { state: LiveStateName }) {
  const { t } = useTranslation('console-lives');
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        stateStyles[state],
      )}
      data-testid="console-live-state"
    >
      {state === 'streaming' ? <span className="size-1.5 animate-pulse rounded-full bg-red-600" /> : null}
      {t(`state.${state}`)}
    </span>
  );
}

/**
 * `Thu, 22 Aug 2026 14:30 – 15:30` in the meeting's zone (§2 time rule: the zone's name is added when
 * the device reads another clock); the end's date too when it ends on another day.
 */
export function liveWindow(live: Pick<ConsoleLive, 'start' | 'end'>, timeZone: string, language: Language) {
  const day = (seconds: number) =>
    formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' });
  const start = `${day(live.start)} ${clockTime(live.start * 1000, timeZone, language)}`;
  const end =
    day(live.end) === day(live.start)
      ? clockTime(live.end * 1000, timeZone, language)
      : `${day(live.end)} ${clockTime(live.end * 1000, timeZone, language)}`;
  return `${start} – ${end}${zoneSuffix(live.start * 1000, timeZone, language)}`;
}

/** One figure: a number over its label. */
export function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: number;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={cx('rounded-card bg-slate-50 px-3 py-2.5 ring-1 ring-slate-100', className)}
      data-testid={testId}
    >
      <p className="text-[20px] font-semibold text-slate-900 tabular-nums">{value}</p>
      <p className="text-xs text-slate-500">{label}</p>
    </div>
  );
}

/** The five figures of a live (§7 GET /lives/users online; heartbeats, chat, reminders). */
export function LiveFigures({ live }: { live: ConsoleLive }) {
  const { t } = useTranslation('console-lives');
  return (
    <div className="grid grid-cols-2 gap-2 desk:grid-cols-5" data-testid="console-live-figures">
      <Figure label={t('figures.online')} value={live.online} testId="console-live-online" />
      <Figure label={t('figures.peak')} value={live.viewer_peak} />
      <Figure label={t('figures.viewers')} value={live.viewer_total} />
      <Figure label={t('figures.chats')} value={live.chat_total} />
      <Figure
        label={t('figures.subscribers')}
        value={live.subscriber_total}
        className="col-span-2 desk:col-span-1"
      />
    </div>
  );
}
