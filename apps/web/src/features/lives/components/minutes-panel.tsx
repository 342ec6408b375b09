import { ClipboardList, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';
import { useLiveMinutes } from '../api/subtitles.ts';

/** A language's name in the viewer's language (Intl), e.g. "English", "中文". */
function languageName(code: string, viewer: string): string {
  try {
    return new Intl.DisplayNames([viewer], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One titled list of the minutes (key points, decisions, action items); "None recorded" when empty. */
function MinutesList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  const { t } = useTranslation('subtitles');
  return (
    <section data-testid={testId}>
      <h3 className="mb-1.5 text-[14px] font-semibold text-slate-900">{title}</h3>
      {items.length > 0 ? (
        <ul className="list-disc space-y-1 ps-5 text-[14px] text-slate-700 marker:text-primary">
          {items.map((item) => (
            <li key={item} dir="auto">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-[13px] text-slate-400">{t('minutes.nothing')}</p>
      )}
    </section>
  );
}

/**
 * The minutes of an ended live (§1 minutes; §9 the mail's link opens them: `tab=minutes`): GET
 * /lives/{id}/minutes in the viewer's language (the server falls back to the transcript's), a
 * picker for the other languages they were written in, the summary, key points, decisions and action
 * items as plain text, and who wrote them (the AI model, or sentences picked from the transcript).
 * 'pending' says they are being written, with a check again; 'none' that there was no transcript.
 */
export default function MinutesPanel({ liveId }: { liveId: string }) {
  const { t } = useTranslation('subtitles');
  const viewer = useLanguage();
  const meeting = useMeeting();
  const [language, setLanguage] = useState<string>(viewer);
  const minutes = useLiveMinutes(liveId, language);

  if (minutes.isPending) return <SkeletonText lines={5} className="px-4 py-4 desk:px-0" />;
  if (minutes.isError) return <ErrorState onRetry={() => void minutes.refetch()} />;
  const answer = minutes.data;
  if (answer.state !== 'ready' || !answer.minutes) {
    return (
      <div data-testid="live-minutes" data-state={answer.state}>
        <EmptyState
          icon={<ClipboardList aria-hidden="true" className="size-7" />}
          title={t('minutes.tab')}
          description={answer.state === 'pending' ? t('minutes.pending') : t('minutes.none')}
          action={
            answer.state === 'pending' ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void minutes.refetch()}
                disabled={minutes.isFetching}
              >
                <RotateCw aria-hidden="true" className="size-4" />
                {t('minutes.refresh')}
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }
  const shown = answer.minutes;
  const written = shown.created_at * 1000;
  return (
    <section
      className="flex flex-col gap-4 px-4 py-4 desk:mt-2 desk:rounded-card desk:bg-white desk:p-5 desk:ring-1 desk:ring-slate-900/[0.06]"
      aria-label={t('minutes.tab')}
      lang={shown.language}
      data-testid="live-minutes"
      data-state="ready"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-[17px] font-semibold text-slate-900">
          <ClipboardList aria-hidden="true" className="size-5 text-primary" />
          {t('minutes.tab')}
        </h2>
        {answer.languages.length > 1 ? (
          <select
            value={shown.language}
            onChange={(event) => setLanguage(event.target.value)}
            aria-label={t('minutes.language')}
            data-testid="live-minutes-language"
            className="h-8 rounded-full bg-slate-100 px-3 text-[13px] text-slate-700 outline-none focus:ring-2 focus:ring-primary"
          >
            {answer.languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code, viewer)}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <p className="text-[12px] text-slate-500" lang={viewer}>
        {t(shown.engine === 'model' ? 'minutes.engineModel' : 'minutes.engineExtractive')} ·{' '}
        <span className="tabular-nums">
          {formatDate(written, meeting.time_zone, viewer, { day: 'numeric', month: 'short' })}{' '}
          {formatTime(written, meeting.time_zone, viewer)}
        </span>
      </p>
      <section data-testid="live-minutes-summary">
        <h3 className="mb-1.5 text-[14px] font-semibold text-slate-900">{t('minutes.summary')}</h3>
        <p className="whitespace-pre-line text-[15px] leading-relaxed text-slate-700" dir="auto">
          {shown.summary}
        </p>
      </section>
      <MinutesList title={t('minutes.keyPoints')} items={shown.key_points} testId="live-minutes-key-points" />
      <MinutesList title={t('minutes.decisions')} items={shown.decisions} testId="live-minutes-decisions" />
      <MinutesList
        title={t('minutes.actionItems')}
        items={shown.action_items}
        testId="live-minutes-actions"
      />
    </section>
  );
}
