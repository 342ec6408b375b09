import type { ConsoleLive } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { livePaths } from '../../../lib/lives-paths.ts';
import { consoleLiveKeys, deleteLive, liveQueryOptions, pauseLive } from '../api/console-lives-api.ts';
import { ChatTab } from '../components/chat-tab.tsx';
import { IngestPanel } from '../components/ingest-panel.tsx';
import { LiveForm } from '../components/live-form.tsx';
import { LiveFigures, LiveStateBadge, liveWindow } from '../components/live-parts.tsx';
import { MinutesPanel } from '../components/minutes-panel.tsx';
import { SubtitlesPanel } from '../components/subtitles-panel.tsx';
import { UsersTab } from '../components/users-tab.tsx';
import { ViewersTab } from '../components/viewers-tab.tsx';
import { livesScreens } from '../console-lives-screens.ts';

type Tab = 'overview' | 'settings' | 'subtitles' | 'chat' | 'users' | 'viewers';
/** The live's figures refresh this often while it is on (streaming or paused), in ms. */
const ongoingRefreshMs = 10_000;

/** Overview: pause or resume, the figures and the ingest panel. */
function Overview({
  meetingId,
  live,
  onDelete,
}: {
  meetingId: string;
  live: ConsoleLive;
  onDelete: () => void;
}) {
  const { t } = useTranslation('console-lives');
  return (
    <div className="flex flex-col gap-5">
      <Card className="flex flex-col gap-4 p-4 desk:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600">
          <LiveStateBadge state={live.state} />
          <span>{t(`access.${live.access}`)}</span>
          <span aria-hidden="true">·</span>
          <span>{t(`source.${live.source_kind}`)}</span>
          {live.chat_enabled ? null : (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('chat.off')}</span>
            </>
          )}
        </div>
        {live.paused ? (
          <p
            className="rounded-card bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            role="status"
          >
            {t('pause.pausedNotice')}
          </p>
        ) : null}
        <LiveFigures live={live} />
      </Card>
      <IngestPanel meetingId={meetingId} liveId={live._id.$id} isIngest={live.source_kind === 'ingest'} />
      <div className="flex justify-end">
        <Button size="sm" variant="secondary" onClick={onDelete} data-testid="console-live-delete">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('delete')}
        </Button>
      </div>
    </div>
  );
}

/**
 * `#/console/meetings/:meetingId/lives/:liveId` (lives.edit; §3 Live, §4 Live states, §6, §7 Lives):
 * one live, its state and window, pause/resume (confirmed; the room hears it at once), delete
 * (confirmed), a link to its public room, and tabs (`?tab=`): overview (figures refreshed while it
 * streams, ingest key), settings (the editor), subtitles (AI subtitles; the minutes once it ended), and with lives.moderate the chat moderation, its users
 * (muted, banned, allowed) and its viewers.
 */
function LiveRoute() {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { meetingId = '', liveId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const canModerate = meeting?.actions.includes('lives.moderate') ?? false;
  const live = useQuery({
    ...liveQueryOptions(meetingId, liveId),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'streaming' || state === 'paused' ? ongoingRefreshMs : false;
    },
  });
  const [confirming, setConfirming] = useState<'pause' | 'delete' | null>(null);
  const [isBusy, setBusy] = useState(false);

  const tabs: Tab[] = canModerate
    ? ['overview', 'settings', 'subtitles', 'chat', 'users', 'viewers']
    : ['overview', 'settings', 'subtitles'];
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'overview';

  const keep = (saved: ConsoleLive) => {
    queryClient.setQueryData(consoleLiveKeys.one(meetingId, liveId), saved);
    void queryClient.invalidateQueries({ queryKey: consoleLiveKeys.all(meetingId), exact: true });
  };

  if (live.isPending || live.isError) {
    return (
      <ConsolePage title={t('liveTitle')} testId="console-live">
        <Card>
          {live.isPending ? (
            <TableSkeleton rows={6} />
          ) : (
            <ConsoleErrorState error={live.error} onRetry={() => void live.refetch()} />
          )}
        </Card>
      </ConsolePage>
    );
  }

  const data = live.data;
  const confirm = async () => {
    setBusy(true);
    try {
      if (confirming === 'pause') {
        const saved = await pauseLive(meetingId, liveId, data.paused ? 0 : 1);
        keep(saved);
        showToast(saved.paused ? t('pause.paused') : t('pause.resumed'));
      } else if (confirming === 'delete') {
        await deleteLive(meetingId, liveId);
        await queryClient.invalidateQueries({ queryKey: consoleLiveKeys.all(meetingId), exact: true });
        showToast(t('deleted'));
        navigate(livesScreens.list(meetingId), { replace: true });
      }
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <ConsolePage
      title={localize(data.title, language) || t('table.untitled')}
      description={liveWindow(data, timeZone, language)}
      testId="console-live"
      actions={
        <>
          <ButtonLink to={livesScreens.list(meetingId)} variant="secondary" size="sm">
            {t('back')}
          </ButtonLink>
          <a
            href={`#${livePaths.room({ meetingId, liveId })}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-9 items-center gap-1.5 rounded-button px-3 text-sm text-primary ring-1 ring-slate-200 hover:bg-primary/10"
          >
            <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('openRoom')}
          </a>
          <Button
            size="sm"
            variant={data.paused ? 'primary' : 'secondary'}
            onClick={() => setConfirming('pause')}
            data-testid="console-live-pause"
          >
            {data.paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            {data.paused ? t('pause.resume') : t('pause.pause')}
          </Button>
        </>
      }
    >
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className="scrollbar-none -mx-4 mb-5 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 desk:mx-0 desk:px-0"
      >
        {tabs.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            data-testid={`console-live-tab-${value}`}
            onClick={() =>
              setSearch(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('tab', value);
                  return next;
                },
                { replace: true },
              )
            }
            className={cx(
              '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition',
              tab === value
                ? 'border-primary text-primary'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t(`tabs.${value}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'overview' ? (
          <Overview meetingId={meetingId} live={data} onDelete={() => setConfirming('delete')} />
        ) : null}
        {tab === 'settings' ? (
          <LiveForm key={liveId} meetingId={meetingId} timeZone={timeZone} live={data} onSaved={keep} />
        ) : null}
        {tab === 'subtitles' ? (
          <div className="flex flex-col gap-5">
            <SubtitlesPanel meetingId={meetingId} liveId={liveId} />
            {data.state === 'ended' || data.state === 'replay' ? (
              <MinutesPanel meetingId={meetingId} liveId={liveId} />
            ) : null}
          </div>
        ) : null}
        {tab === 'chat' ? (
          <ChatTab
            meetingId={meetingId}
            liveId={liveId}
            timeZone={timeZone}
            isLive={data.state === 'streaming' || data.state === 'paused'}
          />
        ) : null}
        {tab === 'users' ? <UsersTab meetingId={meetingId} liveId={liveId} access={data.access} /> : null}
        {tab === 'viewers' ? <ViewersTab meetingId={meetingId} live={data} timeZone={timeZone} /> : null}
      </div>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={
          confirming === 'delete'
            ? t('deleteConfirm')
            : data.paused
              ? t('pause.resumeConfirm')
              : t('pause.pauseConfirm')
        }
        body={
          confirming === 'delete'
            ? t('deleteBody')
            : data.paused
              ? t('pause.resumeBody')
              : t('pause.pauseBody')
        }
        confirmLabel={
          confirming === 'delete' ? t('delete') : data.paused ? t('pause.resume') : t('pause.pause')
        }
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </ConsolePage>
  );
}

export { LiveRoute as Component };
