import type { Activity, Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { CalendarDays, LockKeyhole, MapPin, MonitorPlay, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { setStoredSource } from '../../../lib/session.ts';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { recordView, useActivity, useActivitySources } from '../api/activities.ts';
import { rememberInvite, storedInvite } from '../api/invite.ts';
import { useIsMeetingStaff, useMyTickets } from '../api/tickets.ts';
import {
  activityWhen,
  currencyOf,
  formatAmount,
  isSoldOut,
  livePrices,
  priceRange,
  ticketsLeft,
} from '../components/format.ts';
import type { ProblemKey } from '../components/problems.ts';
import { refusalKeys } from '../components/refusal.ts';
import { StateBadge, stateOf, useStateLabel } from '../components/state-badge.tsx';

// The refusal notice opens on a failed registration only: a dialog loads when it opens (DESIGN §10).
const NoticeDialog = lazy(async () => ({
  default: (await import('../../../components/ui/notice-dialog.tsx')).NoticeDialog,
}));

/**
 * /meeting/activity/detail?activity_id&source_id[&invite] (§2): cover, title, time, place, ticket types,
 * places left and state, description; the view is counted once (with the source); 'Register' opens
 * the form (after login), or explains in an acknowledge-only dialog why not (§8); holders see their
 * standing, their ticket and, when allowed, 'Edit my answers'; group registration by flow version.
 * A private activity says so ('private — by invitation', §6); opened through an invitation link, the
 * link's code is remembered and sent with the registration.
 */
function ActivityDetailRoute() {
  const { ready } = useTranslation(['activities', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [activityId] = useSearchState('activity_id');
  const [sourceId] = useSearchState('source_id');
  const [invite] = useSearchState('invite');
  const activity = useActivity(meetingId, activityId);
  useEffect(() => {
    // The channel the visitor came through is remembered like query `source` (§2, §7).
    if (sourceId) setStoredSource(sourceId);
  }, [sourceId]);
  useEffect(() => {
    if (activityId && invite) rememberInvite(activityId, invite);
  }, [activityId, invite]);

  if (!activityId) return <Navigate to={paths.notFound()} replace />;
  if (activity.isPending || !ready) return <DetailSkeleton />;
  if (activity.isError) return <ErrorState className="py-24" onRetry={() => void activity.refetch()} />;
  if (activity.data === null) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return (
    <DetailPage
      key={activityId}
      activity={activity.data}
      meetingId={meetingId}
      sourceId={sourceId}
      isInvited={Boolean(invite || storedInvite(activityId))}
    />
  );
}

function DetailPage({
  activity,
  meetingId,
  sourceId,
  isInvited,
}: {
  activity: Activity;
  meetingId: string;
  sourceId: string | undefined;
  /** Opened through an invitation link (now or earlier in this tab). */
  isInvited: boolean;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const meeting = useMeeting();
  const navigate = useNavigate();
  const gate = useLoginGate(meetingId);
  const isLoggedIn = useIsLoggedIn(meetingId);
  const id = activity._id.$id;
  const tickets = useMyTickets(meetingId, isLoggedIn, id);
  const isStaff = useIsMeetingStaff(meetingId, isLoggedIn);
  const sources = useActivitySources(id, sourceId !== undefined);
  const [notice, setNotice] = useState<ProblemKey | null>(null);
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    recordView(id, sourceId);
  }, [id, sourceId]);

  const ticket: Ticket | undefined = tickets.data?.[0];
  const source = sources.data?.find((item) => item._id.$id === sourceId) ?? null;
  const state = stateOf(activity, ticket, { source });
  const label = useStateLabel()(activity, state, meeting.time_zone);
  const title = localize(activity.title, language);
  const address = localize(activity.address, language);
  const description = localize(activity.description, language);
  const prices = livePrices(activity);
  const cover = activity.covers[0];
  const isCheckingTicket = isLoggedIn && tickets.isPending;

  const register = () =>
    gate(() => {
      if (state.refusal) setNotice(refusalKeys[state.refusal]);
      else navigate(activityPaths.activity.form({ meetingId, activityId: id }));
    });
  const groupPath =
    activity.agent_checkout_version === 'v2'
      ? activityPaths.agent.v2({ meetingId, activityId: id })
      : activityPaths.agent.v1({ meetingId, activityId: id });

  return (
    <article className="pb-36 desk:pt-8 desk:pb-10">
      {cover ? (
        <div className="aspect-[16/8] overflow-hidden bg-slate-100 desk:aspect-[16/5] desk:rounded-card">
          <img src={cover} alt="" className="size-full object-cover" />
        </div>
      ) : (
        // No cover: a slim band in the theme colour instead of a large empty picture.
        <div className="flex h-24 items-center justify-center bg-gradient-to-br from-primary/30 via-primary/10 to-white desk:h-32 desk:rounded-card">
          <CalendarDays aria-hidden="true" className="size-9 text-primary/40" />
        </div>
      )}
      <div className="space-y-6 px-4 pt-4 desk:grid desk:grid-cols-[minmax(0,1fr)_340px] desk:gap-8 desk:space-y-0 desk:px-0 desk:pt-6">
        <div className="space-y-6">
          <header className="space-y-3">
            <StateBadge {...label} className="desk:hidden" />
            {activity.privacy === 1 ? (
              <p
                className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] font-medium text-slate-600"
                data-testid="activity-private"
              >
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5">
                  <LockKeyhole aria-hidden="true" className="size-3.5" />
                  {t('detail.private')}
                </span>
                {isInvited ? <span className="text-primary">{t('detail.invited')}</span> : null}
              </p>
            ) : null}
            <h1
              className="text-[22px] leading-tight font-bold text-slate-900 desk:text-3xl"
              data-testid="activity-title"
            >
              <bdi>{title}</bdi>
            </h1>
            <ShareButton link={{ type: 'activity', meetingId, id }} title={title} className="-ms-3.5" />
            <ul className="space-y-1.5 text-[14px] text-slate-600">
              <li className="flex items-start gap-2">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <span data-testid="activity-when">{activityWhen(activity, meeting.time_zone, language)}</span>
              </li>
              <li className="flex items-start gap-2">
                {activity.offline === 1 ? (
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                ) : (
                  <MonitorPlay aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                )}
                <span>{activity.offline === 1 ? address || t('place.offline') : t('place.online')}</span>
              </li>
              {state.placesLeft !== null ? (
                <li className="flex items-start gap-2">
                  <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span data-testid="places-left">{t('detail.placesLeft', { count: state.placesLeft })}</span>
                </li>
              ) : null}
            </ul>
          </header>

          {prices.length > 0 ? (
            <section aria-labelledby="activity-tickets">
              <SectionTitle id="activity-tickets">{t('detail.ticketTypes')}</SectionTitle>
              <Card className="divide-y divide-slate-100">
                {prices.map((price) => {
                  const left = ticketsLeft(price);
                  const priceDescription = localize(price.description, language);
                  return (
                    <div key={price._id.$id} className="flex items-start justify-between gap-3 px-4 py-3">
                      <div className="min-w-0">
                        <p className="text-[15px] font-medium text-slate-900">
                          {localize(price.title, language)}
                        </p>
                        {priceDescription ? (
                          <p className="mt-0.5 text-[13px] text-slate-500">{priceDescription}</p>
                        ) : null}
                        <p className="mt-0.5 text-xs">
                          {isSoldOut(price) ? (
                            <span className="font-medium text-red-500">{t('price.soldOut')}</span>
                          ) : left !== null ? (
                            <span className="text-slate-500">{t('price.left', { count: left })}</span>
                          ) : null}
                        </p>
                      </div>
                      <span className="shrink-0 text-[15px] font-semibold text-primary tabular-nums">
                        {formatAmount(price.amount, t('price.free'), language, currencyOf(activity))}
                      </span>
                    </div>
                  );
                })}
              </Card>
            </section>
          ) : null}

          {description ? (
            <section aria-labelledby="activity-about">
              <SectionTitle id="activity-about">{t('detail.about')}</SectionTitle>
              <Paragraphs text={description} />
            </section>
          ) : null}
        </div>

        <aside className="desk:self-start">
          <Card className="fixed inset-x-0 bottom-[calc(60px+env(safe-area-inset-bottom))] z-30 space-y-2 rounded-none p-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] desk:static desk:z-auto desk:space-y-2.5 desk:rounded-card desk:p-5 desk:shadow-none">
            <div className="mb-3 space-y-1 max-desk:hidden">
              <p className="text-xl font-bold text-primary tabular-nums">
                {priceRange(prices, t('price.free'), language, currencyOf(activity))}
              </p>
              <StateBadge {...label} />
            </div>
            {ticket ? (
              <HolderActions
                ticketId={ticket._id.$id}
                meetingId={meetingId}
                activityId={id}
                canResubmit={state.canResubmit}
              />
            ) : (
              <Button
                className="w-full"
                onClick={register}
                disabled={isCheckingTicket}
                data-testid="activity-register"
              >
                {t('detail.register')}
              </Button>
            )}
            <div className="flex gap-2">
              {activity.enable_agent === 1 && !ticket ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="flex-1"
                  onClick={() => gate(() => navigate(groupPath))}
                  data-testid="activity-group"
                >
                  {t('detail.groupRegister')}
                </Button>
              ) : null}
              <Link
                to={activityPaths.activity.participants({ meetingId, activityId: id })}
                className={buttonClass('ghost', 'sm', 'flex-1')}
                data-testid="activity-participants"
              >
                {t('detail.participants')}
              </Link>
              {isStaff.data ? (
                <Link
                  to={activityPaths.activity.checkIn({ meetingId, activityId: id })}
                  className={buttonClass('ghost', 'sm', 'flex-1')}
                  data-testid="activity-check-in"
                >
                  {t('detail.checkIn')}
                </Link>
              ) : null}
            </div>
          </Card>
        </aside>
      </div>
      {notice ? (
        <Suspense fallback={null}>
          <NoticeDialog
            isOpen
            title={t(`errors.${notice}`)}
            acknowledgeLabel={t('actions.gotIt')}
            onClose={() => setNotice(null)}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** A holder's actions: their ticket, and 'Edit my answers' while resubmission is allowed (§4). */
function HolderActions({
  ticketId,
  meetingId,
  activityId,
  canResubmit,
}: {
  ticketId: string;
  meetingId: string;
  activityId: string;
  canResubmit: boolean;
}) {
  const { t } = useTranslation('activities');
  return (
    <div className="flex gap-2">
      <Link
        to={activityPaths.registration.ticket({ meetingId, ticketId })}
        className={buttonClass('primary', 'md', 'flex-1')}
        data-testid="activity-view-ticket"
      >
        {t('detail.viewTicket')}
      </Link>
      {canResubmit ? (
        <Link
          to={activityPaths.activity.form({ meetingId, activityId, ticketId })}
          className={buttonClass('secondary', 'md', 'flex-1')}
          data-testid="activity-edit-answers"
        >
          {t('detail.editAnswers')}
        </Link>
      ) : null}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="pb-8 desk:pt-8" aria-busy="true">
      <Skeleton className="aspect-[16/8] rounded-none desk:aspect-[16/5] desk:rounded-card" />
      <div className="space-y-3 px-4 pt-4 desk:px-0">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <SkeletonText lines={4} className="pt-4" />
      </div>
    </div>
  );
}

export { ActivityDetailRoute as Component };
