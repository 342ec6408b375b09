import type { ConsoleSubtitleSettings, SubtitleLanguage } from '@app/contracts';
import { enabledLanguages, type Language } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Captions, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import { meetingQueryOptions } from '../api/console-lives-api.ts';
import {
  consoleSubtitleKeys,
  saveSubtitleSettings,
  subtitleSettingsQuery,
} from '../api/console-subtitles-api.ts';

/** The status refreshes this often while the worker runs or waits, in ms. */
const statusRefreshMs = 10_000;
/** Target languages per live (subtitles.contracts subtitleLimits.maxTargetLanguages). */
const maxTargets = 10;

const stateTone: Record<ConsoleSubtitleSettings['status']['state'], string> = {
  off: 'bg-slate-100 text-slate-600',
  waiting: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
  running: 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
  ended: 'bg-slate-100 text-slate-600',
  unavailable: 'bg-red-50 text-red-700 ring-1 ring-red-200',
};

/**
 * A live's AI subtitles (§1 AI subtitles and translation; lives.edit): on or off, the spoken
 * language, the languages to translate into (from the meeting's enabled ones, at most 10), and the
 * worker's status — state, cues so far, the last delay, the last error — refreshed while it runs.
 * Without a provider that can transcribe it says what to set (AI_BASE_URL and AI_STT_MODEL).
 */
export function SubtitlesPanel({ meetingId, liveId }: { meetingId: string; liveId: string }) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const locale = intlLocale(useLanguage());
  const queryClient = useQueryClient();
  const meeting = useQuery(meetingQueryOptions(meetingId));
  const settings = useQuery({
    ...subtitleSettingsQuery(meetingId, liveId),
    refetchInterval: (query) => {
      const state = query.state.data?.status.state;
      return state === 'running' || state === 'waiting' ? statusRefreshMs : false;
    },
  });
  const languages: Language[] = meeting.data
    ? enabledLanguages(meeting.data.config.language as Record<string, unknown> | undefined)
    : [];
  const [enabled, setEnabled] = useState<0 | 1>(0);
  const [source, setSource] = useState<SubtitleLanguage>('zh');
  const [targets, setTargets] = useState<SubtitleLanguage[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    setEnabled(loaded.enabled);
    setSource(loaded.source_language);
    setTargets(loaded.target_languages);
  }, [loaded]);

  if (settings.isError) {
    return <ConsoleErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (settings.isPending || !loaded) return <TableSkeleton rows={4} />;

  const status = loaded.status;
  const sourceOptions = [...new Set<string>([...languages, loaded.source_language])];
  const toggleTarget = (code: SubtitleLanguage) =>
    setTargets((current) =>
      current.includes(code) ? current.filter((c) => c !== code) : [...current, code].slice(0, maxTargets),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const saved = await saveSubtitleSettings(meetingId, liveId, {
        enabled,
        source_language: source,
        target_languages: targets.filter((code) => code !== source),
      });
      queryClient.setQueryData(consoleSubtitleKeys.settings(meetingId, liveId), saved);
      showToast(t('subtitles.saved'));
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.code === 'subtitles.language_not_enabled'
          ? t('subtitles.languageNotEnabled')
          : apiErrorMessage(caught, tc);
      setError(message);
      showToast(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-4 desk:p-5" data-testid="console-live-subtitles">
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Captions aria-hidden="true" className="size-5 text-primary" />
              {t('subtitles.title')}
            </h2>
            <p className="mt-0.5 text-[13px] text-slate-500">{t('subtitles.hint')}</p>
          </div>
          <span
            className={`rounded-full px-2.5 py-0.5 text-[12px] font-medium ${stateTone[status.state]}`}
            data-testid="console-live-subtitles-state"
          >
            {t(`subtitles.state.${status.state}`)}
          </span>
        </div>

        {status.available ? null : (
          <p
            className="flex items-start gap-2 rounded-card bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            role="status"
            data-testid="console-live-subtitles-unavailable"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('subtitles.unavailable')}{' '}
              <bdi dir="ltr" className="font-mono text-[12px]">
                AI_BASE_URL, AI_STT_MODEL
              </bdi>
            </span>
          </p>
        )}

        <label className="flex items-start justify-between gap-3 rounded-card bg-slate-50 p-3 ring-1 ring-slate-200">
          <span className="min-w-0">
            <span className="block text-[14px] font-medium text-slate-800">{t('subtitles.enable')}</span>
            <span className="block text-[12px] text-slate-500">{t('subtitles.enableHint')}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={enabled === 1}
            checked={enabled === 1}
            data-testid="console-live-subtitles-enable"
            onChange={(event) => setEnabled(event.target.checked ? 1 : 0)}
            className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
          />
        </label>

        <div className="desk:max-w-xs">
          <SelectField
            label={t('subtitles.source')}
            value={source}
            testId="console-live-subtitles-source"
            onChange={(value) => setSource(value as SubtitleLanguage)}
            options={sourceOptions.map((code) => ({ value: code, label: languageName(code as Language) }))}
          />
        </div>

        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('subtitles.targets')}</legend>
          <p className="mb-2 text-[12px] text-slate-500">{t('subtitles.targetsHint', { max: maxTargets })}</p>
          <div className="flex flex-wrap gap-2" data-testid="console-live-subtitles-targets">
            {languages
              .filter((code) => code !== source)
              .map((code) => (
                <label
                  key={code}
                  className="inline-flex h-9 items-center gap-2 rounded-full bg-white px-3 text-sm ring-1 ring-slate-200 has-[:checked]:bg-primary/10 has-[:checked]:ring-primary"
                >
                  <input
                    type="checkbox"
                    value={code}
                    checked={targets.includes(code as SubtitleLanguage)}
                    onChange={() => toggleTarget(code as SubtitleLanguage)}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                  {languageName(code)}
                </label>
              ))}
          </div>
        </fieldset>

        <dl className="grid grid-cols-2 gap-3 rounded-card bg-slate-50 p-3 text-sm desk:grid-cols-3">
          <div>
            <dt className="text-[12px] text-slate-500">{t('subtitles.cues')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="console-live-subtitles-cues">
              {new Intl.NumberFormat(locale).format(status.cue_count)}
            </dd>
          </div>
          <div>
            <dt className="text-[12px] text-slate-500">{t('subtitles.delay')}</dt>
            <dd className="font-semibold tabular-nums">
              {status.last_delay_ms === null
                ? '—'
                : t('subtitles.seconds', {
                    n: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
                      status.last_delay_ms / 1000,
                    ),
                  })}
            </dd>
          </div>
          {status.error ? (
            <div className="col-span-2 desk:col-span-1">
              <dt className="text-[12px] text-slate-500">{t('subtitles.error')}</dt>
              <dd className="break-words text-red-700">{status.error}</dd>
            </div>
          ) : null}
        </dl>

        {error ? (
          <p role="alert" className="text-[13px] text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy} data-testid="console-live-subtitles-save">
            {isBusy ? t('subtitles.saving') : t('subtitles.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
