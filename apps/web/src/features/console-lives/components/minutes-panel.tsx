import type { Language } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import { minutesQuery, regenerateMinutes } from '../api/console-subtitles-api.ts';

/** While minutes are being written, the panel asks again this often, in ms. */
const pendingRefreshMs = 5_000;

function Items({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h3 className="mb-1.5 text-[14px] font-semibold text-slate-800">{title}</h3>
      <ul className="list-disc space-y-1 ps-5 text-[14px] text-slate-700">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the minutes' items are plain texts that may repeat
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The minutes of an ended live (§1 minutes; §9 the link mailed within 2 hours after the end;
 * lives.edit): one tab per language they were written in, the summary, key points, decisions and
 * action items with the engine that wrote them, and "write again" (queued; the panel then polls
 * until they are ready).
 */
export function MinutesPanel({ meetingId, liveId }: { meetingId: string; liveId: string }) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const uiLanguage = useLanguage();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<string>(uiLanguage);
  const [isBusy, setBusy] = useState(false);
  const minutes = useQuery({
    ...minutesQuery(liveId, language),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? pendingRefreshMs : false),
  });

  const regenerate = async () => {
    setBusy(true);
    try {
      const answer = await regenerateMinutes(meetingId, liveId);
      showToast(answer.state === 'none' ? t('minutes.noTranscript') : t('minutes.queued'));
      await queryClient.invalidateQueries({ queryKey: ['console', 'lives', 'minutes', liveId] });
    } catch (error) {
      showToast(
        error instanceof ApiError && error.code === 'minutes.live_not_ended'
          ? t('minutes.notEnded')
          : apiErrorMessage(error, tc),
      );
    } finally {
      setBusy(false);
    }
  };

  const data = minutes.data;
  const shown = data?.minutes;
  return (
    <Card className="space-y-4 p-4 desk:p-5" data-testid="console-live-minutes">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <FileText aria-hidden="true" className="size-5 text-primary" />
            {t('minutes.title')}
          </h2>
          <p className="mt-0.5 text-[13px] text-slate-500">{t('minutes.hint')}</p>
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={isBusy}
          onClick={() => void regenerate()}
          data-testid="console-live-minutes-regenerate"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('minutes.regenerate')}
        </Button>
      </div>
      {minutes.isError ? (
        <ConsoleErrorState error={minutes.error} onRetry={() => void minutes.refetch()} />
      ) : minutes.isPending || !data ? (
        <TableSkeleton rows={3} />
      ) : data.state === 'none' ? (
        <EmptyState
          icon={<FileText aria-hidden="true" className="size-7" />}
          title={t('minutes.none')}
          description={t('minutes.noneHint')}
        />
      ) : data.state === 'pending' || !shown ? (
        <p className="rounded-card bg-slate-50 p-3 text-sm text-slate-600" role="status">
          {t('minutes.pending')}
        </p>
      ) : (
        <div className="space-y-4">
          {data.languages.length > 1 ? (
            <Tabs
              label={t('minutes.languages')}
              value={shown.language}
              onChange={setLanguage}
              items={data.languages.map((code) => ({ value: code, label: languageName(code as Language) }))}
            />
          ) : null}
          <p className="text-[12px] text-slate-500">
            {t(shown.engine === 'model' ? 'minutes.byModel' : 'minutes.byExtractive', {
              when: new Intl.DateTimeFormat(intlLocale(uiLanguage), {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(shown.created_at * 1000),
            })}
          </p>
          <section lang={shown.language} className="space-y-4">
            <p
              className="text-[14px] whitespace-pre-line text-slate-800"
              data-testid="console-live-minutes-summary"
            >
              {shown.summary}
            </p>
            <Items
              title={t('minutes.keyPoints')}
              items={shown.key_points}
              testId="console-live-minutes-points"
            />
            <Items
              title={t('minutes.decisions')}
              items={shown.decisions}
              testId="console-live-minutes-decisions"
            />
            <Items
              title={t('minutes.actions')}
              items={shown.action_items}
              testId="console-live-minutes-actions"
            />
          </section>
        </div>
      )}
    </Card>
  );
}
