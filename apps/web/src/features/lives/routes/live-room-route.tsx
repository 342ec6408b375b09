import type { LivePermission, LiveSocketEvent, LiveSummary } from '@app/contracts';
import { liveLimits } from '@app/contracts/wire/live-limits.ts';
import { localize, toMilliseconds } from '@app/domain';
import { CalendarClock, MessageCircle, UsersRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn, useSession } from '../../../lib/use-session.ts';
import {
  sendHeartbeat,
  useCheckoutLive,
  useLive,
  useLivePermission,
  useLiveSubscription,
  useRefreshRoom,
} from '../api/lives.ts';
import { subtitleCues, useSubtitleProbe } from '../api/subtitles-probe.ts';
import { ChatPanel } from '../components/chat-panel.tsx';
import { CountdownText } from '../components/countdown-text.tsx';
import { LiveBadge } from '../components/live-badge.tsx';
import { countdownParts, useServerClock } from '../components/live-clock.ts';
import { LivePlayer } from '../components/live-player.tsx';
import {
  AccessAction,
  AccessNotice,
  accessText,
  ReminderButton,
  SourceFailed,
  StageNotice,
  StateNotice,
} from '../components/room-stage.tsx';

/**
 * The subtitle controls and overlay (once the picture has played), and the minutes (after the end):
 * loaded only for a live that has them (§1).
 */
const RoomSubtitles = lazy(() => import('../components/room-subtitles.tsx'));
const MinutesPanel = lazy(() => import('../components/minutes-panel.tsx'));

/** A refusal that means "no such live here" (§2: unknown, malformed, deleted or hidden → /404). */
const isMissing = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 403;

/**
 * /meeting/live/detail?live_id= (§2 live room; §1 Watch live streams; §4 Live states; §6; §9): the
 * picture on top and the chat below on phones (beside it on desktops), like a chat app's live room.
 * - coming soon: the cover, a countdown on the server's clock ticking every second (§9), "Remind me"
 *   (§9 reminder) — at the start the room asks the server again and turns into the stream;
 * - streaming / replay: the player (tap to play; hls.js, mpegts.js or the plain video), a heartbeat
 *   every 30 s while it plays, the online count; no play address or a dead one says 'Failed to
 *   obtain live source' with a retry (§8);
 * - paused / ended: a notice over the cover;
 * - no permission (§6): the message with the way forward — log in, register, buy the pass (checkout,
 *   then the order's pay page) — or the message alone for a private live;
 * - the chat, the share button, the description. Socket events re-read the state live.
 */
function LiveRoomRoute() {
  const { ready } = useTranslation(['lives', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [liveId = ''] = useSearchState('live_id');
  const isLoggedIn = useIsLoggedIn(meetingId);
  const live = useLive(meetingId, liveId);
  const permission = useLivePermission(liveId, isLoggedIn);

  if (!liveId) return <Navigate to={paths.notFound()} replace />;
  if (live.isError) {
    return isMissing(live.error) ? (
      <Navigate to={paths.notFound()} replace />
    ) : (
      <ErrorState className="py-24" onRetry={() => void live.refetch()} />
    );
  }
  if (live.data === null) return <Navigate to={paths.notFound()} replace />;
  if (permission.isError) {
    return isMissing(permission.error) ? (
      <Navigate to={paths.notFound()} replace />
    ) : (
      <ErrorState className="py-24" onRetry={() => void permission.refetch()} />
    );
  }
  if (live.isPending || permission.isPending || !ready) return <RoomSkeleton />;
  return (
    // One room per live: another live_id starts afresh (player, failures, online count, tab).
    <Room
      key={liveId}
      live={live.data}
      permission={permission.data}
      receivedAt={permission.dataUpdatedAt}
      isLoggedIn={isLoggedIn}
    />
  );
}

function Room({
  live,
  permission,
  receivedAt,
  isLoggedIn,
}: {
  live: LiveSummary;
  permission: LivePermission;
  receivedAt: number;
  isLoggedIn: boolean;
}) {
  const { t } = useTranslation(['lives', 'common']);
  const { t: tc } = useTranslation('common');
  // The minutes tab's name: its catalogue arrives beside the room, never holding it up.
  const { t: ts, ready: hasSubtitleWords } = useTranslation('subtitles', { useSuspense: false });
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const timeZone = meeting.time_zone;
  const liveId = live._id.$id;
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshRoom(liveId);
  const subscription = useLiveSubscription(liveId);
  const checkout = useCheckoutLive(liveId);
  const now = useServerClock(permission.now, receivedAt);
  const [online, setOnline] = useState<number | null>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // `tab=minutes` (the minutes mail's link, §9) opens the minutes.
  const [tabQuery] = useSearchState('tab');
  const [tab, setTab] = useState<'chat' | 'about' | 'minutes'>(tabQuery === 'minutes' ? 'minutes' : 'chat');
  const stageRef = useRef<HTMLDivElement>(null);

  const state = permission.state;
  const title = localize(live.title, language);
  const description = localize(live.description, language);
  const loginTo = paths.login({ meetingId, redirect: `${location.pathname}${location.search}` });
  const canWatch = permission.permission === 1;
  const hasPicture = state === 'streaming' || state === 'replay';
  // After the end: the minutes (§1), a tab of their own on phones.
  const hasMinutes = canWatch && (state === 'ended' || state === 'replay');
  // Subtitles join the picture once it has played (like a player's captions button): a room opened
  // without playing fetches none of their code (DESIGN §10 budget).
  const [hasPlayed, setHasPlayed] = useState(false);
  if (isPlaying && !hasPlayed) setHasPlayed(true);
  const subtitles = useSubtitleProbe(liveId, canWatch && hasPicture && hasPlayed);

  // The start or the end has come on the server's clock: ask again (after a second, so the server's
  // own clock has passed it too); asks again while the answer still says the old state.
  const dueAt =
    state === 'coming_soon' ? live.start : state === 'streaming' || state === 'paused' ? live.end : null;
  const isDue = dueAt !== null && now >= dueAt;
  useEffect(() => {
    // receivedAt: each answer that still says the old state starts the next wait.
    if (!isDue || receivedAt === 0) return;
    const timer = setTimeout(() => void refresh(), 1000);
    return () => clearTimeout(timer);
  }, [isDue, receivedAt, refresh]);

  // The player's heartbeat while it plays (online count, §7 GET /lives/users).
  useEffect(() => {
    if (!isPlaying) return;
    const beat = () =>
      sendHeartbeat(liveId).then(
        (answer) => setOnline(answer.online),
        () => {},
      );
    void beat();
    const timer = setInterval(beat, liveLimits.heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [isPlaying, liveId]);

  const onRoomEvent = (event: LiveSocketEvent) => {
    if (event.type === 'state') void refresh();
    else if (event.type === 'online') setOnline(event.online);
    else if (event.type === 'subtitle') subtitleCues.emit(event.cue);
    else if (event.type === 'moderated') {
      if (event.banned === 1) showToast(t('lives:moderate.youBanned'));
      else showToast(t(event.muted === 1 ? 'lives:moderate.youMuted' : 'lives:moderate.youUnmuted'));
      void refresh();
    }
  };

  const buy = () =>
    checkout.mutate(
      { expectedTotal: permission.price },
      {
        onSuccess: ({ orders }) => {
          const order = orders[0];
          if (!order) return;
          navigate(orderPaths.detail({ meetingId, checkoutId: order._id.$id, token: order.pay_token }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'live.already_permitted') {
            void refresh();
            return;
          }
          // The caller's account cannot answer the pass's registration form (a required name, an ID
          // number …): the activity's page sells the same ticket type with the form.
          if (error instanceof ApiError && error.status === 400 && permission.activity_id) {
            showToast(t('lives:access.completeForm'));
            navigate(activityPaths.activity.detail({ meetingId, activityId: permission.activity_id.$id }));
            return;
          }
          if (error instanceof ApiError && error.code === 4340) {
            showToast(t('lives:access.priceChanged'));
            void refresh();
            return;
          }
          showToast(apiErrorMessage(error, tc));
        },
      },
    );

  const toggleReminder = () =>
    subscription.mutate(permission.subscribed !== 1, {
      onSuccess: (answer) =>
        showToast(t(answer.subscribed === 1 ? 'lives:reminder.onToast' : 'lives:reminder.offToast')),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'live.already_started') {
          showToast(t('lives:reminder.started'));
          void refresh();
          return;
        }
        showToast(apiErrorMessage(error, tc));
      },
    });

  const accessAction = (
    <AccessAction
      permission={permission}
      meetingId={meetingId}
      loginTo={loginTo}
      onBuy={buy}
      isBuying={checkout.isPending}
    />
  );

  let stage: ReactNode;
  if (state === 'coming_soon') {
    const left = countdownParts(live.start, now);
    stage = (
      <StageNotice
        cover={live.cover}
        title={
          <span className="flex flex-col items-center gap-1">
            <span className="font-normal text-[13px] text-white/80">{t('lives:countdown.startsIn')}</span>
            <CountdownText
              days={left.days}
              clock={left.clock}
              className="font-semibold text-[26px] tracking-wide desk:text-[34px]"
              testId="live-countdown"
            />
          </span>
        }
        description={`${formatDate(toMilliseconds(live.start), timeZone, language, { weekday: 'short', day: 'numeric', month: 'short' })} ${formatTimeRange(toMilliseconds(live.start), toMilliseconds(live.end), timeZone, language)}`}
        testId="live-coming-soon"
      >
        <ReminderButton
          isSubscribed={permission.subscribed === 1}
          isBusy={subscription.isPending}
          onToggle={toggleReminder}
          loginTo={loginTo}
          isLoggedIn={isLoggedIn}
        />
      </StageNotice>
    );
  } else if (state === 'paused' || state === 'ended') {
    stage = <StateNotice cover={live.cover} state={state} />;
  } else if (!canWatch) {
    stage = (
      <AccessNotice cover={live.cover} permission={permission}>
        {accessAction}
      </AccessNotice>
    );
  } else if (!permission.play_url || !permission.play_type || failedUrl === permission.play_url) {
    stage = (
      <SourceFailed
        cover={live.cover}
        onRetry={() => {
          setFailedUrl(null);
          setAttempt((n) => n + 1);
          void refresh();
        }}
      />
    );
  } else {
    const url = permission.play_url;
    stage = (
      <LivePlayer
        key={`${url} ${attempt}`}
        url={url}
        type={permission.play_type}
        poster={live.cover}
        onFatal={() => setFailedUrl(url)}
        onPlayingChange={setPlaying}
      />
    );
  }

  const shownOnline = online ?? live.online;
  const about = (
    <section className="flex flex-col gap-3 px-4 py-4 desk:px-0" aria-label={t('lives:room.about')}>
      <p className="inline-flex items-center gap-1.5 text-[14px] text-slate-600">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="tabular-nums">
          {formatDate(toMilliseconds(live.start), timeZone, language, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
          })}{' '}
          {formatTimeRange(toMilliseconds(live.start), toMilliseconds(live.end), timeZone, language)}
        </span>
      </p>
      {description ? (
        <Paragraphs text={description} className="text-[15px] text-slate-700" />
      ) : (
        <p className="text-[14px] text-slate-400">{t('lives:room.noDescription')}</p>
      )}
    </section>
  );

  return (
    <div
      className="pb-4 desk:grid desk:grid-cols-[minmax(0,1fr)_360px] desk:gap-6 desk:pt-6 desk:pb-8"
      data-testid="live-room"
    >
      <div className="min-w-0">
        <div
          ref={stageRef}
          className="relative aspect-video w-full overflow-hidden bg-slate-900 desk:rounded-card"
          data-state={state}
        >
          {stage}
          {hasPicture && hasPlayed && subtitles.data && subtitles.data.state !== 'off' ? (
            <Suspense fallback={null}>
              <RoomSubtitles
                liveId={liveId}
                probe={subtitles.data}
                isReplay={state === 'replay'}
                stageRef={stageRef}
              />
            </Suspense>
          ) : null}
        </div>
        <header className="flex items-start gap-3 px-4 pt-3 pb-2 desk:px-0 desk:pt-4">
          <div className="min-w-0 flex-1">
            <h1 className="line-clamp-2 font-semibold text-[17px] text-slate-900 leading-snug desk:text-2xl">
              <bdi>{title}</bdi>
            </h1>
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-slate-500">
              <LiveBadge state={state} />
              {(hasPicture || state === 'paused') && shownOnline > 0 ? (
                <span className="inline-flex items-center gap-1 tabular-nums" data-testid="live-online">
                  <UsersRound aria-hidden="true" className="size-3.5" />
                  {t('lives:online', { count: shownOnline })}
                </span>
              ) : null}
              {!canWatch && state === 'coming_soon' ? (
                <span className="text-slate-600" data-testid="live-access-hint">
                  {accessText(permission, t, language)}
                </span>
              ) : null}
            </div>
          </div>
          <ShareButton
            link={{ type: 'live', meetingId, id: liveId, lang: language }}
            title={title}
            look="icon"
            className="-me-2 shrink-0"
          />
        </header>
        {!canWatch &&
        state === 'coming_soon' &&
        permission.reason !== 'private' &&
        permission.reason !== 'banned' ? (
          <div className="px-4 pb-2 desk:px-0">{accessAction}</div>
        ) : null}

        <div
          role="tablist"
          aria-label={t('lives:room.sections')}
          className="flex gap-6 border-slate-200 border-b px-4 desk:hidden"
        >
          {(hasMinutes ? (['chat', 'about', 'minutes'] as const) : (['chat', 'about'] as const)).map(
            (value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                onClick={() => setTab(value)}
                className={cx(
                  '-mb-px border-b-2 py-2.5 font-medium text-[15px]',
                  tab === value ? 'border-primary text-slate-900' : 'border-transparent text-slate-500',
                )}
              >
                {value === 'minutes'
                  ? hasSubtitleWords
                    ? ts('minutes.tab')
                    : ''
                  : t(value === 'chat' ? 'lives:chat.title' : 'lives:room.about')}
              </button>
            ),
          )}
        </div>
        <div className={cx(tab === 'about' ? 'block' : 'hidden', 'desk:block')}>{about}</div>
        {hasMinutes ? (
          <div className={cx(tab === 'minutes' ? 'block' : 'hidden', 'desk:block')}>
            <Suspense fallback={<SkeletonText lines={4} className="px-4 py-4 desk:px-0" />}>
              <MinutesPanel liveId={liveId} />
            </Suspense>
          </div>
        ) : null}
      </div>

      <aside
        className={cx(
          tab === 'chat' || (tab === 'minutes' && !hasMinutes) ? 'flex' : 'hidden',
          'h-[max(320px,calc(100dvh-116px-56.25vw-7.5rem))] flex-col desk:sticky desk:top-24 desk:flex desk:h-[min(720px,calc(100dvh-8rem))] desk:overflow-hidden desk:rounded-card desk:ring-1 desk:ring-slate-900/[0.06]',
        )}
      >
        {canWatch ? (
          <ChatPanel
            className="flex-1"
            liveId={liveId}
            userId={isLoggedIn ? (session.userId ?? '') : ''}
            isLoggedIn={isLoggedIn}
            canChat={permission.can_chat === 1}
            canModerate={permission.can_moderate === 1}
            isChatEnabled={live.chat_enabled === 1}
            loginTo={loginTo}
            onRoomEvent={onRoomEvent}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-white px-6 py-10 text-center text-[14px] text-slate-500">
            <MessageCircle aria-hidden="true" className="size-6 text-slate-400" />
            {t('lives:chat.locked')}
          </div>
        )}
      </aside>
    </div>
  );
}

function RoomSkeleton() {
  return (
    <div className="desk:grid desk:grid-cols-[minmax(0,1fr)_360px] desk:gap-6 desk:pt-6" aria-busy="true">
      <div>
        <Skeleton className="aspect-video w-full rounded-none desk:rounded-card" />
        <div className="space-y-2 px-4 pt-3 desk:px-0">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="px-4 pt-6 desk:px-0 desk:pt-0">
        <SkeletonText lines={4} />
      </div>
    </div>
  );
}

export { LiveRoomRoute as Component };
